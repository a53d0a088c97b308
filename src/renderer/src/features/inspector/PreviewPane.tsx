import { useState } from 'react';
import type { InspectedFile } from '../../../../shared/contract/context';
import { PREVIEW_LIMITS } from '../../../../shared/contract/limits';
import { formatBytes, plural } from '../../../../shared/format';

/** Where the host bounds a preview (the contract's numbers). */
const PREVIEW_BYTES = PREVIEW_LIMITS.maxBytes;
const PREVIEW_LINES = PREVIEW_LIMITS.maxLines;
/** Lines shown before "Show all": the preview sits inside the results' one scroll area. */
const FIRST_LINES = 40;

/** A file's redacted preview, opened beneath its row, with what redaction does and does not promise. */
export function PreviewPane({ file }: { file: InspectedFile }) {
  const [all, setAll] = useState(false);
  const lines = file.preview.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const bounded = file.bytes > PREVIEW_BYTES || lines.length >= PREVIEW_LINES;
  const cut = !all && lines.length > FIRST_LINES;
  return (
    <div className="preview" data-testid="preview" data-path={file.path} aria-label={`Preview of ${file.path}`}>
      <p className="preview-note" data-testid="redaction-note">
        <span className="mono preview-path">{file.path}</span> ·{' '}
        {file.redactions > 0 ? `${plural(file.redactions, 'recognized secret')} hidden. ` : ''}
        Redaction hides recognized secrets in this preview only; it is no guarantee that nothing secret remains.
        {bounded ? ` The preview shows the start of the file (about ${PREVIEW_LIMITS.maxLines} lines or ${formatBytes(PREVIEW_LIMITS.maxBytes)} of ${formatBytes(file.bytes)}).` : ''}
      </p>
      <pre className="preview-body" tabIndex={0} aria-label="File preview">
        {file.preview ? (cut ? lines.slice(0, FIRST_LINES).join('\n') : file.preview) : <span className="muted">(empty file)</span>}
      </pre>
      {cut && (
        <button type="button" className="ghost small preview-more" onClick={() => setAll(true)}>
          Show all {plural(lines.length, 'line')} of the preview
        </button>
      )}
    </div>
  );
}
