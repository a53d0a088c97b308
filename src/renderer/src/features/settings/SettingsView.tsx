import { useState } from 'react';
import { useShell } from '../../state/shell-store';
import { ContextPanel } from './ContextPanel';
import { ModelsPanel } from './ModelsPanel';
import { SessionsPanel } from './SessionsPanel';

type Page = 'about' | 'models' | 'context' | 'sessions';
const PAGES: { id: Page; label: string }[] = [
  { id: 'about', label: 'About' },
  { id: 'models', label: 'Models' },
  { id: 'context', label: 'Context' },
  { id: 'sessions', label: 'Sessions' },
];

/**
 * Settings: facts about this installation, the model catalog (Models page),
 * the context a new thread starts with (Context page), and where the CLIs'
 * sessions are (Sessions page).
 */
export function SettingsView() {
  const [page, setPage] = useState<Page>('about');
  return (
    <section className="settings">
      <h1>Settings</h1>
      <div className="settings-tabs" role="tablist" aria-label="Settings pages">
        {PAGES.map((p) => (
          <button key={p.id} type="button" role="tab" id={`settings-tab-${p.id}`} aria-selected={page === p.id} aria-controls="settings-page" onClick={() => setPage(p.id)}>
            {p.label}
          </button>
        ))}
      </div>
      <div id="settings-page" role="tabpanel" aria-labelledby={`settings-tab-${page}`}>
        {page === 'models' ? <ModelsPanel /> : page === 'context' ? <ContextPanel /> : page === 'sessions' ? <SessionsPanel /> : <AboutInstallation />}
      </div>
    </section>
  );
}

/** Facts about this installation. */
function AboutInstallation() {
  const info = useShell((s) => s.info);
  return (
    <>
      <h2>About this installation</h2>
      {info ? (
        <dl className="facts">
          <dt>Version</dt>
          <dd className="mono">{info.version}</dd>
          <dt>Running as</dt>
          <dd>{info.host === 'electron' ? 'Desktop app (Electron)' : 'Browser host on 127.0.0.1'}</dd>
          <dt>Data folder</dt>
          <dd className="mono">{info.userDataDir}</dd>
          <dt>Git</dt>
          <dd>
            {info.git.available
              ? `git ${info.git.version} (fast path)`
              : 'No git binary found: using the embedded reader (isomorphic-git), which is slower on large repositories.'}
          </dd>
          <dt>Platform</dt>
          <dd className="mono">{info.platform}</dd>
        </dl>
      ) : (
        <p className="muted">Loading…</p>
      )}
    </>
  );
}
