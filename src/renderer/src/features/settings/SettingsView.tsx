import { useShell } from '../shell/store';

/** Settings: facts about this installation. */
export function SettingsView() {
  const info = useShell((s) => s.info);
  return (
    <section className="settings">
      <h1>Settings</h1>
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
    </section>
  );
}
