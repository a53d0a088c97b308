// Readable output of `loupe wire`: sessions, and one request's split with its parts.
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import { APPLY_REASON_TEXT } from '../../../shared/cost/eviction-timing';
import type { WireRequestRecord, WireSessionSummary } from '../../../shared/contract/wire';
import { causeText } from '../../../shared/cost/cache-miss';
import { formatUsd, priceText, totalsText } from '../../../shared/cost/price';
import { formatBytes, formatInt } from '../../../shared/format';
import { warningLabel, warningsOf } from '../../../shared/wire/enforcement-text';
import { imageLine, imageTotalsText, requestCountText } from '../../../shared/wire/image-text';

const count = (c: { tokens: number; kind: string } | null) => (c ? `${formatInt(c.tokens)} tokens (${c.kind === 'exact' ? 'exact' : 'estimate'})` : 'not counted');

export function formatWireSessions(sessions: readonly WireSessionSummary[]): string {
  if (!sessions.length) return 'No wire sessions yet: runs of claude, codex and gemini record theirs, and `loupe wrap -- claude …` records yours.\n';
  return `${sessions
    .map(
      (s) =>
        `${s.id}  ${s.kind.padEnd(6)} ${s.agent.padEnd(7)} ${String(s.modelRequests).padStart(4)} requests  largest ${formatBytes(s.largestBytes).padStart(9)}  reported input ${formatInt(s.reportedInput)}  cache reads ${formatInt(s.cacheRead)}  ${s.createdAt}${s.repo ? `  ${s.repo}` : ''}${s.notes.length ? `\n    ${s.notes.join('\n    ')}` : ''}`,
    )
    .join('\n')}\n`;
}

export function formatWireRequest(r: WireRequestRecord): string {
  const lines = [
    `Request ${r.seq}: ${r.method} ${r.endpoint} → ${r.status ?? '—'} (${r.answeredBy}${r.reason ? `: ${r.reason}` : ''}) in ${formatInt(r.durationMs)} ms`,
    `  model ${r.model ?? '?'}  ${formatBytes(r.requestBytes)} sent, ${formatBytes(r.responseBytes)} received  Loupe: ${requestCountText(r.count, r.imageTokens)}`,
  ];
  if (r.usage) lines.push(`  provider reported: input ${formatInt(r.usage.input ?? 0)} (cache read ${formatInt(r.usage.cacheRead ?? 0)}, cache write ${formatInt(r.usage.cacheWrite ?? 0)}), output ${formatInt(r.usage.output ?? 0)}`);
  if (r.split) {
    lines.push(
      `  system ${formatBytes(r.split.systemBytes)} (${count(r.split.system)})  tools ${formatBytes(r.split.toolBytes)} (${count(r.split.tools)})  messages ${formatBytes(r.split.messageBytes)} (${count(r.split.messages)})  other ${formatBytes(r.split.otherBytes)}`,
    );
  }
  if (r.imageTokens) lines.push(`  ${imageTotalsText(r.imageTokens)}`);
  // Enforcement: the request budget's verdict, secrets found or replaced (kinds and places, never values).
  for (const w of warningsOf(r.sessionId, r.seq, r.enforcement)) lines.push(`  [${warningLabel(w)}] ${w.text}`);
  // Evictions timed by the cache (issue 37): what this request still carried, and what it first withheld and why.
  const e = r.enforcement?.evictions;
  if (e?.pending?.length) lines.push(`  [pending] ${e.pending.length} eviction${e.pending.length === 1 ? '' : 's'} sent in full, waiting for a cheap moment: ${e.pending.map((p) => p.id).join(', ')}`);
  for (const a of e?.applied ?? []) lines.push(`  [applied] ${a.id} first withheld here: ${APPLY_REASON_TEXT[a.reason]}`);
  if (r.diff) lines.push(`  since request ${r.diff.previousSeq}: +${r.diff.added} parts (${formatBytes(r.diff.addedBytes)}), −${r.diff.dropped} (${formatBytes(r.diff.droppedBytes)})`);
  for (const s of r.system) lines.push(`  [system] ${s.title}  ${formatBytes(s.bytes)}  ${s.provenance}`);
  const byOrigin = new Map<string, { n: number; bytes: number }>();
  for (const t of r.tools) {
    const o = byOrigin.get(t.origin) ?? { n: 0, bytes: 0 };
    byOrigin.set(t.origin, { n: o.n + 1, bytes: o.bytes + t.bytes });
  }
  for (const [origin, o] of byOrigin) lines.push(`  [tools] ${origin}: ${o.n} definitions, ${formatBytes(o.bytes)}`);
  for (const g of r.segments) {
    lines.push(`  ${g.kind.padEnd(9)} ${formatBytes(g.bytes).padStart(9)}  ${g.toolName ? `${g.toolName}${g.filePath ? ` ${g.filePath}` : ''}: ` : ''}${g.preview}`);
    for (const img of g.images ?? []) lines.push(`  ${''.padEnd(9)} ${''.padStart(9)}  [image] ${imageLine(img)}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The session's money: its total at list price (the CLI's own figure is in the run's evidence), and each cache miss. */
function formatCosts(d: WireSessionDetail): string {
  if (!d.costs || d.costs.requests.length === 0) return '';
  const t = d.costs.total;
  const saved = t.priced ? `; without the cache ${formatUsd(t.noCacheUsd)}` : '';
  const lines = [`  cost: ${totalsText(t)} over ${t.requests} reported request${t.requests === 1 ? '' : 's'}${saved}`];
  for (const m of d.costs.misses) {
    lines.push(`  cache miss at #${m.seq} (−${formatInt(m.lostTokens)} cache-read tokens against #${m.previousSeq}, ${m.costUsd === null ? 'price unknown' : `${formatUsd(m.costUsd)} more`}): ${causeText(m.cause)}`);
  }
  return `${lines.join('\n')}\n`;
}

export function formatWireSession(d: WireSessionDetail): string {
  const head = formatWireSessions([d.session]);
  const flags = (r: Pick<WireRequestRecord, 'sessionId' | 'seq' | 'enforcement'>) => warningsOf(r.sessionId, r.seq, r.enforcement).map((w) => ` [${w.kind} ${w.action}]`).join('');
  const priceOf = new Map((d.costs?.requests ?? []).map((c) => [c.seq, c.price]));
  const price = (seq: number) => {
    const p = priceOf.get(seq);
    return p ? `  ${priceText(p)}` : '';
  };
  const history = d.requests.map((r) => `  #${r.seq} ${r.method} ${r.endpoint} ${r.status ?? '—'} ${formatBytes(r.requestBytes)}${r.usage?.input ? ` input ${formatInt(r.usage.input)}` : ''}${r.imageTokens ? ` [${imageTotalsText(r.imageTokens)}]` : ''}${price(r.seq)}${flags(r)}`).join('\n');
  const one = d.request ? `${formatWireRequest(d.request)}${price(d.request.seq) ? `  price:${price(d.request.seq).trimEnd()}\n` : ''}` : 'No model request recorded yet.\n';
  return `${head}${formatCosts(d)}${history}\n\n${one}`;
}
