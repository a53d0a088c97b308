import { startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { nextProgressiveCount } from './progressive-count';

/**
 * How many of `total` items to render now: `first` at once (a screenful), then `step` more
 * after each paint until all are there. A long list then shows its top in one frame instead
 * of holding the first paint until every row is built (200 result rows cost the Inspector
 * ~0.4 s on a loaded machine), and the rest arrive in transitions a click can interrupt.
 * A new `list` (by identity) starts again from `first`. `showAll` renders everything now,
 * synchronously: for a key that moves past the rows built so far (End, PageDown).
 */
export function useProgressiveCount(list: unknown, total: number, first: number, step: number): { count: number; complete: boolean; showAll(): void } {
  const [state, setState] = useState({ list, count: Math.min(total, first) });
  let count = state.count;
  if (state.list !== list) {
    // A new list: derived during render (React re-renders at once, before committing the old count).
    count = Math.min(total, first);
    setState({ list, count });
  }
  const shown = Math.min(total, count);

  useEffect(() => {
    if (shown >= total) return;
    // After the next paint (the frame callback runs before it, the timer after it), so each step's rows are seen before the next are built.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setState((s) => (s.list === list ? { list, count: nextProgressiveCount(s.count, total, step) } : s))));
    });
    return () => {
      cancelAnimationFrame(frame);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [list, shown, total, step]);

  const showAll = useCallback(() => flushSync(() => setState((s) => ({ list: s.list, count: Number.POSITIVE_INFINITY }))), []);
  return { count: shown, complete: shown >= total, showAll };
}
