import { useCallback, useEffect, useRef, useState } from 'react';

export interface ScrollView {
  top: number;
  height: number;
}

/**
 * Where a scrolling list stands (scrollTop and visible height), kept current
 * on scroll (pass `measure` as onScroll) and on resize: what a list that
 * renders only the rows in view needs.
 */
export function useScrollView<T extends HTMLElement>(fallbackHeight: number) {
  const scroller = useRef<T>(null);
  const [view, setView] = useState<ScrollView>({ top: 0, height: fallbackHeight });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (el) setView({ top: el.scrollTop, height: el.clientHeight });
  }, []);
  useEffect(() => {
    measure();
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure]);
  return { scroller, view, setView, measure };
}

/** The rows of a `count`-row list of `rowHeight` px to render in `view`, with `overscan` more on each side. */
export function rowsInView(view: ScrollView, count: number, rowHeight: number, overscan: number): { first: number; last: number } {
  return {
    first: Math.max(0, Math.floor(view.top / rowHeight) - overscan),
    last: Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + overscan),
  };
}
