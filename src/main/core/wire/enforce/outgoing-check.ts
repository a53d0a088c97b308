/**
 * The outgoing-body check (issue 31), the chain's last stage: the exact bytes
 * the relay is about to forward are checked against every directive and
 * redaction that applies, whatever the stages before say they did.
 * - each applied evicted or summarized segment of the CLI's body (one the eviction
 *   stage's own rules do not leave in place: the active turn, signed
 *   thinking) is absent: its content-derived id is not among the outgoing
 *   body's segments, and no distinctive line of its text is in the segments
 *   Loupe changed;
 * - each summarized one has its summary in the outgoing body;
 * - in `redact` mode, the outgoing conversation re-scanned holds no
 *   recognised secret.
 * A failed check is not forwarded (fail closed): the relay answers in the
 * provider's error shape and the request is recorded blocked with why. What
 * Loupe says was withheld, summarized and redacted is this check's result.
 */
import { createHash } from 'node:crypto';
import type { WireCheckFacts } from '../../../../shared/contract/wire';
import type { WireSecretsMode } from '../../../../shared/contract/run-limits';
import type { Directive } from '../../../../shared/contract/xray';
import { summaryText } from '../../../../shared/xray/directives';
import { findSecrets } from '../../secrets';
import { jsonObjectOf } from '../parse';
import { BLOCK_STATUS } from '../providers';
import type { GuardStage } from './chain';
import { activeTurnStart, skipReason } from './evictions';
import type { WireExchange } from './exchange';
import { checkRestored, withoutRestored } from './pins';
import { checkedTexts } from './secrets';

/** A line this long is distinctive enough to look for; shorter texts are checked by their id only. */
const SAMPLE_MIN = 32;
const SAMPLE_MAX = 96;
/** Clean texts remembered per session before the memory starts again (the history is not re-scanned). */
const MAX_REMEMBERED = 200_000;

/** What applyRedactions writes in place of a secret (secrets/redact.ts). */
const REDACTION_MARK = /\[redacted [^\]\n]+\]/g;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Up to three distinctive lines of a segment's text (first, middle, last), as
 * they appear in the body's strings. A tool segment's first line is its call
 * (small arguments stay in place by design), so it is not sampled.
 */
function samplesOf(kind: string, text: string): string[] {
  const lines = (kind === 'tool' ? text.slice(text.indexOf('\n') + 1) : text)
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length >= SAMPLE_MIN);
  if (!lines.length) return [];
  const picked = new Set([lines[0]!, lines[Math.floor(lines.length / 2)]!, lines.at(-1)!]);
  return [...picked].map((l) => l.slice(0, SAMPLE_MAX));
}

/** What the relay answers when the check fails: which check, and that nothing was sent. */
function checkFailedMessage(failures: readonly string[]): string {
  const more = failures.length > 1 ? ` (and ${failures.length - 1} more)` : '';
  return `Loupe did not send this request: the outgoing body failed its check against your directives and redactions: ${failures[0]}${more}. Nothing was sent to the provider; this is a fault in Loupe, please report it.`;
}

/** The directed segments' verdicts on one exchange (model calls only). */
function checkDirectives(exchange: WireExchange, directed: readonly Directive[], failures: string[]): WireCheckFacts['withheld'] {
  const original = exchange.sent()?.parsed;
  if (!original || !directed.length) return [];
  const byId = new Map(directed.map((d) => [d.segmentId, d]));
  const active = activeTurnStart(original.segments);
  // Per directed id: how many of its places the rules leave as sent, and whether one applies.
  const keptCount = new Map<string, number>();
  const applies: number[] = [];
  original.segments.forEach((s, i) => {
    if (!byId.has(s.id)) return;
    if (skipReason(original.segments, i, active, original.nodes?.[i]?.length ?? 0)) keptCount.set(s.id, (keptCount.get(s.id) ?? 0) + 1);
    else applies.push(i);
  });
  if (!applies.length) return [];
  const out = exchange.outgoing();
  if (!out) {
    failures.push('the outgoing body is not a model request Loupe can read');
    return [];
  }
  const outCount = new Map<string, number>();
  for (const s of out.segments) outCount.set(s.id, (outCount.get(s.id) ?? 0) + 1);
  // Where the text of a withheld segment could still be: in its own place (Loupe's rewrites keep every
  // segment where it was, so the two bodies line up one to one), else, when they do not line up, in any
  // segment Loupe changed (every id the CLI's body does not have as sent).
  const aligned = out.segments.length === original.segments.length;
  const sentIds = new Set(original.segments.filter((s) => !byId.has(s.id) || keptCount.has(s.id)).map((s) => s.id));
  const summaries = directed.filter((d) => d.kind === 'summarize' && d.summary?.trim()).map((d) => summaryText(d.summary!));
  // The pinned segments Loupe put back are not where a withheld segment's text is looked for.
  const withoutSummaries = (t: string) => summaries.reduce((x, sum) => x.split(sum).join(''), withoutRestored(t));
  const changed = aligned
    ? []
    : out.segments.map((s, i) => (sentIds.has(s.id) ? null : withoutSummaries(out.segmentTexts[i] ?? ''))).filter((t): t is string => t !== null);
  const placesOf = (i: number) => (aligned ? [withoutSummaries(out.segmentTexts[i] ?? '')] : changed);
  const verdicts: WireCheckFacts['withheld'] = [];
  const seen = new Set<string>();
  for (const i of applies) {
    const s = original.segments[i]!;
    const places = placesOf(i);
    const d = byId.get(s.id)!;
    const label = `segment ${s.id} (${d.kind === 'summarize' ? 'summarized' : 'evicted'})`;
    let ok = true;
    if ((outCount.get(s.id) ?? 0) > (keptCount.get(s.id) ?? 0)) {
      failures.push(`${label} is still in it, as the CLI sent it`);
      ok = false;
    } else if (samplesOf(s.kind, original.segmentTexts[i] ?? '').some((line) => places.some((t) => t.includes(line)))) {
      failures.push(`text of ${label} is still in it`);
      ok = false;
    }
    const summarized = d.kind === 'summarize' && d.summary?.trim() ? summaryText(d.summary) : null;
    if (summarized && !out.segmentTexts.some((t) => t.includes(summarized))) {
      failures.push(`the summary of ${label} is not in its place`);
      ok = false;
    }
    if (ok && !seen.has(s.id)) verdicts.push({ id: s.id, as: summarized ? 'summarized' : 'evicted' });
    seen.add(s.id);
  }
  return verdicts;
}

