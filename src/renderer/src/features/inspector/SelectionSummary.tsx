import { useShallow } from 'zustand/react/shallow';
import { Meter } from '../../ui/Meter';
import { MAX_SELECTIONS, selectionLevel } from './limits';
import { useInspector } from './store';

/** The current selection against the 50-selection limit, as removable chips. */
export function SelectionSummary() {
  const { selected, notice } = useInspector(useShallow((s) => ({ selected: s.selected, notice: s.notice })));
  const { toggleSelect, clearSelection, dismissNotice } = useInspector.getState();
  const max = MAX_SELECTIONS;
  const n = selected.length;
  const level = selectionLevel(n);

  return (
    <div className="insp-field" data-testid="selection">
      <div className="insp-label-row">
        <span className="insp-label">Selected</span>
        <span className={`sel-count sel-${level}`} data-testid="selection-count">
          {n} of {max}
        </span>
        <span className="spacer" />
        {n > 0 && (
          <button type="button" className="ghost small" onClick={clearSelection}>
            Clear
          </button>
        )}
      </div>
      <Meter value={n} max={max} level={level} label="Selections used" />
      {level !== 'ok' && (
        <p className={`hint sel-${level}`} role="status">
          {level === 'full'
            ? `Limit reached: at most ${max} selections. Select a parent folder to cover more files.`
            : `${max - n} selections left before the limit of ${max}.`}
        </p>
      )}
      {notice && (
        <div className="notice notice-warn small" role="status">
          <p>{notice}</p>
          <button type="button" className="ghost" aria-label="Dismiss" onClick={dismissNotice}>
            ×
          </button>
        </div>
      )}
      {n === 0 ? (
        <p className="hint">Tick files and folders in the tree above.</p>
      ) : (
        <ul className="chips" aria-label="Selected paths">
          {selected.map((s) => (
            <li key={s.path} className="chip" data-testid="selection-chip" title={s.path}>
              <span className="chip-text mono">
                {s.path}
                {s.kind === 'dir' ? '/' : ''}
              </span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove ${s.path} from the selection`}
                onClick={() => toggleSelect({ path: s.path, type: s.kind === 'dir' ? 'dir' : 'file' })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
