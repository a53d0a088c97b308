import type { PresetHistoryEntry } from '../../../../shared/contract/presets';
import type { PresetRef } from '../../../../shared/contract/runs';
import { FIELD_LABELS, formatSettingValue, type DiffField } from '../../../../shared/presets/diff';

/** A date and time in the user's locale, short. */
export const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

function Changes({ entry }: { entry: PresetHistoryEntry }) {
  if (entry.changes.length === 0) return <p className="hint">Same settings as @{entry.previous}.</p>;
  return (
    <ul className="change-list">
      {entry.changes.map((c) => (
        <li key={c.field} data-field={c.field}>
          <span className="change-field">{FIELD_LABELS[c.field as DiffField] ?? c.field}</span>{' '}
          {entry.previous === null ? (
            <span className="mono">{formatSettingValue(c.after)}</span>
          ) : (
            <>
              <span className="mono change-before">{formatSettingValue(c.before)}</span> → <span className="mono">{formatSettingValue(c.after)}</span>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A preset's revisions, newest first: when, who, where from, what changed, and Apply. */
export function RevisionList({
  name,
  history,
  applied,
  busy,
  onApply,
}: {
  name: string;
  history: PresetHistoryEntry[];
  applied: PresetRef | null;
  busy: boolean;
  onApply: (revision: number) => void;
}) {
  return (
    <ol className="revision-list" reversed aria-label={`Revisions of ${name}`}>
      {[...history].reverse().map((h) => {
        const inForce = applied?.name === name && applied.revision === h.revision;
        return (
          <li key={h.revision} className={inForce ? 'revision is-in-force' : 'revision'} data-revision={h.revision}>
            <div className="revision-head">
              <strong className="mono">@{h.revision}</strong>
              <span>{when(h.createdAt)}</span>
              <span className="muted">{h.author ? `by ${h.author}` : 'author unknown'}</span>
              {h.origin.kind === 'imported' && <span className="hint">imported from {h.origin.label}</span>}
              <span className="spacer" />
              {inForce && <span className="badge badge-src-preset">in force</span>}
              <button type="button" className="small" disabled={busy} onClick={() => onApply(h.revision)} aria-label={`Apply ${name}@${h.revision}`}>
                {inForce ? 'Apply again' : 'Apply'}
              </button>
            </div>
            {h.previous === null && <p className="hint">First revision: its settings.</p>}
            <Changes entry={h} />
          </li>
        );
      })}
    </ol>
  );
}
