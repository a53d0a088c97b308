/**
 * The split meter's arithmetic (docs/split-meter.md), shared by the
 * X-Ray view, Settings → Context and `loupe xray`: one bar for the model's
 * window in the order system (by governance tier), conversation, reserve,
 * free. The parts add up to the window; "used" is system + conversation and
 * never the reserve. Pure: no DOM, no Node.
 */
import type { CountKind, GovernanceTier, Manifest, TokenCount } from '../contract/xray';

export type MeterPartKey = 'system-required' | 'system-inherited' | 'system-user' | 'conversation' | 'reserve' | 'free';

export interface MeterPart {
  key: MeterPartKey;
  /** What the part is, in a few words ("System · required"). */
  label: string;
  tokens: number;
  /** How the number was come by: estimate, exact or reported; `window` for the reserve (a rule on the window, not a count). */
  kind: CountKind | 'window';
  /** The tokenizer's encoding, for exact counts. */
  encoding?: string;
}

export interface Meter {
  window: number;
  parts: MeterPart[];
  /** System + conversation: never the reserve. */
  used: number;
  /** Tokens by which used + reserve pass the window (the answer's room is short by this much); 0 when it fits. */
  over: number;
}

const TIER_LABEL: Record<GovernanceTier, string> = { required: 'required', inherited: 'inherited', user: 'yours' };

/** Tokens per governance tier over sections of known size. */
export function systemByTier(system: Manifest['system']): Record<GovernanceTier, number> {
  const out: Record<GovernanceTier, number> = { required: 0, inherited: 0, user: 0 };
  for (const s of system) out[s.tier] += s.tokens?.tokens ?? 0;
  return out;
}

/** The weakest kind among counts: any estimate makes the sum an estimate. */
export function sumKind(counts: readonly (TokenCount | null)[]): CountKind {
  const kinds = counts.filter((c): c is TokenCount => c !== null).map((c) => c.kind);
  if (kinds.includes('estimate') || kinds.length === 0) return 'estimate';
  return kinds.every((k) => k === 'reported') ? 'reported' : 'exact';
}

/**
 * The meter of a manifest: system parts by tier, the conversation the next
 * turn carries, the reserve kept for the answer, the free rest. Parts always
 * add up to the window: when used + reserve pass it, free is 0 and the reserve
 * shows only the room that is left (`over` says by how much it is short);
 * when used alone passes the window, the conversation is cut at the window.
 */
export function meterOf(m: Pick<Manifest, 'system' | 'totals' | 'model'>): Meter {
  const window = m.model.window;
  const tiers = systemByTier(m.system);
  const systemKind = sumKind(m.system.map((s) => s.tokens));
  const parts: MeterPart[] = (['required', 'inherited', 'user'] as const).map((t) => ({
    key: `system-${t}` as MeterPartKey,
    label: `System · ${TIER_LABEL[t]}`,
    tokens: tiers[t],
    kind: systemKind,
  }));
  const system = tiers.required + tiers.inherited + tiers.user;
  const conversation = m.totals.conversation.tokens;
  const used = system + conversation;
  const shown = Math.max(0, Math.min(conversation, window - system));
  const encoding = m.totals.conversation.encoding;
  parts.push({ key: 'conversation', label: 'Conversation', tokens: shown, kind: m.totals.conversation.kind, ...(encoding ? { encoding } : {}) });
  const reserve = Math.max(0, Math.min(m.model.reserve, window - system - shown));
  parts.push({ key: 'reserve', label: 'Reserve, kept free for the answer', tokens: reserve, kind: 'window' });
  // Free space is the window less estimated content: as good as the weakest count in it.
  const freeKind = sumKind([{ tokens: 0, kind: systemKind }, m.totals.conversation]);
  parts.push({ key: 'free', label: 'Free', tokens: Math.max(0, window - system - shown - reserve), kind: freeKind });
  return { window, parts, used, over: Math.max(0, used + m.model.reserve - window) };
}

/**
 * Widths in pixels for a bar `barPx` wide: proportional, except that a part
 * with any tokens is at least `minPx` wide (a sliver stays visible even at
 * 0.01% of a 1M window); the pixels it needs come from the widest part, so
 * the widths still add up to the bar.
 */
export function partWidths(parts: readonly MeterPart[], window: number, barPx: number, minPx = 3): number[] {
  const raw = parts.map((p) => (window > 0 ? (p.tokens / window) * barPx : 0));
  const widths = raw.map((w, i) => (parts[i]!.tokens > 0 ? Math.max(w, minPx) : 0));
  const extra = widths.reduce((a, b) => a + b, 0) - barPx;
  if (extra > 0) {
    const widest = widths.indexOf(Math.max(...widths));
    widths[widest] = Math.max(minPx, widths[widest]! - extra);
  }
  return widths;
}

export interface LabelPlacement {
  /** Inside its part, or below the bar with a leader line to the part's middle. */
  inside: boolean;
  /** Left edge of the label in pixels from the bar's left. */
  x: number;
  /** Row below the bar for outside labels (0 = first), so labels never overlap. */
  row: number;
  /** The part's middle, where the leader line points. */
  anchor: number;
}

/**
 * Where each part's label goes: on the part when it fits (`labelPx(i)` is the
 * label's width; 0 for a part with nothing to label), otherwise below the bar,
 * left to right in the order of the parts, as near the part's middle as the
 * labels before it allow, wrapping to a further row when the bar's width runs
 * out. Outside labels never overlap and stay within the bar; none is dropped.
 */
export function placeLabels(widths: readonly number[], labelPx: (i: number) => number, barPx: number, gap = 8): LabelPlacement[] {
  const cursors: number[] = [];
  let left = 0;
  return widths.map((w, i) => {
    const start = left;
    left += w;
    const anchor = start + w / 2;
    const size = labelPx(i);
    if (size === 0 || w >= size + 8) return { inside: true, x: start + Math.max(0, (w - size) / 2), row: 0, anchor };
    const want = Math.max(0, Math.min(barPx - size, anchor - size / 2));
    let row = 0;
    for (; ; row++) {
      const cursor = cursors[row] ?? 0;
      // A label wider than the bar still gets a row of its own.
      if (Math.max(want, cursor) + size <= barPx || cursor === 0) break;
    }
    const x = Math.max(want, cursors[row] ?? 0);
    cursors[row] = x + size + gap;
    return { inside: false, x, row, anchor };
  });
}

/**
 * Tokens of the conversation the next turn carries that the directives would
 * take off a fresh session: evicted segments still in context, and what
 * summaries save. Non-zero only where directives are intent (a resumed CLI
 * session still holds those segments); enforced directives already took it off.
 */
export function pendingReclaim(m: Pick<Manifest, 'segments' | 'enforceable'>): number {
  if (m.enforceable) return 0;
  let n = 0;
  for (const s of m.segments) {
    if (s.outOfContext) continue;
    if (s.status === 'evicted') n += s.tokens.tokens;
    else if (s.status === 'summarized' && s.summaryTokens) n += Math.max(0, s.tokens.tokens - s.summaryTokens.tokens);
  }
  return n;
}

/** How a count reads beside its number: "≈ 1,234 est.", "1,234 exact (o200k_base)", "1,234 reported". */
export function countSuffix(kind: CountKind | 'window', encoding?: string): string {
  switch (kind) {
    case 'estimate':
      return 'est.';
    case 'exact':
      return encoding ? `exact, ${encoding}` : 'exact';
    case 'reported':
      return 'reported';
    case 'window':
      return '';
  }
}
