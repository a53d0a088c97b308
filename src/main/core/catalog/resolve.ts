/**
 * Finding the catalog entry a user means by a model id (issue 12). In order:
 * 1. the full `provider/model` id, ignoring case;
 * 2. `provider/model` where the provider exists but writes the model another
 *    way (dots for dashes, or through an alias such as `-latest`, `-0` or a date);
 * 3. a bare model id: the user's own /v1/models list first, then the maker's
 *    own entry (`claude-*` at anthropic, `gpt-*` at openai, …), then the
 *    maker's alias for it (`claude-sonnet-4` → `claude-sonnet-4-0`), then a
 *    single entry or entries that agree on the window; when they disagree and
 *    none is the maker's, the id is ambiguous and the candidates are listed.
 * Every answer carries a sentence saying which entry was used and why.
 */
import type { ResolvedModel } from '../../../shared/contract/models';
import { LoupeError } from '../../../shared/errors';
import { DEFAULT_WINDOW_TOKENS, foldBudgetTokens, reserveTokens } from '../../../shared/fold';
import type { Catalog, CatalogRecord } from './catalog';
import { toModelInfo } from './catalog';
import { FIRST_PARTY, makerOf, MAKER_NAMES } from './makers';

/** Candidates named in an ambiguity message before "and N more". */
const NAMED = 8;

const n = (v: number) => v.toLocaleString('en-US');
/** Ids compared the way people write them: case and dot-versus-dash do not matter. */
const loose = (id: string) => id.toLowerCase().replace(/\./g, '-');
const ALIAS_SUFFIX = /^(latest|0|\d{8}|\d{4}-\d{2}-\d{2})$/;

const found = (r: CatalogRecord, matchedBy: ResolvedModel['matchedBy'], note: string): ResolvedModel => ({
  ...toModelInfo(r),
  known: true,
  matchedBy,
  note,
});

/**
 * The entry of `records` that is `wanted` written another way: the same id
 * with dots for dashes, or an alias of it: `-latest`, then `-0`, then the newest dated one.
 */
export function aliasIn(records: readonly CatalogRecord[], wanted: string): CatalogRecord | null {
  const want = loose(wanted);
  const same = records.find((r) => loose(r.modelId) === want);
  if (same) return same;
  const aliases = records
    .map((r) => ({ r, rest: loose(r.modelId).startsWith(`${want}-`) ? loose(r.modelId).slice(want.length + 1) : null }))
    .filter((a): a is { r: CatalogRecord; rest: string } => a.rest !== null && ALIAS_SUFFIX.test(a.rest));
  const rank = (rest: string) => (rest === 'latest' ? 'z2' : rest === '0' ? 'z1' : rest.replace(/-/g, ''));
  aliases.sort((a, b) => (rank(a.rest) < rank(b.rest) ? 1 : rank(a.rest) > rank(b.rest) ? -1 : 0));
  return aliases[0]?.r ?? null;
}

function windowOf(r: CatalogRecord): number {
  return toModelInfo(r).window;
}

function byBareId(catalog: Catalog, id: string): ResolvedModel | null {
  const candidates = catalog.byModelIdLower.get(id.toLowerCase()) ?? [];
  const count = candidates.length === 1 ? 'the only entry' : `one of ${candidates.length} entries`;
  const listed = candidates.find((c) => c.listed);
  if (listed) return found(listed, 'list', `"${id}" is served by your model list (${listed.provider}); using ${listed.key}.`);
  const maker = makerOf(id);
  const makerName = maker ? (MAKER_NAMES[maker] ?? maker) : '';
  const own = maker ? candidates.find((c) => c.provider.toLowerCase() === maker) : undefined;
  if (own) return found(own, 'maker', `"${id}" is ${count}; using ${makerName}'s own entry, ${own.key}.`);
  // The maker's own name for the model beats a gateway that happens to use the short id.
  const makerRecords = maker && !id.includes('/') ? catalog.byProvider.get(maker) : undefined;
  const alias = makerRecords ? aliasIn(makerRecords, id) : null;
  if (alias) {
    const others = candidates.length ? ` (not ${candidates.map((c) => c.key).join(', ')})` : '';
    return found(alias, 'alias', `"${id}" is not an exact id at ${makerName}; using ${makerName}'s own ${alias.key}, its name for that model${others}.`);
  }
  if (candidates.length === 0) return null;
  if (candidates.length === 1) return found(candidates[0]!, 'model-id', `"${id}" is the only entry with that id: ${candidates[0]!.key}.`);
  for (const provider of FIRST_PARTY) {
    const first = candidates.find((c) => c.provider === provider);
    if (first) return found(first, 'model-id', `"${id}" is ${count}; using the model maker ${first.provider}'s entry, ${first.key}.`);
  }
  const sorted = [...candidates].sort((a, b) => (a.key < b.key ? -1 : 1));
  const windows = new Set(sorted.map(windowOf));
  if (windows.size === 1) {
    return found(sorted[0]!, 'model-id', `"${id}" is offered by ${sorted.length} providers, all with a ${n(windowOf(sorted[0]!))}-token window; using ${sorted[0]!.key}.`);
  }
  const named = sorted.slice(0, NAMED).map((c) => `${c.key} (${n(windowOf(c))})`);
  const more = sorted.length > NAMED ? `, and ${sorted.length - NAMED} more` : '';
  throw new LoupeError(
    'invalid-input',
    `"${id}" is ambiguous: ${sorted.length} providers offer it with different windows, and none of them makes it: ${named.join(', ')}${more}. Pass one of them as provider/model.`,
    { candidates: sorted.map((c) => ({ id: c.key, window: windowOf(c) })) },
  );
}

/** Resolves `rawId` to a catalog entry (see the module comment), or to the default window when nothing matches. */
export function resolveModel(catalog: Catalog, rawId: string): ResolvedModel {
  const id = rawId.trim();
  const exact = catalog.byKeyLower.get(id.toLowerCase());
  if (exact) return found(exact, exact.listed ? 'list' : 'id', `Using ${exact.key}${exact.listed ? ` from your model list (${exact.provider})` : ''}.`);

  const slash = id.indexOf('/');
  const provider = slash > 0 ? catalog.byProvider.get(id.slice(0, slash).toLowerCase()) : undefined;
  if (provider) {
    const alias = aliasIn(provider, id.slice(slash + 1));
    if (alias) return found(alias, 'alias', `"${id}" is not an exact id; using ${alias.key}, the same model at that provider.`);
  }

  const bare = byBareId(catalog, id);
  if (bare) return bare;

  return {
    id,
    provider: 'unknown',
    name: id,
    window: DEFAULT_WINDOW_TOKENS,
    source: 'default',
    publishedWindow: null,
    input: null,
    output: null,
    reserve: reserveTokens(DEFAULT_WINDOW_TOKENS),
    budget: foldBudgetTokens(DEFAULT_WINDOW_TOKENS),
    known: false,
    matchedBy: 'none',
    note: `"${id}" is in no catalog; the default window of ${n(DEFAULT_WINDOW_TOKENS)} tokens applies (see loupe models --search).`,
  };
}
