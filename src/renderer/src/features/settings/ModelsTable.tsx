import { memo, useEffect, useState } from 'react';
import type { ModelInfo, WindowSource } from '../../../../shared/contract/models';
import { DEFAULT_WINDOW_TOKENS } from '../../../../shared/fold/budget';
import { rowsInView, useScrollView } from '../../ui/use-scroll-view';

const n = (value: number) => value.toLocaleString('en-US');

const SOURCE_TEXT: Record<WindowSource, { label: string; title: string }> = {
  snapshot: { label: 'snapshot', title: 'Published window, from the snapshot bundled with Loupe (models.dev data).' },
  refresh: { label: 'refreshed', title: 'Published window, from a refresh you turned on.' },
  default: { label: 'default', title: `No valid window is published for this model: Loupe uses the ${n(DEFAULT_WINDOW_TOKENS)} default.` },
};

const Row = memo(function Row({ model }: { model: ModelInfo }) {
  const src = SOURCE_TEXT[model.source];
  return (
    <tr data-model-id={model.id} data-source={model.source}>
      <td className="col-model">
        <span className="mono model-id">{model.id}</span>
        <span className="muted model-name">
          {model.name}
          {!model.id.startsWith(`${model.provider}/`) && ` · served by ${model.provider}`}
        </span>
      </td>
      <td className="num">
        {n(model.window)}
        {model.source === 'default' && <span className="visually-hidden"> (default, not published)</span>}
      </td>
      <td>
        <span className={`badge badge-src-${model.source}`} title={src.title}>
          {src.label}
        </span>
      </td>
      <td className="num">{n(model.reserve)}</td>
      <td className="num">{n(model.budget)}</td>
      <td className="num muted">{model.output === null ? '–' : n(model.output)}</td>
    </tr>
  );
});

/** Rows are one height (CSS pins it; the first rendered row is measured to be exact), so the slice in view follows from scrollTop. */
const ROW_HEIGHT = 44;
const OVERSCAN = 8;

function Spacer({ height }: { height: number }) {
  return (
    <tr className="spacer" aria-hidden>
      <td colSpan={6} style={{ height }} />
    </tr>
  );
}

/**
 * The catalog as a table that renders only the rows in view (plus a few), so
 * thousands of models scroll and filter without delay. Spacer rows above and
 * below keep the scrollbar true to the full list.
 */
export function ModelsTable({ models }: { models: ModelInfo[] }) {
  const { scroller, view, setView, measure } = useScrollView<HTMLDivElement>(600);
  const [rowHeight, setRowHeight] = useState(ROW_HEIGHT);
  // A new filter result starts at the top.
  useEffect(() => {
    if (scroller.current) scroller.current.scrollTop = 0;
    setView((v) => ({ ...v, top: 0 }));
  }, [models]);

  useEffect(() => {
    const row = scroller.current?.querySelector('tbody tr[data-model-id]');
    const h = row?.getBoundingClientRect().height;
    if (h && Math.abs(h - rowHeight) > 0.5) setRowHeight(h);
  });

  const { first, last } = rowsInView(view, models.length, rowHeight, OVERSCAN);
  const slice = models.slice(first, last);
  return (
    <div className="result-scroll models-scroll" ref={scroller} onScroll={measure}>
      <table className="result-table compact models-table" aria-label="Models" aria-rowcount={models.length + 1}>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col" className="num" title="Context window in tokens">
              Window
            </th>
            <th scope="col">Source</th>
            <th scope="col" className="num" title="Kept free for the answer: max(16,384, 15% of the window)">
              Reserve
            </th>
            <th scope="col" className="num" title="What a turn's history may use: window − reserve (at least 1)">
              Budget
            </th>
            <th scope="col" className="num" title="Output limit, where published">
              Output
            </th>
          </tr>
        </thead>
        <tbody>
          {first > 0 && <Spacer height={first * rowHeight} />}
          {slice.map((m) => (
            <Row key={m.id} model={m} />
          ))}
          {last < models.length && <Spacer height={(models.length - last) * rowHeight} />}
        </tbody>
      </table>
    </div>
  );
}
