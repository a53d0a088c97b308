import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { presetNameProblem } from '../../../../shared/contract/preset-limits';
import { useRepo } from '../../state/repo-store';
import { usePresets } from './store';

/** Saves the settings in force as the next revision of a preset (or a new one), which then is in force. */
export function SavePresetForm() {
  const { selected, presets, busy } = usePresets(useShallow((s) => ({ selected: s.selected, presets: s.presets, busy: s.busy })));
  const repo = useRepo((s) => s.repo?.root ?? null);
  const [name, setName] = useState(selected ?? '');
  useEffect(() => setName(selected ?? ''), [selected]);
  const trimmed = name.trim();
  const problem = presetNameProblem(trimmed);
  const existing = presets.find((p) => p.name === trimmed);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!problem) void usePresets.getState().saveCurrent(trimmed, repo);
  };
  return (
    <form className="preset-card save-preset" onSubmit={submit} aria-labelledby="save-preset-title">
      <h2 id="save-preset-title">Save the settings in force</h2>
      <div className="row">
        <label htmlFor="preset-name" className="visually-hidden">
          Preset name
        </label>
        <input id="preset-name" type="text" list="preset-names" value={name} onChange={(e) => setName(e.target.value)} placeholder="Preset name, e.g. team-claude" spellCheck={false} />
        <datalist id="preset-names">
          {presets.map((p) => (
            <option key={p.name} value={p.name} />
          ))}
        </datalist>
        <button type="submit" className="primary" disabled={busy || problem !== null}>
          {existing ? `Save as ${existing.name}@${existing.latest + 1}` : 'Save as new preset'}
        </button>
      </div>
      <p className={trimmed && problem ? 'hint hint-error' : 'hint'}>
        {trimmed && problem
          ? `The name ${problem}.`
          : 'Each save is a new revision that never changes; the author is git’s user.name. The saved revision is then in force.'}
      </p>
    </form>
  );
}
