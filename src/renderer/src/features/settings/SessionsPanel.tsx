import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SESSION_CLI_LABELS, SESSION_CLIS, type SessionCli, type SessionFolderInfo, type SessionFolders } from '../../../../shared/contract/sessions';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useSessionFolders } from './sessions-store';

const CLI_LABEL = SESSION_CLI_LABELS;
const DEFAULT_HINT: Record<SessionCli, string> = {
  'claude-code': '~/.claude/projects, or $CLAUDE_CONFIG_DIR/projects',
  codex: '~/.codex/sessions, or $CODEX_HOME/sessions',
  gemini: '~/.gemini/tmp, or $GEMINI_CLI_HOME/.gemini/tmp',
};
const SOURCE_TEXT: Record<SessionFolderInfo['source'], string> = { settings: 'set here', env: 'from the CLI’s variable', default: 'default' };
const EMPTY: SessionFolders = { 'claude-code': '', codex: '', gemini: '' };

/** Settings → Sessions: where Loupe looks for the transcripts Claude Code, Codex and Gemini CLI keep on disk. */
export function SessionsPanel() {
  const { info, saving, error } = useSessionFolders(useShallow((s) => ({ info: s.info, saving: s.saving, error: s.error })));
  const [draft, setDraft] = useState<SessionFolders>(EMPTY);
  useEffect(() => {
    void useSessionFolders.getState().load();
  }, []);
  useEffect(() => {
    if (info) setDraft(info.configured);
  }, [info]);
  const dirty = info !== null && SESSION_CLIS.some((cli) => draft[cli].trim() !== info.configured[cli]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void useSessionFolders.getState().save(Object.fromEntries(SESSION_CLIS.map((cli) => [cli, draft[cli].trim()])) as SessionFolders);
  };

  return (
    <section className="sessions-panel" aria-labelledby="sessions-title" data-sessions-ready={info ? 'true' : 'false'}>
      <h2 id="sessions-title">Sessions</h2>
      <p className="muted">
        Loupe reads the sessions these CLIs keep on disk, shows them through X-Ray (advisory: the CLI owns that context) and finds the ones
        recorded in the open repository. Leave a folder empty for the CLI’s own place.
      </p>
      {error && <ErrorNotice error={error} onDismiss={() => useSessionFolders.getState().clearError()} />}
      <form className="models-refresh" onSubmit={submit} aria-label="Session folders">
        <div className="models-urls">
          {SESSION_CLIS.map((cli) => {
            const eff = info?.effective.find((f) => f.cli === cli);
            return (
              <FolderField key={cli} cli={cli} value={draft[cli]} effective={eff} onChange={(v) => setDraft((d) => ({ ...d, [cli]: v }))} />
            );
          })}
        </div>
        <div className="row">
          <button type="submit" className="primary" disabled={!dirty || saving}>
            {saving ? 'Saving…' : 'Save folders'}
          </button>
          <span className="hint">Absolute paths. Tests and scripts can also set CLAUDE_CONFIG_DIR, CODEX_HOME and GEMINI_CLI_HOME.</span>
        </div>
      </form>
    </section>
  );
}

function FolderField(props: { cli: SessionCli; value: string; effective: SessionFolderInfo | undefined; onChange: (value: string) => void }) {
  const { cli, value, effective, onChange } = props;
  const id = `sessions-folder-${cli}`;
  return (
    <>
      <label htmlFor={id}>{CLI_LABEL[cli]}</label>
      <div className="folder-field">
        <input id={id} type="text" value={value} onChange={(e) => onChange(e.target.value)} spellCheck={false} placeholder={DEFAULT_HINT[cli]} aria-describedby={`${id}-now`} />
        <span id={`${id}-now`} className="hint" data-source={effective?.source} data-exists={effective ? String(effective.exists) : undefined}>
          {effective && effective.path === '' ? (
            'No home folder in Loupe’s environment: set a folder here.'
          ) : effective ? (
            <>
              Searching <span className="mono">{effective.path}</span> ({SOURCE_TEXT[effective.source]}){effective.exists ? '' : ': not there (yet)'}
            </>
          ) : (
            'Loading…'
          )}
        </span>
      </div>
    </>
  );
}
