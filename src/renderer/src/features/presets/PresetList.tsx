import { useShallow } from 'zustand/react/shallow';
import { budgetText } from '../../../../shared/presets/describe';
import { usePresets } from './store';

/** The presets stored here: name, latest revision, agent and budget; one is selected. */
export function PresetList() {
  const { presets, selected, showArchived, loaded, applied } = usePresets(
    useShallow((s) => ({ presets: s.presets, selected: s.selected, showArchived: s.showArchived, loaded: s.loaded, applied: s.effective?.appliedPreset ?? null })),
  );
  const { select, setShowArchived } = usePresets.getState();
  return (
    <section className="preset-card" aria-labelledby="preset-list-title">
      <div className="preset-card-head">
        <h2 id="preset-list-title">Presets</h2>
        <label className="hint preset-archived-toggle">
          <input type="checkbox" checked={showArchived} onChange={(e) => void setShowArchived(e.target.checked)} /> Show archived
        </label>
      </div>
      {loaded && presets.length === 0 && <p className="muted">No presets yet. Save the settings in force as one, or import a library file.</p>}
      <ul className="preset-list" data-testid="preset-list">
        {presets.map((p) => (
          <li key={p.name}>
            <button
              type="button"
              className={p.name === selected ? 'preset-item is-selected' : 'preset-item'}
              aria-current={p.name === selected ? 'true' : undefined}
              onClick={() => void select(p.name)}
              data-preset={p.name}
            >
              <span className="preset-item-name">
                {p.name}
                <span className="muted">{` @${p.latest}`}</span>
                {applied?.name === p.name && <span className="badge badge-src-preset">in force @{applied.revision}</span>}
                {p.archived && <span className="badge badge-src-default">archived</span>}
              </span>
              <span className="hint">
                {p.agent}
                {p.model ? ` · ${p.model}` : ''} · {budgetText(p.budget)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
