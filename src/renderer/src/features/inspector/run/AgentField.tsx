import { useShallow } from 'zustand/react/shallow';
import { RUN_LIMITS } from '../../../../../shared/contract/run-limits';
import { useRunForm } from './run-store';
import { formatWhen } from '../../../ui/when';

/** The agents Loupe can launch: installed ones to choose, missing ones with the plain reason; a custom command line. */
export function AgentField() {
  const { agents, agent, command, error, checking, checkedAt } = useRunForm(
    useShallow((s) => ({ agents: s.agents, agent: s.draft?.agent, command: s.draft?.command ?? '', error: s.errors.command, checking: s.checkingAgents, checkedAt: s.agentsCheckedAt })),
  );
  const missing = agents?.filter((a) => !a.installed).length ?? 0;
  const { setDraft, refreshAgents } = useRunForm.getState();
  return (
    <fieldset className="run-field agents" data-testid="agent-field">
      <legend>Agent</legend>
      {agents === null ? (
        <p className="hint">Looking for agent CLIs…</p>
      ) : (
        <ul className="agent-list">
          {agents.map((a) => (
            <li key={a.id} className={a.installed ? 'agent' : 'agent is-missing'} data-agent={a.id} data-installed={a.installed}>
              <label>
                <input type="radio" name="run-agent" value={a.id} checked={agent === a.id} disabled={!a.installed && agent !== a.id} onChange={() => setDraft({ agent: a.id })} />
                <span className="agent-name">{a.label}</span>
                {a.version && <span className="hint mono">{a.version}</span>}
              </label>
              {a.problem && <p className="agent-problem">{a.problem}</p>}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="small ghost" disabled={checking} onClick={() => void refreshAgents(true)}>
        {checking ? 'Checking…' : 'Check again'}
      </button>
      {checkedAt !== null && !checking && (
        <span className="hint" role="status" data-testid="agents-checked">
          Looked again at {formatWhen(new Date(checkedAt).toISOString(), 'seconds')}: {missing === 0 ? 'every CLI was found.' : `${missing} still not found.`}
        </span>
      )}
      {agent === 'custom' && (
        <div className="run-subfield">
          <label htmlFor="run-command">Command line</label>
          <input
            id="run-command"
            type="text"
            data-testid="run-command"
            maxLength={RUN_LIMITS.maxCommandChars}
            placeholder="my-agent --print"
            value={command}
            aria-invalid={!!error}
            onChange={(e) => setDraft({ command: e.target.value })}
          />
          <p className={error ? 'hint hint-error' : 'hint'}>
            {error ? `Command ${error}.` : 'Run without a shell, in the repository: the prompt on stdin, LOUPE_CONTEXT_DIR names the staged files, its output is the reply.'}
          </p>
        </div>
      )}
    </fieldset>
  );
}
