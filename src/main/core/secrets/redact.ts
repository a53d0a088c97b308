import type { SecretLintCoreConfig, SecretLintCoreConfigRule, SecretLintCoreResultMessage } from '@secretlint/types';
import { keywordsIn, needsSecretlint } from './keywords';
import { findPatternSecrets } from './patterns';

/**
 * Secretlint's recommended preset, run in-process and offline (beside Loupe's own
 * patterns in patterns.ts), with two changes:
 * - the AWS rule's `enableIDScanRule` is on, so AKIA… access key ids are found;
 * - `filter-comments` is off: a `secretlint-disable` comment inside a previewed
 *   file must not switch redaction off (and previews are scanned in one batch,
 *   where such a comment would leak into the files after it).
 */
const FILTER_COMMENTS = '@secretlint/secretlint-rule-filter-comments';
const AWS = '@secretlint/secretlint-rule-aws';
// Registered one by one rather than as the preset: Secretlint 13 ignores
// `disabled` on a rule inside a preset.
let secretlint: Promise<{ lintSource: typeof import('@secretlint/core').lintSource; config: SecretLintCoreConfig }> | null = null;

/**
 * Secretlint, loaded on first need: it costs ~50 ms to load, and most texts
 * (no rule's keyword in them) never need it, so commands that find no
 * candidate (loupe inspect on most code) never load it.
 */
function loadSecretlint() {
  secretlint ??= Promise.all([import('@secretlint/core'), import('@secretlint/secretlint-rule-preset-recommend')]).then(
    ([core, preset]) => ({
      lintSource: core.lintSource,
      config: {
        rules: preset.creator.rules
          .filter((rule) => rule.meta.id !== FILTER_COMMENTS)
          .map((rule) => ({
            id: rule.meta.id,
            rule: rule as SecretLintCoreConfigRule['rule'],
            options: rule.meta.id === AWS ? { enableIDScanRule: true } : {},
          })),
      },
    }),
  );
  return secretlint;
}

/**
 * Between texts scanned in one pass. Every rule's pattern is single-line or
 * (the PEM block) limited to base64 and whitespace, so a NUL between newlines
 * keeps a match from running from one text into the next.
 */
const SEPARATOR = '\n\0\n';

/** A recognised secret's place in a text: [start, end) in UTF-16 code units. */
export interface SecretSpan {
  start: number;
  end: number;
  /** e.g. "AWSAccessKeyID", "GITHUB_TOKEN", "PrivateKey". */
  kind: string;
}

/** How far past a reported range's end its secret may start (a key name plus quotes and spacing). */
const LOCATE_REACH = 256;

/**
 * Where the secret a message reports really is. Secretlint's `range` can be
 * wrong (the AWS secret-key rule reports the start of `aws_secret_access_key = `
 * with the key's length), so look for the reported value itself, from the
 * reported start onwards, and keep the range only when no value is found.
 */
function locate(text: string, message: SecretLintCoreResultMessage): { start: number; end: number } {
  const [rangeStart, rangeEnd] = message.range;
  const values = Object.values((message.data ?? {}) as Record<string, unknown>).filter(
    (v): v is string => typeof v === 'string' && v.length >= 6,
  );
  let best: { start: number; end: number } | null = null;
  // Longest value first: labels such as a token's type name are shorter than the secret.
  for (const value of values.sort((a, b) => b.length - a.length)) {
    const at = text.indexOf(value, Math.max(0, rangeStart - value.length));
    // This finding's secret starts inside the reported range or just past it: the AWS
    // rule's range has the key's length but starts at the key name, so an aligned
    // `aws_secret_access_key      =    …` puts the key beyond the range's end.
    if (at < 0 || at >= Math.max(rangeEnd, rangeStart + 1) + LOCATE_REACH || at + value.length <= rangeStart) continue;
    best = { start: at, end: at + value.length };
    break;
  }
  return best ?? { start: rangeStart, end: Math.max(rangeEnd, rangeStart) };
}

/** The kind of a value found by its name alone (patterns.ts `secret-assignment`): a known format's kind says more. */
const GENERIC_KIND = 'Secret';

/** Merges overlapping or touching spans, in order; a merged span takes a known format's kind over the generic one. */
function merge(spans: SecretSpan[]): SecretSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SecretSpan[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start <= last.end) {
      last.end = Math.max(last.end, s.end);
      if (last.kind === GENERIC_KIND) last.kind = s.kind;
    } else out.push({ ...s });
  }
  return out;
}

