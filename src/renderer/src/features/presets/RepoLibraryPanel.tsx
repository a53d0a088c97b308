import { useShallow } from 'zustand/react/shallow';
import type { RepoPreset } from '../../../../shared/contract/presets';
import { budgetText } from '../../../../shared/presets/describe';
import { usePresets } from './store';

function Status({ p }: { p: RepoPreset }) {
  if (p.conflicts.length) return <span className="badge badge-conflict">{`contradicts @${p.conflicts.join(', @')} here`}</span>;
  if (!p.missing.length) return <span className="badge badge-src-builtin">already here</span>;
  return <span className="badge badge-src-app">{p.existsHere ? `adds @${p.missing.join(', @')}` : 'new here'}</span>;
}

/** The open repository's `.loupe/presets.json` at HEAD, labelled with the commit, each preset importable. */
export function RepoLibraryPanel() {
  const { lib, busy } = usePresets(useShallow((s) => ({ lib: s.repoLibrary, busy: s.busy })));
  if (!lib?.found || !lib.commit) return null;
  const short = lib.commit.slice(0, 7);
  const { importFromRepo } = usePresets.getState();
  const importable = lib.presets.filter((p) => p.missing.length && !p.conflicts.length);
  return (
    <section className="preset-card repo-library" aria-labelledby="repo-library-title" data-testid="repo-library" data-commit={lib.commit}>
      <div className="preset-card-head">
        <h2 id="repo-library-title">From the repository at {short}</h2>
        <span className="spacer" />
        {importable.length > 1 && (
          <button type="button" className="small" disabled={busy} onClick={() => void importFromRepo(lib.repo, importable.map((p) => p.name))}>
            Import all
          </button>
        )}
      </div>
      <p className="hint">
        <span className="mono">{lib.path}</span> as committed at <span className="mono">{short}</span>. Check what a preset runs before you import and apply it.
      </p>
      {lib.problems.length > 0 && (
        <ul className="problem-list hint-error">
          {lib.problems.map((p, i) => (
            <li key={i}>
              {p.path && <code>{p.path}</code>} {p.message}
            </li>
          ))}
        </ul>
      )}
      <ul className="preset-list">
        {lib.presets.map((p) => {
          const latest = p.revisions.at(-1)!.settings;
          return (
            <li key={p.name} className="repo-preset" data-repo-preset={p.name}>
              <span className="preset-item-name">
                {p.name} <span className="muted">@{p.revisions.at(-1)!.revision}</span>
                <Status p={p} />
              </span>
              <span className="hint">
                {latest.agent}
                {latest.command ? <span className="mono">{` · runs ${latest.command}`}</span> : null}
                {latest.agentArgs?.length ? <span className="mono">{` · args ${latest.agentArgs.join(' ')}`}</span> : null} · {budgetText(latest.loop.contextBudget)}
              </span>
              {p.missing.length > 0 && !p.conflicts.length && (
                <button type="button" className="small" disabled={busy} onClick={() => void importFromRepo(lib.repo, [p.name])} aria-label={`Import ${p.name} from the repository`}>
                  Import
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
