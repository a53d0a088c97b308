import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { appHost } from '../../state/shell-store';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useRepo } from '../../state/repo-store';

/** Start screen: open a repository by picker (desktop) or path, or pick a recent one. */
export function OpenRepository() {
  const { recent, opening, error, repo } = useRepo(
    useShallow((s) => ({ recent: s.recent, opening: s.opening, error: s.error, repo: s.repo })),
  );
  const { open, pick, forget, clearError, setChoosing } = useRepo.getState();
  const [path, setPath] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (path.trim()) void open(path.trim());
  };

  return (
    <section className="open-repo" aria-labelledby="open-repo-title">
      <h1 id="open-repo-title">Open a repository</h1>
      <p className="muted">
        Loupe shows exactly which files an agent run will receive from a local git repository, and keeps it inside
        your budgets.
      </p>
      {appHost === 'electron' && (
        <button type="button" className="primary" onClick={() => void pick()} disabled={opening}>
          Choose folder…
        </button>
      )}
      <form onSubmit={submit} className="path-form">
        <label htmlFor="repo-path">Repository folder</label>
        <div className="row">
          <input
            id="repo-path"
            name="repo-path"
            type="text"
            placeholder="/home/you/code/project"
            value={path}
            onChange={(e) => setPath(e.target.value)}
            autoFocus={appHost === 'browser'}
            spellCheck={false}
            autoComplete="off"
          />
          <button type="submit" className={appHost === 'browser' ? 'primary' : ''} disabled={opening || !path.trim()}>
            {opening ? 'Opening…' : 'Open'}
          </button>
        </div>
        <p className="hint">An absolute path to a folder inside a git working copy.</p>
      </form>
      {error && <ErrorNotice error={error} onDismiss={clearError} />}
      {recent.length > 0 && (
        <div className="recent">
          <h2>Recent</h2>
          <ul>
            {recent.map((r) => (
              <li key={r.path}>
                <button type="button" className="recent-open" onClick={() => void open(r.path)} disabled={opening}>
                  <strong>{r.name}</strong>
                  <span className="muted mono">{r.path}</span>
                </button>
                <button
                  type="button"
                  className="ghost"
                  aria-label={`Remove ${r.name} from recent`}
                  title="Remove from recent"
                  onClick={() => void forget(r.path)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {repo && (
        <button type="button" className="ghost" onClick={() => setChoosing(false)}>
          Back to {repo.name}
        </button>
      )}
    </section>
  );
}
