import { useEffect, useMemo } from 'react';
import { formatInt, plural } from '../../../../shared/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SplitMeter } from '../../ui/SplitMeter';
import { SystemSections } from '../../ui/SystemSections';
import { useRunContext } from '../../state/run-context';
import { useRepo } from '../../state/repo-store';
import { useContextPreview } from './context-store';

/**
 * What a new thread would start with under the current run settings: the
 * same split meter as X-Ray (no conversation yet) and the system sections
 * with their provenance and tier. Display only.
 */
export function ContextPanel() {
  const root = useRepo((s) => s.repo?.root ?? null);
  const { preview, error, loading } = useContextPreview();
  // The Inspector's base, selection and attachments: the reference files and runtime a run started now would carry.
  const ctx = useRunContext((s) => s.context);
  const inspector = useMemo(
    () => (root && ctx && ctx.repo === root ? { baseRef: ctx.baseRef, paths: ctx.paths, attachments: ctx.attachments } : undefined),
    [root, ctx],
  );
  useEffect(() => {
    void useContextPreview.getState().load(root, inspector);
  }, [root, inspector]);
  return (
    <div className="context-panel" data-testid="context-preview" data-ready={preview && !loading ? 'true' : 'false'}>
      <h2>Context a new thread starts with</h2>
      <p className="hint">
        For the current run settings{preview ? ` (${preview.agent}, model ${preview.model.id ?? 'not set'})` : ''}
        {root ? ' in the open repository' : '; open a repository to see its instruction files and runtime context'}
        {inspector ? (
          <span data-testid="context-inspector">
            , at the Inspector’s base <span className="mono">{inspector.baseRef}</span> with its {plural(inspector.paths.length, 'selection')}
            {inspector.attachments.length ? ` and ${plural(inspector.attachments.length, 'attachment')}` : ''}
          </span>
        ) : null}
        . Nothing here is editable: change the run settings, presets or the Inspector’s selection instead.
      </p>
      {error && <ErrorNotice error={error} />}
      {preview && (
        <>
          <div className="xray-panel">
            <SplitMeter manifest={preview} label="Context window of a new thread: system, reserve and free space" />
            <p className="hint">
              Window {formatInt(preview.model.window)} tokens ({preview.model.source === 'default' ? 'the default: no catalog window for this model' : preview.model.source}); reserve {formatInt(preview.model.reserve)} kept free for the answer.
            </p>
          </div>
          <SystemSections sections={preview.system} />
        </>
      )}
    </div>
  );
}
