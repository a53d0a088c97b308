import { useShallow } from 'zustand/react/shallow';
import { budgetText } from '../../../../shared/presets/describe';
import { plural } from '../../../../shared/format';
import { RevisionList } from './RevisionList';
import { usePresets } from './store';

/** The selected preset: its latest settings in brief, its revisions, Apply, Export and Archive. */
export function PresetDetailPanel() {
  const { detail, history, applied, busy } = usePresets(
    useShallow((s) => ({ detail: s.detail, history: s.history, applied: s.effective?.appliedPreset ?? null, busy: s.busy })),
  );
  const { apply, exportLibrary, archive } = usePresets.getState();
  if (!detail) return null;
  return (
    <section className="preset-card" aria-labelledby="preset-detail-title" data-testid="preset-detail" data-preset={detail.name}>
      <div className="preset-card-head">
        <h2 id="preset-detail-title">
          {detail.name} <span className="muted">· {plural(detail.revisionCount, 'revision')}</span>
        </h2>
        <span className="spacer" />
        <button type="button" className="small" disabled={busy} onClick={() => void exportLibrary([detail.name])}>
          Export
        </button>
        <button type="button" className="small" disabled={busy} onClick={() => void archive(detail.name, !detail.archived)}>
          {detail.archived ? 'Unarchive' : 'Archive'}
        </button>
      </div>
      <p className="hint">
        Latest @{detail.latest}: {detail.agent}
        {detail.model ? ` · ${detail.model}` : ''} · {budgetText(detail.budget)}. Revisions never change; applying one makes every setting come from it, and a
        revision without a budget clears the ceiling in force.
      </p>
      <RevisionList name={detail.name} history={history} revisions={detail.revisions} applied={applied} busy={busy} onApply={(r) => void apply(detail.name, r)} />
    </section>
  );
}
