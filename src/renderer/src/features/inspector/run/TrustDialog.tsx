import { useEffect, useRef } from 'react';
import type { AgentConfigItem } from '../../../../../shared/contract/trust';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { useTrust } from './trust-store';

const KIND: Record<AgentConfigItem['kind'], string> = {
  hook: 'Hook',
  helper: 'Runs',
  'mcp-server': 'MCP server',
  'status-line': 'Status line',
  env: 'Env',
  setting: 'Setting',
};

/**
 * Shown before a run in a repository whose agent configuration nobody trusted yet:
 * each file the agent would load and what it would run, then Trust and run, Run
 * without it, or Cancel. `onRun` starts the run once the user chose.
 */
export function TrustDialog({ onRun }: { onRun: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const asking = useTrust((s) => s.asking);
  const granting = useTrust((s) => s.granting);
  const error = useTrust((s) => s.error);
  useEffect(() => {
    const d = ref.current;
    if (d && asking && !d.open) d.showModal();
  }, [asking]);
  if (!asking) return null;
  const { trust, agent } = asking;
  const files = trust.files.filter((f) => trust.items.some((i) => i.file === f && i.cli === agent));
  const { grant, decline, close } = useTrust.getState();
  return (
    <dialog ref={ref} className="xray-dialog trust-dialog" aria-label="Trust this repository's agent configuration?" data-testid="trust-dialog" onClose={close}>
      <form method="dialog" onSubmit={(e) => e.preventDefault()}>
        <h2>Trust this repository’s {agent} configuration?</h2>
        <p className="hint">
          This repository carries its own settings for {agent}. Loaded, they run on your machine with your permissions when the agent starts (hooks, helpers,
          MCP servers) or change where it sends your requests and key (env). Loupe leaves them out unless you trust them; a change to these files asks again.
        </p>
        {trust.loupe.state === 'changed' && (
          <p className="notice notice-warn small" role="status">
            These files changed since you trusted them on {trust.loupe.grantedAt?.slice(0, 10)}: look again before trusting them.
          </p>
        )}
        <div className="trust-files" data-testid="trust-items">
          {files.map((file) => (
            <section key={file}>
              <h3 className="mono">{file}</h3>
              <ul>
                {trust.items
                  .filter((i) => i.file === file)
                  .map((i, n) => (
                    <li key={n}>
                      <span className={`badge trust-kind trust-kind-${i.kind}`}>{KIND[i.kind]}</span> <strong>{i.name}</strong>{' '}
                      <code className="mono">{i.detail}</code>
                    </li>
                  ))}
              </ul>
            </section>
          ))}
        </div>
        {error && <ErrorNotice error={error} />}
        <div className="row">
          <span className="spacer" />
          <button type="button" data-testid="trust-cancel" onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <button
            type="button"
            data-testid="trust-decline"
            onClick={() => {
              decline();
              ref.current?.close();
              onRun();
            }}
          >
            Run without it
          </button>
          <button
            type="button"
            className="primary"
            data-testid="trust-grant"
            disabled={granting}
            onClick={async () => {
              if (!(await grant())) return;
              ref.current?.close();
              onRun();
            }}
          >
            {granting ? 'Trusting…' : 'Trust and run'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