/**
 * Finds recognised secrets in each text: Loupe's own patterns (patterns.ts) per
 * text, and Secretlint's recommended preset in a single pass over all of them
 * (one call per text costs ~0.5 ms of setup each). Texts holding no rule's
 * keyword are not scanned at all. Returns, per text, its merged secret spans.
 *
 * `before[i]`, when given, says only the spans of text i that start before it are
 * wanted (an inspection's preview: the text is scanned past it so a secret cut by the
 * preview's end is still recognised): Loupe's patterns stop there, so the code past a
 * preview is not scanned for assignments (most of an inspection's secret scan). Every
 * merged span that starts before it is the same as without it: a span starting past it
 * can only merge with spans reaching it, and when any span found reaches it, that
 * text's patterns run again in full.
 */
export async function findSecrets(texts: readonly string[], before?: readonly number[]): Promise<SecretSpan[][]> {
  const own: SecretSpan[][] = texts.map(() => []);
  const result: SecretSpan[][] = texts.map(() => []);
  const scanned: { t: string; i: number }[] = [];
  const present: (ReadonlySet<string> | null)[] = texts.map(() => null);
  texts.forEach((t, i) => {
    const found = keywordsIn(t);
    if (found.size === 0) return;
    present[i] = found;
    own[i] = findPatternSecrets(t, found, before?.[i]);
    if (needsSecretlint(found)) scanned.push({ t, i });
  });
  if (scanned.length > 0) await secretlintPass(scanned, result);
  return texts.map((t, i) => {
    const limit = before?.[i];
    const reaches = (s: SecretSpan) => limit !== undefined && s.end >= limit;
    if (present[i] && (own[i]!.some(reaches) || result[i]!.some(reaches))) own[i] = findPatternSecrets(t, present[i]!);
    // Loupe's spans first, then Secretlint's: merge keeps the first kind of spans that coincide.
    return merge([...own[i]!, ...result[i]!]);
  });
}

/** Runs Secretlint once over `scanned` joined, adding each finding to its text's spans in `result`. */
async function secretlintPass(scanned: readonly { t: string; i: number }[], result: SecretSpan[][]): Promise<void> {
  const starts: number[] = [];
  let offset = 0;
  for (const { t } of scanned) {
    starts.push(offset);
    offset += t.length + SEPARATOR.length;
  }
  // Secretlint drops a leading BOM and shifts its ranges; never start with one.
  const joined = `\n${scanned.map(({ t }) => t).join(SEPARATOR)}`;
  const { lintSource, config: CONFIG } = await loadSecretlint();
  const lint = await lintSource({
    source: { content: joined, filePath: '', ext: '.txt', contentType: 'text' },
    options: { config: CONFIG, noPhysicFilePath: true },
  });
  for (const message of lint.messages) {
    const found = locate(joined, message);
    const start = found.start - 1;
    const end = found.end - 1;
    // Attribute the span to every text it touches (never more than one, given the separator).
    scanned.forEach(({ t, i }, k) => {
      const from = starts[k]!;
      const to = from + t.length;
      if (end <= from || start >= to) return;
      result[i]!.push({ start: Math.max(start, from) - from, end: Math.min(end, to) - from, kind: message.messageId });
    });
  }
}

/** Replaces each span with a short marker naming what was hidden. */
export function applyRedactions(text: string, spans: readonly SecretSpan[]): string {
  let out = '';
  let at = 0;
  for (const s of spans) {
    out += `${text.slice(at, s.start)}[redacted ${s.kind}]`;
    at = s.end;
  }
  return out + text.slice(at);
}

/** Redacts recognised secrets in one text; `redactions` counts distinct hidden spans. */
export async function redactSecrets(text: string): Promise<{ text: string; redactions: number }> {
  const [result] = await redactTexts([text]);
  return result!;
}

/** redactSecrets for many texts in one scan (cheaper than one call per text). */
export async function redactTexts(texts: readonly string[]): Promise<{ text: string; redactions: number }[]> {
  const spans = await findSecrets(texts);
  return texts.map((text, i) => ({ text: applyRedactions(text, spans[i]!), redactions: spans[i]!.length }));
}
