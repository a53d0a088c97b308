import { useDeferredValue, useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { CalibrationPanel } from './CalibrationPanel';
import { ModelsTable } from './ModelsTable';
import { RefreshSettings } from './RefreshSettings';
import { filterModels, useModels } from './store';

const n = (value: number) => value.toLocaleString('en-US');

/** Settings → Models: the catalog with each model's window, its source, reserve and fold budget. */
export function ModelsPanel() {
  const { models, total, defaultWindow, snapshot, loaded, error, query } = useModels(
    useShallow((s) => ({
      models: s.models,
      total: s.total,
      defaultWindow: s.defaultWindow,
      snapshot: s.snapshot,
      loaded: s.loaded,
      error: s.error,
      query: s.query,
    })),
  );
  useEffect(() => {
    void useModels.getState().load();
  }, []);
  // Typing stays responsive: the filter runs on a deferred copy of the query.
  const deferred = useDeferredValue(query);
  const matched = useMemo(() => filterModels(models, deferred), [models, deferred]);
  const defaults = useMemo(() => models.filter((m) => m.source === 'default').length, [models]);

  return (
    <section className="models-panel" aria-labelledby="models-title" data-models-ready={loaded ? 'true' : 'false'}>
      <h2 id="models-title">Models</h2>
      <p className="muted">
        Each turn’s history is trimmed to the model’s context window minus a reserve for the answer: reserve = max(16,384, 15% of
        the window), never capped, budget = window − reserve, at least 1 (a window of 16,384 tokens or less leaves no room: no history is sent). Budgets are checked in each model’s best available count: exact where its tokenizer is
        public (OpenAI), otherwise the estimate (bytes ÷ 4) scaled by the calibration below.
      </p>
      <CalibrationPanel />
      {error && <ErrorNotice error={error} onDismiss={() => useModels.getState().clearError()} />}
      <RefreshSettings />
      <div className="models-search row">
        <label htmlFor="models-search" className="visually-hidden">
          Search models
        </label>
        <input
          id="models-search"
          type="search"
          placeholder="Search by id, name or provider (e.g. claude sonnet)"
          value={query}
          onChange={(e) => useModels.getState().setQuery(e.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
        <span className="muted models-count" aria-live="polite">
          {loaded ? `${n(matched.length)} of ${n(total)} models` : 'Loading…'}
        </span>
      </div>
      {defaults > 0 && (
        <p className="hint">
          {n(defaults)} models publish no usable window: they show the {n(defaultWindow)} <span className="badge badge-src-default">default</span>, not a
          window of their own.
        </p>
      )}
      {loaded && matched.length === 0 ? <p className="muted">No model matches “{deferred}”.</p> : <ModelsTable models={matched} />}
      {snapshot && <p className="hint">Bundled snapshot: {snapshot}.</p>}
    </section>
  );
}
