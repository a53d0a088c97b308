import { useShallow } from 'zustand/react/shallow';
import { StepCard } from './StepCard';
import { useRuns } from './store';

/** What Loupe's measurement cannot see: said once, above every step. */
export function MeasurementScope() {
  return (
    <aside className="callout measure-scope" data-testid="measure-scope">
      <strong>What these numbers measure:</strong> the exact bytes Loupe wrote to the agent’s stdin (its prompt and schema),
      right before launch. <strong>Outside the measurement:</strong> the earlier CLI conversation a resumed session carries,
      the provider’s hidden instructions and tool definitions, protocol wrappers, tool outputs, files the agent reads later
      (the prompt names reference files; their contents are not in it), and image and audio tokens.
    </aside>
  );
}

/** Every step of the selected run, newest last. */
export function EvidenceTab() {
  const { steps, agents } = useRuns(useShallow((s) => ({ steps: s.steps, agents: s.agents })));
  return (
    <div className="evidence" data-testid="evidence">
      <MeasurementScope />
      {steps.length === 0 ? <p className="muted">No step recorded yet.</p> : steps.map((s) => <StepCard key={s.id} step={s} agents={agents} />)}
    </div>
  );
}
