/**
 * Recognised secrets on the wire (loop.wireSecrets): every string of a
 * request the provider will read (the conversation, and the system prompt, tool
 * definitions, metadata, object keys, text payloads in base64; secret-units.ts
 * says what is left as it is) is scanned with Loupe's secret patterns, the same
 * as the previews. A secret
 * first seen in a request is recorded (kind, where, the hash of the text that
 * held it; never the value). `redact` also replaces every matched span before
 * the request is forwarded, in this request and in every later one that
 * carries the same content again (a CLI resends its whole history each time),
 * and every value it found is replaced wherever else it appears.
 *
 * Each session remembers, by sha256 (short texts as themselves), the texts it has scanned: a text seen
 * before is not scanned again (most of a request is the history the previous
 * one carried), so the cost per request follows its new content.
 */
import { createHash } from 'node:crypto';
import type { WireSecretFacts, WireSecretFinding } from '../../../../shared/contract/wire';
import type { WireSecretsMode } from '../../../../shared/contract/run-limits';
import { applyRedactions, findSecrets } from '../../secrets';
import type { SecretSpan } from '../../secrets/redact';
import { BLOCK_STATUS } from '../providers';
import type { GuardStage, WireStage } from './chain';
import { JoinedText, UnitCollector } from './secret-units';

/** Findings listed per request; the rest are counted. */
const MAX_FOUND = 50;
/** Texts remembered per session before the memory starts again (a bound, not a cache size that matters). */
const MAX_REMEMBERED = 200_000;
/** Secret values remembered per session, to replace wherever they appear again. */
const MAX_VALUES = 2_000;
/** Shortest text worth scanning (no recognised secret is shorter). */
const MIN_CHARS = 8;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Short texts (keys, ids, names: most of a body's strings) are remembered as themselves, which costs less than hashing them. */
const SHORT_CHARS = 128;
const memoKey = (text: string) => (text.length <= SHORT_CHARS ? `=${text}` : sha256(text));

/** Every occurrence of a known secret value in `text`, as spans of its kind. */
function occurrences(text: string, values: ReadonlyMap<string, string>): SecretSpan[] {
  const out: SecretSpan[] = [];
  for (const [value, kind] of values) {
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length)) out.push({ start: at, end: at + value.length, kind });
  }
  return out;
}

/** Spans merged where they overlap (a value found again inside a span already there). */
function union(spans: readonly SecretSpan[]): SecretSpan[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const out: SecretSpan[] = [];
  for (const s of sorted) {
    const last = out.at(-1);
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/** Puts each part of `joined` back with the spans that touch it replaced; returns the spans replaced. */
function redactUnit(joined: JoinedText, spans: readonly SecretSpan[]): number {
  const perPart = new Map<number, SecretSpan[]>();
  let replaced = 0;
  for (const span of spans) {
    const pieces = joined.pieces(span.start, span.end);
    if (pieces.some(([i]) => joined.parts[i]!.fixed)) continue; // signed by the provider: left as it is
    replaced++;
    // The marker where the secret starts; its other pieces (split across blocks) just removed.
    pieces.forEach(([i, from, to], k) => {
      const list = perPart.get(i) ?? [];
      list.push({ start: from, end: to, kind: k === 0 ? span.kind : '' });
      perPart.set(i, list);
    });
  }
  for (const [i, list] of perPart) {
    const part = joined.parts[i]!;
    let out = '';
    let at = 0;
    for (const s of union(list)) {
      out += part.text.slice(at, s.start) + (s.kind ? `[redacted ${s.kind}]` : '');
      at = s.end;
    }
    part.set(out + part.text.slice(at));
  }
  return replaced;
}

/**
 * The texts of a body the outgoing check scans again in redact mode: every unit the stage scans,
 * but only its parts Loupe may change (a signed thinking block is sent as it is, and said so).
 */
export function checkedTexts(root: Record<string, unknown>): { text: string; where: string }[] {
  return new UnitCollector()
    .collect(root)
    .map((unit) => ({ text: new JoinedText(unit.parts.filter((p) => !p.fixed)).text, where: unit.where }))
    .filter((u) => u.text.length >= MIN_CHARS);
}

/**
 * The secrets stage of one wire session (it remembers what the session's earlier requests carried).
 * It reads the exchange's tree (the CLI's body as the stages before it left it: evicted content is
 * gone from it) and, in `redact` mode, replaces in the tree and writes the body from it.
 */
export function secretsStage(mode: WireSecretsMode): WireStage {
  const clean = new Set<string>();
  const known = new Map<string, SecretSpan[]>();
  /** Every secret value seen in this session, and its kind: replaced wherever it appears again. */
  const values = new Map<string, string>();
  return async (exchange) => {
    const root = exchange.sent()?.json;
    if (!root) return;
    const collector = new UnitCollector();
    const units = collector.collect(root).map((unit) => ({ unit, joined: new JoinedText(unit.parts) })).filter((u) => u.joined.text.length >= MIN_CHARS);
    if (units.length === 0) return;

    if (clean.size + known.size > MAX_REMEMBERED) clean.clear();
    const hashes = units.map((u) => memoKey(u.joined.text));
    // Each text not seen before, once (a body repeats its keys and ids many times).
    const firstOf = new Set<string>();
    const fresh = units
      .map((_, i) => i)
      .filter((i) => {
        const h = hashes[i]!;
        if (clean.has(h) || known.has(h) || firstOf.has(h)) return false;
        firstOf.add(h);
        return true;
      });
    const spans = await findSecrets(fresh.map((i) => units[i]!.joined.text));
    const found: WireSecretFinding[] = [];
    let foundCount = 0;
    fresh.forEach((i, k) => {
      const s = spans[k]!;
      if (s.length === 0) return void clean.add(hashes[i]!);
      known.set(hashes[i]!, s);
      const { unit, joined } = units[i]!;
      const digest = sha256(joined.text);
      for (const span of s) {
        foundCount++;
        const value = joined.text.slice(span.start, span.end);
        if (value.length >= MIN_CHARS && values.size < MAX_VALUES) values.set(value, span.kind);
        if (found.length < MAX_FOUND) {
          found.push({ kind: span.kind, where: unit.where, sha256: digest, message: `A recognised secret (${span.kind}) in ${unit.where}.` });
        }
      }
    });
    let redacted = 0;
    if (mode === 'redact') {
      units.forEach(({ joined }, i) => {
        // What was found in this text, and every value found anywhere in the session that it holds too.
        const own = known.get(hashes[i]!) ?? [];
        const again = values.size > 0 ? occurrences(joined.text, values) : [];
        if (own.length === 0 && again.length === 0) return;
        redacted += redactUnit(joined, union([...own, ...again]));
      });
      collector.finish();
    }
    if (foundCount === 0 && redacted === 0) return;
    const facts: WireSecretFacts = { mode, found, redacted };
    exchange.secrets = facts;
    if (redacted > 0) exchange.body = Buffer.from(JSON.stringify(root));
  };
}

/**
 * In `redact` mode a secrets stage that fails must not let the request through
 * unchecked: the relay answers it instead (the chain would otherwise forward
 * the body as it stood).
 */
export function failClosed(stage: WireStage, mode: WireSecretsMode): WireStage | GuardStage {
  if (mode !== 'redact') return stage;
  return {
    stage,
    onError(err, exchange) {
      exchange.secrets = { mode, found: [], redacted: 0, error: err.message };
      return {
        status: BLOCK_STATUS[exchange.request.provider],
        message: `Loupe could not check this request for secrets (${err.message}); with secrets on the wire set to redact, it was not sent.`,
      };
    },
  };
}
