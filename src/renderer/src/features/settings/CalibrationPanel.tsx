import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ModelCalibrationView } from '../../../../shared/contract/tokens';
import { formatInt, plural } from '../../../../shared/format';
import { foldCountText } from '../../../../shared/tokens/count-labels';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useCalibration } from './calibration-store';

const x = (ratio: number) => `×${ratio.toFixed(2)}`;

/**
 * How Loupe's estimate compared with what each model's provider reported over
 * the user's recent fresh runs (ratio and spread, with how many runs), and the
 * count the next fold of that model checks its budget in. Informs only: no
 * recorded number changes.
 */
export function CalibrationPanel() {
  const { report, error } = useCalibration(useShallow((s) => ({ report: s.report, error: s.error })));
  useEffect(() => void useCalibration.getState().load(), []);
  return (
    <section className="calibration" aria-labelledby="calibration-title" data-testid="calibration" data-ready={report ? 'true' : 'false'}>
      <h3 id="calibration-title">Calibration from your runs</h3>
      <p className="hint">
        The provider’s count of the prompt (its first request) divided by Loupe’s estimate (bytes ÷ 4), over each model’s most recent{' '}
        {report ? formatInt(report.recentRuns) : ''} fresh runs; resumed sessions and the demo agent are left out. A ratio above 1 means the
        estimate ran low. An agent adds its own system prompt and tools to every request, which dominates the ratio of a small prompt: the
        fit tells the two apart (provider ≈ factor × estimate + what the agent adds). Budgets and evidence keep the four-bytes rule:
        calibration informs, it never changes a recorded number. Folds of a model without a public tokenizer use its fit once it has{' '}
        {report?.minRuns ?? '…'} runs.
      </p>
      {error && <ErrorNotice error={error} />}
      {report && report.models.length === 0 && (
        <p className="muted" data-testid="calibration-empty">
          No run has reported its prompt’s size yet. Until one does, folds use each family’s default factor (below).
        </p>
      )}
      {report && report.models.length > 0 && (
        <div className="calibration-scroll">
        <table className="result-table compact calibration-table" data-testid="calibration-table">
          <thead>
            <tr>
              <th>Model</th>
              <th className="num">Runs</th>
              <th className="num">Fit: × estimate + agent</th>
              <th className="num">Reported ÷ estimate</th>
              <th className="num">Spread (p10–p90)</th>
              <th className="num">Min–max</th>
              <th>The next fold checks in</th>
            </tr>
          </thead>
          <tbody>
            {report.models.map((m) => (
              <CalibrationRow key={m.model} m={m} />
            ))}
          </tbody>
        </table>
        </div>
      )}
      {report && (
        <details className="calibration-defaults">
          <summary>Family defaults, until a model has runs (how each was measured)</summary>
          <ul>
            {report.familyDefaults.map((f) => (
              <li key={f.family}>
                <strong>
                  {f.family} {x(f.factor)}
                </strong>{' '}
                <span className="hint">{f.basis}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

function CalibrationRow({ m }: { m: ModelCalibrationView }) {
  const c = m.calibration;
  return (
    <tr data-testid="calibration-row" data-model={m.model}>
      <td className="mono">{m.model}</td>
      <td className="num" title={`Newest run ${m.lastRunAt}`}>
        {plural(c.runs, 'run')}
      </td>
      <td className="num" data-testid="calibration-fit">
        {c.fit ? `${x(c.fit.factor)} + ${formatInt(c.fit.overheadTokens)}` : <span className="muted">needs 3 runs of different sizes</span>}
      </td>
      <td className="num">{x(c.median)} median</td>
      <td className="num">
        {x(c.p10)}–{x(c.p90)}
      </td>
      <td className="num">
        {x(c.min)}–{x(c.max)}
      </td>
      <td title={m.fold.kind === 'scaled' ? m.fold.basis : undefined}>
        {foldCountText(m.fold)}
      </td>
    </tr>
  );
}
