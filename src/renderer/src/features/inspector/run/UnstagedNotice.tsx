import { useRunForm, type RunContext } from './run-store';

/**
 * Before Run: the selections that would stage nothing (a credential file Loupe
 * never stages, a path with nothing there, a folder whose every file was
 * refused), each with why, and the one click that goes ahead without them.
 * Run alone refuses them, so nothing the user chose is dropped silently.
 */
export function UnstagedNotice({ ctx, runnable }: { ctx: RunContext; runnable: boolean }) {
  const unstaged = useRunForm((s) => s.preview?.unstaged);
  const starting = useRunForm((s) => s.starting);
  if (!unstaged?.length) return null;
  const one = unstaged.length === 1;
  return (
    <div className="notice notice-warn small unstaged-notice" role="status" data-testid="run-unstaged">
      <p>
        {one ? 'This selection will stage nothing' : `${unstaged.length} selections will stage nothing`}:{' '}
        {unstaged.map((u, i) => (
          <span key={u} data-testid="run-unstaged-item">
            {i > 0 ? '; ' : ''}
            {u}
          </span>
        ))}
        . Run stops before launch unless you go ahead without {one ? 'it' : 'them'} (or untick {one ? 'it' : 'them'} in the tree).
      </p>
      <button
        type="button"
        className="small"
        data-testid="run-without-unstaged"
        disabled={!runnable || starting}
        title={runnable ? 'Start the run; the evidence lists what was not staged and why' : 'Type what the agent should do first'}
        onClick={() => void useRunForm.getState().start(ctx, { allowUnstaged: true })}
      >
        Run without {one ? 'it' : 'them'}
      </button>
    </div>
  );
}
