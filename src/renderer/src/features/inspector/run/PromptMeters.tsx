import { useShallow } from 'zustand/react/shallow';
import type { ContextBudget, RunPreview } from '../../../../../shared/contract/runs';
import { formatBytes, formatInt, percentOf } from '../../../../../shared/format';
import { checkBudget } from '../../../../../shared/runs/budget';
import { historyDroppedNote } from '../../../../../shared/runs/history-note';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { Meter } from '../../../ui/Meter';
import { TokenEstimate, TokenExact } from '../../../ui/TokenEstimate';
import { useRunForm } from './run-store';
import { sourceText } from '../../../ui/setting-text';

/** What Run would do with the measured prompt under the ceilings. */
export const VERDICT_TEXT = { ok: 'within the ceiling', warn: 'would WARN', block: 'would BLOCK' } as const;
const level = (value: number, max: number) => (value > max ? 'full' : percentOf(value, max) >= 80 ? 'near' : 'ok');

/**
 * The would-be prompt against the ceilings, and the reference files against
 * the model's fold budget: two different measures, each labelled for what it is.
 */
export function PromptMeters({ budget }: { budget: ContextBudget | undefined }) {
  const { preview, previewing, error, askTyped, source } = useRunForm(
    useShallow((s) => ({
      preview: s.preview,
      previewing: s.previewing,
      error: s.previewError,
      askTyped: s.ask.trim() !== '',
      source: s.effective ? sourceText(s.effective.sources['loop.contextBudget']) : '',
    })),
  );
  if (error) return <ErrorNotice error={error} />;
  if (!preview) return <p className="hint">{previewing ? 'Measuring the prompt…' : 'The prompt is measured once the run settings are valid.'}</p>;
  // The bytes do not depend on the ceilings: the verdict follows the form at once.
  const check = checkBudget(preview, budget);
  const ceilings = [
    budget?.maxPromptBytes !== undefined && { key: 'bytes', actual: check.totalBytes, limit: budget.maxPromptBytes, unit: 'B', label: 'Prompt bytes against the ceiling' },
    budget?.maxApproximateTokens !== undefined && { key: 'tokens', actual: check.approxTokens, limit: budget.maxApproximateTokens, unit: 'tokens', label: 'Approximate tokens against the ceiling' },
  ].filter((c) => c !== false);

  return (
    <div
      className={previewing ? 'pm is-stale' : 'pm'}
      data-testid="prompt-meters"
      data-current={previewing ? 'false' : 'true'}
      data-verdict={check.verdict}
      data-total-bytes={check.totalBytes}
    >
      <span className="pm-label">Prompt</span>
      <span className="pm-value" data-testid="pm-prompt">
        {formatInt(check.totalBytes)} B · <TokenEstimate tokens={check.approxTokens} mix={preview.textMix} exactShown={!!preview.exactTokens} />
        {preview.exactTokens && (
          <>
            {' '}
            · <TokenExact count={preview.exactTokens.count} encoding={preview.exactTokens.encoding} testId="pm-exact" />
          </>
        )}
      </span>
      {ceilings.length === 0 && (
        <span className="hint pm-detail">
          {!askTyped && 'before the ask · '}no ceiling set (Run settings → Context budget)
        </span>
      )}
      {ceilings.map((c, i) => (
        <div key={c.key} className="pm-ceiling" data-testid={`pm-ceiling-${c.key}`}>
          <Meter value={c.actual} max={c.limit} level={level(c.actual, c.limit)} label={c.label} />
          <span className={c.actual > c.limit ? 'hint pm-over' : 'hint'}>
            {c.actual > c.limit
              ? `${formatInt(c.actual - c.limit)} ${c.unit} over the ${formatInt(c.limit)} ${c.unit} ceiling`
              : `${Math.floor(percentOf(c.actual, c.limit))}% of the ${formatInt(c.limit)} ${c.unit} ceiling`}{' '}
            ({source}){i === 0 && !askTyped ? ' · before the ask' : ''}
          </span>
        </div>
      ))}
      <ReferencesRow preview={preview} />
      {historyDroppedNote(preview.history) && (
        <p className="notice notice-warn small pm-history" data-testid="pm-history-dropped">
          {historyDroppedNote(preview.history)}
        </p>
      )}
    </div>
  );
}

function ReferencesRow({ preview }: { preview: RunPreview }) {
  const m = preview.model;
  return (
    <>
      <span className="pm-label" title="The prompt carries their locations; the agent reads the files itself, after launch">
        References
      </span>
      <span className="pm-value" data-testid="pm-references">
        {formatBytes(preview.referenceBytes)} ≈ {formatInt(preview.referenceTokens)} tokens (approx.)
      </span>
      {m ? (
        <div className="pm-ceiling">
          <Meter value={preview.referenceTokens} max={m.budget} level={level(preview.referenceTokens, m.budget)} label="Reference files against the model's fold budget" />
          <span className="hint" title={m.known ? `${m.id}: window ${formatInt(m.window)}, ${m.source}` : undefined}>
            of {m.known ? 'the model’s' : 'the default window’s'} fold budget, {formatInt(m.budget)} tokens
          </span>
        </div>
      ) : (
        <span className="pm-detail" />
      )}
      <span className="hint pm-note">
        Not in the prompt: it names the files by location and the agent reads them itself, after launch.
      </span>
    </>
  );
}

/** The measures in one line, when folded: the prompt's size and the references', nothing hidden that a run would act on (the verdict stays in the bar above). */
export function FoldedMeters() {
  const preview = useRunForm((s) => s.preview);
  if (!preview) return <span className="hint">Measuring…</span>;
  return (
    <span className="hint" data-testid="meters-folded">
      Prompt {formatInt(preview.totalBytes)} B ≈ {formatInt(preview.approxTokens)} tokens · references {formatBytes(preview.referenceBytes)} ≈ {formatInt(preview.referenceTokens)} tokens
    </span>
  );
}
