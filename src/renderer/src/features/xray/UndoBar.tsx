import { useXray } from './store';

const DONE: Record<string, string> = { pin: 'Pinned', evict: 'Evicted', summarize: 'Summarized', restore: 'Restored' };

/** The last action with its undo (it puts back the directive the segment had before). */
export function UndoBar() {
  const undo = useXray((s) => s.undo);
  const busy = useXray((s) => s.busy);
  if (!undo) return null;
  return (
    <div className="undo-bar" role="status">
      <span data-testid="undo-text" title={undo.segmentId}>
        {DONE[undo.did]} {undo.what}.
      </span>
      <button type="button" className="small" disabled={busy !== null} onClick={() => void useXray.getState().undoLast()}>
        Undo
      </button>
    </div>
  );
}
