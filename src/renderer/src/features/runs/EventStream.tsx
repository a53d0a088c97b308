import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatInt } from '../../../../shared/format';
import { EventRow } from './EventRow';
import { useRunOutput } from './output-store';
import { useRuns } from './store';

/** Items drawn at first; older ones come on request (the DOM stays small for long outputs). */
const PAGE = 300;

/**
 * The run's output as it arrives: assistant text, tool calls (results
 * collapsed), errors in red, raw output in monospace. Keeps to the bottom
 * while the user is there; scrolling up stops following.
 */
export function EventStream({ scroller }: { scroller: React.RefObject<HTMLDivElement | null> }) {
  const { items, dropped, unrecorded, lost } = useRunOutput(
    useShallow((s) => ({ items: s.items, dropped: s.dropped, unrecorded: s.unrecorded, lost: s.lost })),
  );
  const running = useRuns((s) => s.status === 'running');
  const [shown, setShown] = useState(PAGE);
  const stick = useRef(true);
  const runId = useRuns((s) => s.selectedId);
  useEffect(() => {
    setShown(PAGE);
    stick.current = true;
  }, [runId]);

  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onScroll = () => {
      stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [scroller]);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && stick.current && running) el.scrollTop = el.scrollHeight;
  }, [items, running, scroller]);

  const visible = items.length > shown ? items.slice(items.length - shown) : items;
  const hidden = items.length - visible.length;

  return (
    <div className="ev-stream" data-testid="run-output" data-items={items.length}>
      {(hidden > 0 || dropped > 0) && (
        <p className="hint ev-more">
          {hidden > 0 && (
            <button type="button" className="small" onClick={() => setShown((n) => n + PAGE)}>
              Show {formatInt(Math.min(PAGE, hidden))} earlier
            </button>
          )}{' '}
          {dropped > 0 && `${formatInt(dropped)} earliest items are not kept in this view (the evidence is complete).`}
        </p>
      )}
      {unrecorded > 0 && (
        <p className="notice notice-warn small" role="status" data-testid="unrecorded">
          {formatInt(unrecorded)} events of this run’s output were shown live but not recorded (Loupe keeps the first part of a long
          output); the evidence is complete.
        </p>
      )}
      {lost && (
        <p className="notice notice-warn small" role="status">
          Some output arrived while this page was away and was not kept; what follows is live.
        </p>
      )}
      {items.length === 0 && !running && <p className="muted">No output recorded for this run.</p>}
      {visible.map((item) => (
        <EventRow key={item.key} item={item} />
      ))}
      {running && (
        <div className="ev-running" data-testid="run-progress">
          <div className="progress indeterminate" role="progressbar" aria-label="The agent is working">
            <span />
          </div>
          <span className="hint">The agent is working…</span>
        </div>
      )}
    </div>
  );
}
