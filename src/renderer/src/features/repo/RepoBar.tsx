import { useRepo } from '../../state/repo-store';

/** The open repository: name, branch, HEAD, and a way to switch. */
export function RepoBar() {
  const repo = useRepo((s) => s.repo);
  const setChoosing = useRepo((s) => s.setChoosing);
  if (!repo) return null;
  return (
    <header className="repo-bar" data-repo-root={repo.root}>
      <div className="repo-name">
        <strong>{repo.name}</strong>
        <span className="muted mono" title={repo.root}>
          {repo.root}
        </span>
      </div>
      <span className="pill" title="Current branch">
        {repo.branch ?? 'detached HEAD'}
      </span>
      <span className="pill mono" title={repo.head ?? 'No commits yet'}>
        {repo.head ? repo.head.slice(0, 10) : 'no commits'}
      </span>
      <span className="spacer" />
      <button type="button" onClick={() => setChoosing(true)}>
        Switch repository…
      </button>
    </header>
  );
}
