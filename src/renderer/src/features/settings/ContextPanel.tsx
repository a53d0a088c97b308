import { useEffect } from 'react';
import { formatInt } from '../../../../shared/format';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { SplitMeter } from '../../ui/SplitMeter';
import { SystemSections } from '../../ui/SystemSections';
import { useRepo } from '../repo/store';
import { useContextPreview } from './context-store';

/**
 * What a new thread would start with under the current run settings: the
 * same split meter as X-Ray (no conversation yet) and the system sections
 * with their provenance and tier. Display only.
 */
export function ContextPanel() {
  const root = useRepo((s) => s.repo?.root ?? null);
  const { preview, error, loading } = useContextPreview();
  useEffect(() => {
    void useContextPreview.getState().load(root);
  }, [root]);
  return (
    <div className="context-panel" data-testid="context-preview" data-ready={preview && !loading ? 'true' : 'false'}>
      <h2>Context a new thread starts with</h2>
      <p className="hint">
        For the current run settings{preview ? ` (${preview.agent}, model ${preview.model.id ?? 'not set'})` : ''}
        {root ? ' in the open repository' : '; open a repository to see its instruction files and runtime context'}. Nothing here is editable: change the run settings or presets instead.
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
