// Readable output of `loupe xray`: the split meter as one line, system sections, segments by size.
import type { CountKind, Manifest, Segment, TokenCount } from '../../../shared/contract/xray';
import { evictionPriceLine, evictionStateWord } from '../../../shared/xray/eviction-text';
import { formatInt, shortHash } from '../../../shared/format';
import { meterOf, type MeterPartKey } from '../../../shared/xray/meter';

const KIND_WORD: Record<CountKind | 'window', string> = { estimate: 'estimate', exact: 'exact', reported: 'reported', window: 'of the window' };
const count = (c: TokenCount | null) => (c === null ? 'size unknown' : `${c.kind === 'estimate' ? '≈ ' : ''}${formatInt(c.tokens)} (${c.kind}${c.encoding ? `, ${c.encoding}` : ''})`);
const GLYPH: Record<MeterPartKey, string> = { 'system-required': '█', 'system-inherited': '▓', 'system-user': '▒', conversation: '■', reserve: '/', free: '·' };
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** The meter as a bar of `width` characters (a part with any tokens gets at least one) and one line per part. */
export function formatMeter(m: Manifest, width = 60): string[] {
  const meter = meterOf(m);
  const cells = meter.parts.map((p) => (p.tokens > 0 ? Math.max(1, Math.round((p.tokens / meter.window) * width)) : 0));
  // Whatever rounding adds or takes comes off (or onto) the widest part, so the bar is always `width` long.
  const widest = cells.indexOf(Math.max(...cells));
  cells[widest]! += width - cells.reduce((a, b) => a + b, 0);
  const bar = meter.parts.map((p, i) => GLYPH[p.key].repeat(Math.max(0, cells[i]!))).join('');
  const lines = [`[${bar}] ${formatInt(meter.window)}-token window`];
  for (const p of meter.parts) lines.push(`  ${GLYPH[p.key]} ${p.label.padEnd(34)} ${p.kind === 'estimate' ? '≈ ' : '  '}${formatInt(p.tokens).padStart(9)}  ${KIND_WORD[p.kind]}${p.encoding ? ` (${p.encoding})` : ''}`);
  lines.push(`  used (system + conversation, never the reserve): ≈ ${formatInt(meter.used)}${meter.over ? `; the answer's room is ${formatInt(meter.over)} tokens short of the reserve` : ''}`);
  return lines;
}

/** Where the manifest's directives take effect, as enforced (the wire: the relay; a fresh session: Loupe's prompt). */
function deliveryLine(m: Manifest): string {
  if (m.source === 'wire')
    return "Directives are enforced on the wire: Loupe's relay withholds evicted segments (and puts summaries in place) in the CLI's requests, and checks the bytes before they leave. An eviction waits for a cheap moment for the provider's cache (pending: still sent) unless applied with --now.";
  if (m.enforceable) return 'Directives are enforced: Loupe assembles the next prompt (a fresh session).';
  if (m.wire) return "Directives are enforced on the wire: the next turn resumes the CLI's own session, and Loupe's relay withholds evicted segments from its requests.";
  return 'Directives are intent only: the next turn resumes the CLI’s own session, which keeps what it holds. Continue as a fresh session to apply them.';
}

/** " [on the wire: request 4]", " [on the wire: request 4, withheld]", or nothing. */
const wireMark = (s: Segment) => (s.wire ? ` [on the wire: request ${s.wire.seq}${s.wire.withheld ? ', withheld' : ''}]` : '');

function segmentLine(s: Segment): string {
  const where = `${s.outOfContext ? ` (out of context: ${s.outOfContextReason})` : ''}${wireMark(s)}`;
  const label = s.label ? ` ${oneLine(s.label, 40)}` : '';
  return `  ${count(s.tokens).padEnd(22)} ${s.kind.padEnd(9)} ${s.status.padEnd(10)} ${s.id}${label}${where}\n      ${oneLine(s.summary ? `summary: ${s.summary}` : s.preview, 110)}${evictionLine(s)}`;
}

/** A wire segment's eviction state and price (issue 37): "      pending: still sent · saves ≈ 1,200 tokens a request · …". */
function evictionLine(s: Segment): string {
  if (!s.eviction) return '';
  const state = evictionStateWord(s.eviction);
  const price = s.eviction.state === 'applied' ? null : evictionPriceLine(s.eviction);
  const parts = [state, price && (state ? price : `if evicted: ${price}`)].filter(Boolean);
  return parts.length ? `\n      ${parts.join(' · ')}` : '';
}

/** A manifest for people: what the next turn carries, the meter, the system sections, segments largest first. */
export function formatManifest(m: Manifest): string {
  const wireSession = m.source === 'wire' ? (m as Manifest & { wireSession?: string }).wireSession : undefined;
  const out = [
    `${wireSession ? `Wire session ${wireSession}` : m.source === 'preview' ? 'New thread (preview)' : `Thread ${m.threadId ?? '(preview)'}`}: ${m.agent}, model ${m.model.id ?? '(default)'} (window ${formatInt(m.model.window)}, ${m.model.source}), ${m.freshness}`,
    deliveryLine(m),
    ...(m.tokenizer ? [`Counts: ${m.tokenizer.note}`] : []),
    ...formatMeter(m),
  ];
  if (!m.enforceable && m.fresh) out.push(`  a fresh session would carry ${count(m.fresh)} of conversation, directives applied`);
  if (m.totals.reclaimable.tokens) out.push(`  directives take about ${formatInt(m.totals.reclaimable.tokens)} tokens off a fresh-session prompt (${m.totals.reclaimable.kind})`);
  if (m.reported) {
    const diff = m.reported.contextTokens - m.reported.estimateAtSamePoint;
    out.push(
      `  reported by the provider at the last reply: ${formatInt(m.reported.contextTokens)}; Loupe's estimate of the same point: ≈ ${formatInt(m.reported.estimateAtSamePoint)} (${diff >= 0 ? `${formatInt(diff)} fewer` : `${formatInt(-diff)} more`} than reported)`,
    );
  }
  if (m.lastStep) out.push(`  last prompt sent: ${formatInt(m.lastStep.promptBytes)} bytes measured, ≈ ${formatInt(m.lastStep.approxTokens)} tokens (${m.lastStep.kind})`);
  out.push('', `System (display only; ${m.system.length} sections)`);
  for (const s of m.system) {
    out.push(`  ${s.tier.padEnd(9)} ${s.provenance.padEnd(15)} ${count(s.tokens).padEnd(22)} ${s.sha256 ? shortHash(s.sha256) : '—'.padEnd(10)}  ${s.title}${s.loadedBy === 'cli' ? ' [loaded by the CLI]' : ''}`);
    if (s.preview) out.push(`      ${oneLine(s.preview, 110)}`);
  }
  const sorted = [...m.segments].sort((a, b) => b.tokens.tokens - a.tokens.tokens);
  out.push('', `Segments (${formatInt(sorted.length)}, largest first)`);
  for (const s of sorted) out.push(segmentLine(s));
  return `${out.join('\n')}\n`;
}
