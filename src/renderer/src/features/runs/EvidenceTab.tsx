import { useShallow } from 'zustand/react/shallow';
import type { WireRunSummary } from '../../../../shared/contract/wire';
import { addTotals, emptyTotals, totalsText } from '../../../../shared/cost/price';
import { formatBytes, formatInt } from '../../../../shared/format';
import { StepCard } from './StepCard';
import { useRuns } from './store';

/** What the wire saw over the whole run, in one sentence (null when it recorded nothing). */
function wireSaw(wire: WireRunSummary | null): string | null {
  if (!wire?.steps.length) return null;
  const requests = wire.steps.reduce((n, s) => n + s.requests, 0);
  const largest = Math.max(...wire.steps.map((s) => s.largestBytes));
  const input = wire.steps.reduce((n, s) => n + s.reportedInput, 0);
  const cache = wire.steps.reduce((n, s) => n + s.cacheRead, 0);
  const priced = wire.steps.flatMap((s) => (s.listPrice ? [s.listPrice] : []));
  const money = priced.length ? ` At ${totalsText(priced.reduce((t, p) => addTotals(t, p), emptyTotals()))} (the CLI’s own figure, where it reports one, is in each step).` : '';
  return (
    `${formatInt(requests)} request${requests === 1 ? '' : 's'} to the provider, the largest ${formatBytes(largest)}, ` +
    `${formatInt(input)} input tokens reported in all (${formatInt(cache)} read from the provider’s cache): the CLI’s own system prompt, ` +
    `tool definitions, tool calls and results included.${money}`
  );
}

/** What Loupe's measurement cannot see, and what the wire saw instead: said once, above every step. */
export function MeasurementScope({ wire }: { wire: WireRunSummary | null }) {
  const saw = wireSaw(wire);
  return (
    <aside className="callout measure-scope" data-testid="measure-scope">
      <strong>What these numbers measure:</strong> the exact bytes Loupe wrote to the agent’s stdin (its prompt and schema),
      right before launch. <strong>Outside the measurement:</strong> the earlier CLI conversation a resumed session carries,
      the provider’s hidden instructions and tool definitions, protocol wrappers, tool outputs, files the agent reads later
      (the prompt names reference files; their contents are not in it), and image and audio tokens.
      {saw && (
        <span data-testid="wire-saw">
          {' '}
          <strong>What the wire saw:</strong> {saw}
        </span>
      )}
      {wire?.logins.length ? (
        <span className="wire-login" data-testid="wire-login">
          {' '}
          <strong>Login:</strong> {wire.logins.join('; ')}.
        </span>
      ) : null}
      {wire?.notes.map((n) => (
        <span key={n} className="wire-note" data-testid="wire-note">
          {' '}
          {n.charAt(0).toUpperCase() + n.slice(1)}
        </span>
      ))}
    </aside>
  );
}

/** Every step of the selected run, newest last. */
export function EvidenceTab() {
  const { steps, agents, wire } = useRuns(useShallow((s) => ({ steps: s.steps, agents: s.agents, wire: s.wire })));
  return (
    <div className="evidence" data-testid="evidence">
      <MeasurementScope wire={wire} />
      {steps.length === 0 ? (
        <p className="muted">No step recorded yet.</p>
      ) : (
        steps.map((s) => <StepCard key={s.id} step={s} agents={agents} wire={wire?.steps.find((w) => w.stepId === s.id) ?? null} />)
      )}
    </div>
  );
}