/**
 * The check for one wire session: `directives` are the ones in force (read on
 * every request, as the eviction stage reads them); `mode` the secrets mode;
 * `proven` is told of a request whose withheld segments the check proved
 * absent (what marks an eviction applied). A check that throws refuses the request too.
 */
export function outgoingCheck(directives: () => readonly Directive[], mode: WireSecretsMode, proven?: (exchange: WireExchange) => void): GuardStage {
  const clean = new Set<string>();
  return {
    async stage(exchange) {
      if (exchange.request.method !== 'POST' || exchange.body.length === 0) return;
      // Absence is demanded of what is applied (issue 37): an eviction applied on an earlier request, first applied on this one
      // (the eviction stage's facts), or asked for now. A pending one is sent, and Loupe says so; demanding its absence would refuse it.
      const dueHere = new Set(exchange.evictions?.applied?.map((a) => a.id));
      const directed = exchange.modelCall ? directives().filter((d) => d.kind !== 'pin' && (d.applied !== undefined || (d.timing ?? 'now') === 'now' || dueHere.has(d.segmentId))) : [];
      const redact = mode === 'redact';
      const restoring = (exchange.pins?.reinserted.length ?? 0) > 0;
      if (!directed.length && !redact && !restoring) return;
      const failures: string[] = [];
      const withheld = checkDirectives(exchange, directed, failures);
      const reinserted = checkRestored(exchange, failures);
      let secretsAbsent: boolean | null = null;
      if (redact) {
        // The exact bytes: while the body is the CLI's, its tree may have been changed by a stage that then left
        // the bytes as they were, so it is read again; a changed body's own parse is those bytes.
        const json = exchange.body === exchange.request.body ? jsonObjectOf(exchange.body) : exchange.outgoingBody()?.json;
        const leaves = json ? checkedTexts(json) : [];
        if (clean.size > MAX_REMEMBERED) clean.clear();
        const hashes = leaves.map((l) => sha256(l.text));
        const fresh = leaves.map((_, i) => i).filter((i) => !clean.has(hashes[i]!));
        const spans = await findSecrets(fresh.map((i) => leaves[i]!.text));
        const left: string[] = [];
        fresh.forEach((i, k) => {
          // A rule that reads its secret's surroundings (a PuTTY key's Private-Lines, `_authToken=`) matches again on Loupe's own marker.
          const marks = [...leaves[i]!.text.matchAll(REDACTION_MARK)].map((m) => [m.index, m.index + m[0].length] as const);
          const leaked = spans[k]!.filter((span) => !marks.some(([a, b]) => span.start < b && a < span.end));
          if (leaked.length === 0) clean.add(hashes[i]!);
          else left.push(`a recognised secret (${leaked[0]!.kind}) in ${leaves[i]!.where}`);
        });
        secretsAbsent = left.length === 0;
        if (left.length) failures.push(`${left[0]} is still in it, with secrets on the wire set to redact`);
      }
      if (!withheld.length && !failures.length && secretsAbsent === null && !restoring) return;
      exchange.check = { ok: failures.length === 0, withheld, secretsAbsent, failures, ...(restoring ? { reinserted } : {}) };
      if (failures.length) return { kind: 'answer', status: BLOCK_STATUS[exchange.request.provider], message: checkFailedMessage(failures) };
      if (withheld.length) proven?.(exchange);
    },
    onError(err, exchange) {
      const failures = [`the check itself failed (${err.message})`];
      exchange.check = { ok: false, withheld: [], secretsAbsent: null, failures };
      return { status: BLOCK_STATUS[exchange.request.provider], message: checkFailedMessage(failures) };
    },
  };
}
