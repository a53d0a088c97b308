import { useEffect, useRef, useState } from 'react';
import { reportedDiffText } from '../../../shared/xray/reported-text';
import type { Manifest } from '../../../shared/contract/xray';
import { formatInt } from '../../../shared/format';
import { meterOf, partWidths, placeLabels } from '../../../shared/xray/meter';
import { labelWidth, partLabel } from './split-meter-text';

/** A share of the conversation to draw over the bar: a hovered segment, or what an eviction would give back (null: none now; undefined: nothing can be hovered here). */
export interface MeterHighlight {
  tokens: number;
  tone: 'share' | 'reclaim';
  /** Said beside the bar ("about 1,200 tokens back"). */
  label: string;
}

const ROW_PX = 20;
/** Room between the bar and the first row of outside labels, where leader lines bend. */
const LEADER_PX = 9;

/** The bar's width in pixels, following its container. */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(120, el.clientWidth));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { ref, width };
}

/**
 * The split meter (docs/split-meter.md): one bar for the model's
 * window, system (shaded by tier), conversation, reserve (hatched, kept free
 * for the answer), free. Parts and their printed numbers add up to the
 * window; "used" never counts the reserve; every number says its kind. Labels
 * sit on their part, or below it with a leader line when it is too thin.
 * `pending` marks conversation that directives would take off a fresh session.
 */
export function SplitMeter({
  manifest,
  highlight,
  pending = 0,
  label,
}: {
  manifest: Pick<Manifest, 'system' | 'totals' | 'model'> & Partial<Pick<Manifest, 'reported' | 'systemUnknown'>>;
  highlight?: MeterHighlight | null;
  pending?: number;
  label: string;
}) {
  const meter = meterOf(manifest);
  const { ref, width } = useWidth(800);
  const widths = partWidths(meter.parts, meter.window, width);
  const texts = meter.parts.map(partLabel);
  const visible = meter.parts.map((p) => p.tokens > 0);
  const placed = placeLabels(widths, (i) => (visible[i] ? labelWidth(texts[i]!) : 0), width);
  const rows = Math.max(0, ...placed.filter((p, i) => visible[i] && !p.inside).map((p) => p.row + 1));
  const convIndex = meter.parts.findIndex((p) => p.key === 'conversation');
  const convStart = widths.slice(0, convIndex).reduce((a, b) => a + b, 0);
  const convWidth = widths[convIndex]!;
  const span = (tokens: number) => Math.min(convWidth, Math.max(2, (tokens / meter.window) * width));
  // The provider's own count gets its own mark on the bar (rule 3: both shown, the difference named).
  const reported = manifest.reported?.contextTokens ?? null;
  const reportedX = reported === null ? null : Math.min(width - 1, (Math.min(reported, meter.window) / meter.window) * width);
  const kind = manifest.totals.conversation.kind === 'estimate' || manifest.totals.system.kind === 'estimate' ? 'estimate' : manifest.totals.conversation.kind;
  return (
    <figure className="split-meter" aria-label={label} data-used={meter.used} data-window={meter.window}>
      <figcaption className="split-meter-head">
        <strong>
          Used {kind === 'estimate' ? '≈ ' : ''}
          {formatInt(meter.used)}
        </strong>{' '}
        of the {formatInt(meter.window)}-token window <span className="muted">({kind}; system + conversation, never the reserve)</span>
      </figcaption>
      {manifest.systemUnknown && (
        <p className="hint split-meter-unknown" data-testid="meter-system-unknown">
          System: {manifest.systemUnknown.replace(/^The CLI’s/, 'the CLI’s')}.
        </p>
      )}
      {/* Where segments can be hovered, always one line tall, so what it says never moves the list under the pointer. */}
      {(highlight !== undefined || pending > 0) && (
        <div className={`split-meter-note${highlight ? ` is-${highlight.tone}` : pending > 0 ? ' is-pending' : ''}`} aria-live="polite">
          {highlight?.label ?? (pending > 0 ? `Hatched: about ${formatInt(pending)} tokens your directives would take off a fresh session` : '')}
        </div>
      )}
      <div className="split-meter-bar" ref={ref}>
        {meter.parts.map((p, i) =>
          visible[i] ? (
            <span key={p.key} className={`sm-part sm-${p.key}`} style={{ width: widths[i] }} data-part={p.key} data-tokens={p.tokens} title={texts[i]} />
          ) : null,
        )}
        {pending > 0 && convWidth > 0 && (
          <span className="sm-overlay sm-pending" style={{ left: convStart + convWidth - span(pending), width: span(pending) }} data-pending={pending} title={`About ${formatInt(pending)} tokens would come off a fresh session`} />
        )}
        {highlight && convWidth > 0 && (
          <span
            className={`sm-overlay sm-${highlight.tone}`}
            style={highlight.tone === 'share' ? { left: convStart, width: span(highlight.tokens) } : { left: convStart + convWidth - span(highlight.tokens), width: span(highlight.tokens) }}
            data-highlight={highlight.tone}
          />
        )}
        {reportedX !== null && (
          <span
            className="sm-reported"
            style={{ left: reportedX }}
            data-testid="meter-reported"
            data-tokens={reported!}
            title={`The provider reported ${formatInt(reported!)} tokens at its last reply`}
          />
        )}
        {placed.map((p, i) =>
          visible[i] && p.inside ? (
            <span key={i} className={`sm-label is-inside sm-on-${meter.parts[i]!.key}`} style={{ left: p.x }}>
              {texts[i]}
            </span>
          ) : null,
        )}
      </div>
      <div className="split-meter-outside" style={{ height: rows ? rows * ROW_PX + LEADER_PX + 2 : 0 }}>
        {rows > 0 && (
          <svg className="sm-leaders" width={width} height={rows * ROW_PX + LEADER_PX} aria-hidden>
            {placed.map((p, i) => {
              if (!visible[i] || p.inside) return null;
              const size = labelWidth(texts[i]!);
              const tx = Math.min(Math.max(p.anchor, p.x + 6), p.x + size - 6);
              const top = LEADER_PX + p.row * ROW_PX;
              return <polyline key={i} points={`${p.anchor},0 ${p.anchor},4 ${tx},4 ${tx},${top}`} />;
            })}
          </svg>
        )}
        {placed.map((p, i) =>
          visible[i] && !p.inside ? (
            <span key={i} className="sm-label is-outside" style={{ left: p.x, top: LEADER_PX + p.row * ROW_PX }}>
              {texts[i]}
            </span>
          ) : null,
        )}
      </div>
      {reported !== null && (
        <p className="hint split-meter-reported" data-testid="meter-reported-label">
          <span className="sm-reported-key" aria-hidden /> Reported by the provider at its last reply: {formatInt(reported)} tokens
          {/* Against the estimate of the same point, the one comparison the facts beside it make too (never the meter's own total). */}
          {manifest.reported ? `; Loupe’s estimate of that point ≈ ${formatInt(manifest.reported.estimateAtSamePoint)}: ${reportedDiffText(manifest.reported)}` : ''}
        </p>
      )}
      {meter.over > 0 && (
        <p className="hint split-meter-over">
          The answer’s reserve is {formatInt(manifest.model.reserve)} tokens, but this context leaves only {formatInt(Math.max(0, meter.window - meter.used))}: {formatInt(meter.over)} short.
        </p>
      )}
    </figure>
  );
}
