import { useEffect, useState } from 'react';
import { RUN_LIMITS } from '../../../../../shared/contract/run-limits';
import { formatInt } from '../../../../../shared/format';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { useMemory } from './memory-store';

/**
 * Memory: notes kept across runs. Ticked ones go with every run as the
 * prompt's Memory section (measured with the rest); the list lives in
 * Loupe's database, not in the run settings or presets.
 */
export function MemoryField() {
  const { items, error, busy, load, add, setSelected, remove, dismissError } = useMemory();
  const [text, setText] = useState('');
  useEffect(() => void load(), [load]);
  const submit = async () => {
    if (text.trim() && (await add(text))) setText('');
  };
  const selected = (items ?? []).filter((m) => m.selected).length;
  return (
    <fieldset className="run-field" data-testid="memory-field">
      <legend>Memory</legend>
      <p className="hint">
        Notes kept across runs. Ticked ones go with every run as its Memory section ({selected} of at most {RUN_LIMITS.maxMemoryItems}).
      </p>
      {error && <ErrorNotice error={error} onDismiss={dismissError} />}
      {items && items.length > 0 && (
        <ul className="memory-list">
          {items.map((m) => (
            <li key={m.id} className="memory-item" data-memory-id={m.id}>
              <label className="check">
                <input type="checkbox" checked={m.selected} disabled={busy === m.id} onChange={(e) => void setSelected(m.id, e.target.checked)} />
                <span className="memory-text">{m.text}</span>
              </label>
              <button type="button" className="small" aria-label={`Remove memory: ${m.text.slice(0, 40)}`} disabled={busy === m.id} onClick={() => void remove(m.id)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="memory-add">
        <input
          type="text"
          aria-label="New memory item"
          placeholder="e.g. We use pnpm, never npm."
          value={text}
          maxLength={RUN_LIMITS.maxMemoryChars}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void submit()}
        />
        <button type="button" className="small" disabled={!text.trim() || busy === 'new'} onClick={() => void submit()}>
          Keep
        </button>
      </div>
      <p className="hint">Up to {formatInt(RUN_LIMITS.maxMemoryChars)} characters each.</p>
    </fieldset>
  );
}
