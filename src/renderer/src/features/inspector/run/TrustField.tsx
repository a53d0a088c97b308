import { useEffect } from 'react';
import { useInspector } from '../store';
import { useTrust } from './trust-store';

/**
 * The repository's own agent configuration in the run settings: none, trusted in
 * Loupe (with Withdraw), or not trusted (runs leave it out; Loupe asks before the
 * next run). docs/trust.md.
 */
export function TrustField() {
  const repo = useInspector((s) => s.repo);
  const shown = useTrust((s) => s.shown);
  useEffect(() => {
    if (repo) void useTrust.getState().load(repo);
  }, [repo]);
  if (!repo || !shown || shown.repo !== repo) return null;
  const files = shown.files.join(', ');
  return (
    <div className="run-field" data-testid="trust-field" data-trust={shown.files.length ? shown.loupe.state : 'none'}>
      <span className="run-legend">This repository’s agent configuration</span>
      {!shown.files.length ? (
        <p className="hint">None (no .claude/, .mcp.json, .gemini/, .env or .codex/ for an agent to load).</p>
      ) : shown.loupe.state === 'trusted' ? (
        <p className="hint">
          {files}: trusted in Loupe since {shown.loupe.grantedAt?.slice(0, 10)}; runs load it.{' '}
          <button type="button" className="small" data-testid="trust-revoke" onClick={() => void useTrust.getState().revoke()}>
            Withdraw trust
          </button>
        </p>
      ) : (
        <p className="hint">
          {files}: {shown.loupe.state === 'changed' ? 'changed since you trusted it, so' : 'not trusted in Loupe, so'} runs leave it out unless the agent’s CLI
          trusts this folder itself. Loupe shows what it would run before the next run.
        </p>
      )}
    </div>
  );
}
