import { memo } from 'react';
import type { OutOfContextReason, Segment } from '../../../../shared/contract/xray';
import { formatInt } from '../../../../shared/format';
import { countSuffix } from '../../../../shared/xray/meter';
import type { UiError } from '../../ui/ui-error';
import { EvictionPrice } from './EvictionPrice';
import { noDirectiveReason } from './segment-words';
import type { Action } from './state';
import { approxTokens } from '../../../../shared/contract/run-limits';

/** What a row can ask for; the list passes them down so rows stay plain (and cheap to render). */
export interface RowHandlers {
  act(action: Action, segment: Segment): void;
  summarize(segment: Segment): void;
  /** Applies a pending wire eviction or summary on the CLI's next request (issue 37). */
  applyNow(segment: Segment): void;
  hover(id: string | null): void;
  consider(id: string | null): void;
  dismissError(): void;
}

const OUT: Record<OutOfContextReason, string> = {
  fold: 'left out by the fold (oldest first)',
  'not-replayed': 'thinking: never sent back to a model',
  'not-in-session': 'not in the CLI’s session (it began without it)',
  compaction: 'before the newest compaction: no longer in context',
  subagent: 'a subagent’s own work',
  dropped: 'removed by the CLI (a rewind or a failed turn)',
};

const KIND: Record<Segment['kind'], string> = {
  user: 'ask',
  assistant: 'reply',
  thinking: 'thinking',
  tool: 'tool',
  'file-read': 'file read',
  summary: 'summary',
  unknown: 'unknown',
};

/**
 * One segment: its size with the count's kind, kind, status, what it is, a
 * preview, and the actions its status allows (protected segments have none
 * but pin; a segment with a directive offers Restore).
 */
export const SegmentRow = memo(function SegmentRow({
  segment: s,
  turn,
  busy,
  error,
  handlers,
}: {
  segment: Segment;
  turn: number;
  busy: boolean;
  /** What the service refused for this row's last action: shown in the row, beside its buttons. */
  error: UiError | null;
  handlers: RowHandlers;
}) {
  const directed = s.status === 'pinned' || s.status === 'evicted' || s.status === 'summarized';
  // Segments no directive can take show their actions disabled, with why (on hover, and to screen readers).
  const cannot = directed ? null : noDirectiveReason(s);
  const shown = s.status === 'summarized' && s.summary ? `Summary: ${s.summary}` : s.preview;
  return (
    <div
      // A pending wire eviction is still sent: its row is not struck through (issue 37).
      className={`seg-row is-${s.status}${s.outOfContext ? ' is-out' : ''}${error ? ' has-error' : ''}${s.eviction?.state === 'pending' ? ' is-pending' : ''}`}
      role="listitem"
      data-segment-id={s.id}
      data-status={s.status}
      data-kind={s.kind}
      onMouseEnter={() => handlers.hover(s.id)}
      onMouseLeave={() => handlers.hover(null)}
      // Selecting a row from the keyboard lights up its share of the bar, as hovering does.
      tabIndex={0}
      onFocus={(e) => e.target === e.currentTarget && handlers.hover(s.id)}
      onBlur={(e) => e.target === e.currentTarget && handlers.hover(null)}
    >
      <div className="seg-size" title={s.tokens.kind === 'estimate' ? `${formatInt(s.bytes)} bytes ÷ 4, rounded up: an estimate` : undefined}>
        <span>
          {s.tokens.kind === 'estimate' ? '≈ ' : ''}
          {formatInt(s.tokens.tokens)}
        </span>
        <span className="seg-kind-note">{countSuffix(s.tokens.kind, s.tokens.encoding)}</span>
        {s.tokens.kind !== 'estimate' && (
          <span className="seg-kind-note" data-testid="seg-estimate" title={`${formatInt(s.bytes)} bytes ÷ 4, rounded up`}>
            ≈ {formatInt(approxTokens(s.bytes))} est.
          </span>
        )}
      </div>
      <div className="seg-main">
        <div className="seg-line">
          <span className={`seg-badge seg-kind-${s.kind}`}>{KIND[s.kind]}</span>
          <span className={`seg-badge seg-status-${s.status}`}>{s.status}</span>
          {s.wire && (
            <span className="seg-badge seg-wire" data-testid="seg-wire" title={s.wire.withheld ? `Withheld from request #${s.wire.seq} on the wire` : `Sent in request #${s.wire.seq} on the wire: a directive here is enforced on the CLI’s next request`}>
              {s.wire.withheld ? 'withheld on the wire' : 'on the wire'}
            </span>
          )}
          {s.label && <span className="seg-label mono" title={s.label}>{s.label}</span>}
          <span className="seg-preview" title={shown}>{shown || '(empty)'}</span>
        </div>
        {error ? (
          // The row keeps its height (the list is virtualized): the refusal takes the meta line's place.
          <div className="seg-meta seg-error" role="alert" data-testid="segment-error" data-error-code={error.code} title={error.message}>
            <span className="seg-error-text">
              <strong>{error.title}:</strong> {error.message}
            </span>
            <button type="button" className="ghost small" aria-label="Dismiss error" onClick={handlers.dismissError}>
              ×
            </button>
          </div>
        ) : (
          <div className="seg-meta">
            {turn > 0 ? `turn ${turn}` : s.source} ·{' '}
            {s.eviction && (
              <>
                {/* Before the id: what evicting it costs must not be the part the line's ellipsis cuts. */}
                <EvictionPrice segment={s} busy={busy} short />
                {' · '}
              </>
            )}
            <span className="mono">{s.id}</span>
            {s.outOfContext && s.outOfContextReason ? <span className="seg-out"> · {OUT[s.outOfContextReason]}</span> : null}
            {s.directiveAuthor === 'agent' ? ' · set by the agent' : ''}
          </div>
        )}
      </div>
      <div className="seg-actions" title={cannot ?? undefined} data-unavailable={cannot ? 'true' : undefined}>
        {directed ? (
          <>
            {s.eviction?.state === 'pending' && (
              <button type="button" className="small" disabled={busy} onClick={() => handlers.applyNow(s)} title="Withhold it from the CLI’s next request: the cache re-write is paid now">
                Apply now
              </button>
            )}
            <button type="button" className="small" disabled={busy} onClick={() => handlers.act('restore', s)}>
              Restore
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              className="small"
              disabled={busy || !!cannot}
              onClick={() => handlers.act('pin', s)}
              title={cannot ?? 'Keep it in every prompt Loupe assembles, whatever the fold'}
              aria-description={cannot ?? undefined}
            >
              Pin
            </button>
            {s.status !== 'protected' && (
              <>
                <button
                  type="button"
                  className="small"
                  disabled={busy || !!cannot}
                  title={cannot ?? (s.wire ? 'Withhold it from the CLI’s next request (Loupe’s relay)' : undefined)}
                  aria-description={cannot ?? undefined}
                  onClick={() => handlers.act('evict', s)}
                  onMouseEnter={() => handlers.consider(s.id)}
                  onMouseLeave={() => handlers.consider(null)}
                  onFocus={() => handlers.consider(s.id)}
                  onBlur={() => handlers.consider(null)}
                >
                  Evict
                </button>
                <button type="button" className="small" disabled={busy || !!cannot} title={cannot ?? undefined} onClick={() => handlers.summarize(s)}>
                  Summarize
                </button>
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
});
