import { useShallow } from 'zustand/react/shallow';
import { promptMeterInput } from '../../../../../shared/xray/prompt-meter';
import { SplitMeter } from '../../../ui/SplitMeter';
import { useRunForm } from './run-store';

/**
 * The would-be prompt in the model's window (the split meter, as X-Ray draws
 * it): Loupe's sections by tier, the ask, the reserve kept for the answer.
 * It follows the form: another model, other notes, another ask.
 */
export function PromptWindowMeter() {
  const { preview, fromPreset } = useRunForm(
    useShallow((s) => ({ preview: s.preview, fromPreset: s.effective?.sources.notes.kind === 'preset' })),
  );
  const m = preview?.model;
  if (!preview || !m) return null;
  const input = promptMeterInput(preview.sections, { id: m.known ? m.id : null, window: m.window, reserve: m.window - m.budget, source: m.source }, fromPreset);
  return (
    <fieldset className="run-field prompt-window" data-testid="prompt-window">
      <legend>In the model’s window</legend>
      <SplitMeter manifest={input} label="The would-be prompt in the model's window: system, conversation, reserve and free space" />
      <p className="hint">
        What Loupe would send, in {m.known ? m.id : 'the default'}’s window. The agent’s own system prompt and tools, and the files it
        reads, come on top (X-Ray shows them once a thread runs).
      </p>
    </fieldset>
  );
}
