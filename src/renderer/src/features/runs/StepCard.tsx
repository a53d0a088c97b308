import type { AgentInfo, StepEvidence } from '../../../../shared/contract/runs';
import type { WireStepSummary } from '../../../../shared/contract/wire';
import { formatBytes, formatDuration, formatInt, shortHash } from '../../../../shared/format';
import { HashButton } from '../../ui/HashButton';
import { SplitMeter } from '../../ui/SplitMeter';
import { promptMeterInput } from '../../../../shared/xray/prompt-meter';
import { ReportedUsage } from './ReportedUsage';
import { StepExact, StepHistoryFacts } from './StepTokens';
import { budgetText } from '../../../../shared/presets/describe';
import { agentLabel, blockedBy, CEILING_NAME, exitText, stepKindText, timeText } from './run-text';
import { StepRequestBudget } from './StepRequestBudget';
import { warningLabel } from '../../../../shared/wire/enforcement-text';

/** One step's evidence: what was measured right before launch, what was decided, how it ended. */
export function StepCard({ step, agents, wire }: { step: StepEvidence; agents: readonly AgentInfo[]; wire?: WireStepSummary | null }) {
  const took = step.endedAt ? formatDuration(Date.parse(step.endedAt) - Date.parse(step.startedAt)) : null;
  const unsent = step.exclusions.filter((x) => x.reason === 'attachment-unavailable');
  return (
    <article className="step-card" data-testid="step-evidence" data-ordinal={step.ordinal} data-outcome={step.outcome}>
      <header className="step-head">
        <h3>Step {step.ordinal}</h3>
        <span className="muted">{stepKindText(step)}</span>
        <span className={`badge outcome outcome-${step.outcome}`}>{step.outcome}</span>
      </header>
      <dl className="facts step-facts">
        <dt>Measured</dt>
        <dd data-testid="measured">
          prompt {formatInt(step.promptBytes)} B + schema {formatInt(step.schemaBytes)} B = <strong>{formatInt(step.totalBytes)} B</strong> (
          {formatBytes(step.totalBytes)}) ≈ {formatInt(step.approxTokens)} tokens (estimate: bytes ÷ 4)
        </dd>
        <StepExact step={step} />
        {wire && (
          <>
            <dt>On the wire</dt>
            <dd data-testid="step-wire">
              {formatInt(wire.requests)} request{wire.requests === 1 ? '' : 's'} · largest <strong>{formatBytes(wire.largestBytes)}</strong> ·{' '}
              {blockedBy(step) === 'wire' && wire.reportedInput === 0
                ? 'the provider reported nothing (the relay answered the blocked request itself)'
                : `reported input ${formatInt(wire.reportedInput)} tokens · cache reads ${formatInt(wire.cacheRead)}`}
              <span className="hint"> (what the provider received, recorded by Loupe’s relay)</span>
              {wire.warnings.length > 0 && (
                <ul className="wire-warnings" data-testid="step-wire-warnings">
                  {wire.warnings.map((w) => (
                    <li key={`${w.sessionId}:${w.seq}:${w.kind}`} className={`wire-warning wire-warning-${w.action}`} data-action={w.action} data-kind={w.kind}>
                      <span className="badge">{warningLabel(w)}</span> {w.text}
                    </li>
                  ))}
                </ul>
              )}
            </dd>
          </>
        )}
        <dt>sha256</dt>
        <dd>
          <HashButton sha256={step.sha256} full tabbable />
          <span className="hint"> of exactly the bytes written to the agent’s stdin</span>
        </dd>
        <dt title="Ceilings on the prompt, checked before launch">Context budget</dt>
        <dd data-testid="budget">
          {budgetText(step.budget)}
          {step.exceeded.map((e) => (
            <span key={e.ceiling} className="exceeded" data-ceiling={e.ceiling}>
              {CEILING_NAME[e.ceiling]}: {formatInt(e.actual)} &gt; {formatInt(e.limit)}, {formatInt(e.over)} over
            </span>
          ))}
        </dd>
        <StepRequestBudget step={step} />
        <dt>Outcome</dt>
        <dd>
          {step.outcome}
          {step.message && <span className={step.outcome === 'failed' ? 'step-message is-error' : 'step-message'}>{step.message}</span>}
        </dd>
        <dt>Agent</dt>
        <dd>
          {agentLabel(step.adapter, agents)}
          {step.agentVersion ? ` ${step.agentVersion}` : ''}
          {step.model ? ` · model ${step.model}` : ''}
        </dd>
        <dt>Exit</dt>
        <dd>{exitText(step) ?? 'still running'}</dd>
        <dt>Time</dt>
        <dd>
          {timeText(step.startedAt)}
          {blockedBy(step) === 'launch' ? ' (measured; not launched)' : ` → ${step.endedAt ? timeText(step.endedAt) : '…'}`}
          {took ? ` (${took})` : ''}
        </dd>
        {step.presetRef && (
          <>
            <dt>Preset</dt>
            <dd>
              {step.presetRef.name} revision {step.presetRef.revision}
            </dd>
          </>
        )}
        {step.history && <StepHistoryFacts history={step.history} />}
      </dl>
      {step.history && (
        // A fresh session's prompt carries history: how it sat in the window the fold sized it for.
        <SplitMeter
          manifest={promptMeterInput(step.sections, { id: step.model, window: step.history.window, reserve: step.history.window - step.history.foldBudget, source: '' }, step.presetRef !== null)}
          label="This step's prompt in the model's window: system, conversation, reserve and free space"
        />
      )}
      <ReportedUsage step={step} />
      {unsent.length > 0 && (
        // Not folded away: what the user attached and the agent did not receive.
        <p className="notice notice-warn small" data-testid="step-attachments-unsent">
          {unsent.length === 1 ? 'Attachment not sent' : 'Attachments not sent'}: {unsent.map((x) => x.path).join(', ')}. {unsent[0]!.detail}
        </p>
      )}
      <details className="step-more">
        <summary>
          Prompt sections ({step.sections.length}) · not staged ({step.exclusions.length})
        </summary>
        <table className="result-table compact step-sections">
          <thead>
            <tr>
              <th>Section</th>
              <th className="num">Bytes</th>
              <th>sha256</th>
            </tr>
          </thead>
          <tbody>
            {step.sections.map((s) => (
              <tr key={s.name}>
                <td>{s.name}</td>
                <td className="num">{formatInt(s.bytes)}</td>
                <td className="mono" title={s.sha256}>
                  {shortHash(s.sha256)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {step.exclusions.length > 0 ? (
          <ul className="step-exclusions">
            {step.exclusions.map((x) => (
              <li key={`${x.path}:${x.reason}`}>
                <span className="mono">{x.path}</span> <span className="badge">{x.reason}</span> <span className="hint">{x.detail}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="hint">Nothing selected was left out when staging.</p>
        )}
      </details>
    </article>
  );
}
