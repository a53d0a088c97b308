import { useState } from 'react';
import type { PresetHistoryEntry, PresetRevision } from '../../../../shared/contract/presets';
import type { PresetRef } from '../../../../shared/contract/runs';
import { FIELD_LABELS, formatSettingValue } from '../../../../shared/presets/diff';
import { formatWhen } from '../../ui/when';

/** A date and time in the user's locale, short. */
export const when = (iso: string) => formatWhen(iso);

function Changes({ entry }: { entry: PresetHistoryEntry }) {
  if (entry.changes.length === 0) return <p className="hint">Same settings as @{entry.previous}.</p>;
  return (
    <ul className="change-list">
      {entry.changes.map((c) => (
        <li key={c.field} data-field={c.field}>
          <span className="change-field">{(FIELD_LABELS as Partial<Record<string, string>>)[c.field] ?? c.field}</span>{' '}
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

/**
 * What an imported revision would run on this machine (a custom command, extra
 * CLI arguments), or null. Applying such a revision is confirmed first: a
 * library from a repository or a file is as untrusted as its source.
 */
export function programOf(revision: PresetRevision | undefined): string | null {
  if (!revision || revision.origin.kind !== 'imported') return null;
  const s = revision.settings;
  const parts = [s.agent === 'custom' ? s.command : null, s.agentArgs?.length ? `${s.agent} ${s.agentArgs.join(' ')}` : null].filter(Boolean);
  return parts.length ? parts.join('; ') : null;
}

/** A preset's revisions, newest first: when, who, where from, what changed, and Apply. */
export function RevisionList({
  name,
  history,
  revisions,
  applied,
  busy,
  onApply,
}: {
  name: string;
  history: PresetHistoryEntry[];
  revisions: readonly PresetRevision[];
  applied: PresetRef | null;
  busy: boolean;
  onApply: (revision: number) => void;
}) {
  const [confirming, setConfirming] = useState<number | null>(null);
  const apply = (revision: number) => {
    if (confirming !== revision && programOf(revisions.find((r) => r.revision === revision))) setConfirming(revision);
    else {
      setConfirming(null);
      onApply(revision);
    }
  };
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
              <button type="button" className="small" disabled={busy} onClick={() => apply(h.revision)} aria-label={`Apply ${name}@${h.revision}`}>
                {inForce ? 'Apply again' : 'Apply'}
              </button>
            </div>
            {confirming === h.revision && (
              <div className="notice notice-warn" role="alertdialog" aria-label={`Confirm applying ${name}@${h.revision}`} data-testid="confirm-apply">
                <p>
                  This imported revision runs <code className="mono">{programOf(revisions.find((r) => r.revision === h.revision))}</code> on
                  this machine when you start a run. Apply it only if you trust where it came from.
                </p>
                <div className="row">
                  <button type="button" className="small primary" onClick={() => apply(h.revision)}>
                    Apply anyway
                  </button>
                  <button type="button" className="small" onClick={() => setConfirming(null)}>
                    Cancel
                  </button>
                </div>
              </div>
            )}
            {h.previous === null && <p className="hint">First revision: its settings.</p>}
            <Changes entry={h} />
          </li>
        );
      })}
    </ol>
  );
}
