import { useEffect, useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RefreshSourceStatus } from '../../../../shared/contract/models';
import { useModels } from './store';
import { formatWhen } from '../../ui/when';

const SOURCE_NAMES: Record<RefreshSourceStatus['kind'], string> = {
  'models.dev': 'models.dev catalog',
  list: 'Model list',
};

const time = (iso: string) => formatWhen(iso);

/** One plain sentence about a source's last refresh. */
function sourceSentence(s: RefreshSourceStatus): string {
  if (!s.url) return 'Not set.';
  if (s.state === 'never') return 'Not refreshed yet.';
  if (s.state === 'ok') return `Refreshed at ${time(s.at!)}: ${s.models?.toLocaleString('en-US')} models.`;
  return `Failed at ${time(s.at!)}: ${s.error} Loupe uses ${s.models ? 'the last good refresh' : 'the bundled snapshot'} instead.`;
}

/** The refresh switch (off by default), the two source URLs, and a Refresh button with the last results. */
export function RefreshSettings() {
  const { settings, refresh, refreshing, saving } = useModels(
    useShallow((s) => ({ settings: s.settings, refresh: s.refresh, refreshing: s.refreshing, saving: s.saving })),
  );
  const [devUrl, setDevUrl] = useState('');
  const [listUrl, setListUrl] = useState('');
  useEffect(() => {
    if (!settings) return;
    setDevUrl(settings.modelsDevUrl);
    setListUrl(settings.listUrl);
  }, [settings]);
  if (!settings) return null;

  const { save, refreshNow } = useModels.getState();
  const dirty = devUrl.trim() !== settings.modelsDevUrl || listUrl.trim() !== settings.listUrl;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save({ modelsDevUrl: devUrl, listUrl });
  };
  const on = settings.refreshEnabled;

  return (
    <form className="models-refresh" onSubmit={submit} aria-label="Model refresh">
      <label className="toggle">
        <input type="checkbox" checked={on} disabled={saving} onChange={(e) => void save({ refreshEnabled: e.target.checked })} />
        <span>
          <strong>Refresh model windows online</strong>
          <span className="hint"> Off by default: Loupe then uses only the snapshot bundled with it and never goes online for models.</span>
        </span>
      </label>
      <div className="models-urls">
        <label htmlFor="models-dev-url">models.dev api.json URL</label>
        <input id="models-dev-url" type="text" value={devUrl} onChange={(e) => setDevUrl(e.target.value)} spellCheck={false} placeholder="https://models.dev/api.json" />
        <label htmlFor="models-list-url">OpenAI-style model list URL</label>
        <input id="models-list-url" type="text" value={listUrl} onChange={(e) => setListUrl(e.target.value)} spellCheck={false} placeholder="http://127.0.0.1:8080/v1/models (optional)" />
      </div>
      <p className="hint">
        The list’s windows (<span className="mono">context_window</span> or <span className="mono">context_length</span>) win over models.dev where they
        disagree. Answers over 8 MiB and redirects are refused; results are reused for an hour.
      </p>
      <div className="row">
        <button type="submit" disabled={!dirty || saving}>
          {saving ? 'Saving…' : 'Save URLs'}
        </button>
        <button type="button" className="primary" disabled={!on || refreshing || dirty} onClick={() => void refreshNow()} title={on ? undefined : 'Turn refresh on first'}>
          {refreshing ? 'Refreshing…' : 'Refresh now'}
        </button>
        {!on && <span className="hint">Turn refresh on to use these sources.</span>}
        {on && dirty && <span className="hint">Save the URLs first.</span>}
      </div>
      {on && refresh && (
        <ul className="refresh-status" aria-live="polite">
          {refresh.sources.map((s) => (
            <li key={s.kind} data-kind={s.kind} data-state={s.url ? s.state : 'unset'} className={s.state === 'failed' ? 'is-failed' : undefined}>
              <strong>{SOURCE_NAMES[s.kind]}:</strong> {sourceSentence(s)}
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}
