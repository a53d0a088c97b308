import { useEffect, useState } from 'react';
import type { InspectedFile } from '../../../../shared/contract/context';
import { PREVIEW_LIMITS } from '../../../../shared/contract/limits';
import { formatBytes, plural } from '../../../../shared/format';
import { GONE_MESSAGE, usePreviews } from './preview-store';

/** Where the host bounds a preview (the contract's numbers). */
const PREVIEW_BYTES = PREVIEW_LIMITS.maxBytes;
const PREVIEW_LINES = PREVIEW_LIMITS.maxLines;
/** Lines shown before "Show all": the preview sits inside the results' one scroll area. */
const FIRST_LINES = 40;

/**
 * A file's redacted preview, opened beneath its row, with what redaction does and
 * does not promise. An answer without previews (the Inspector asks for none) has
 * main send this one now (context.previews, through the preview store).
 */
export function PreviewPane({ file }: { file: InspectedFile }) {
  const held = usePreviews((s) => s.bySha[file.sha256]);
  useEffect(() => {
    if (file.preview === undefined) void usePreviews.getState().load([file.sha256]);
  }, [file.preview, file.sha256]);
  const text = file.preview ?? (held?.state === 'ready' ? held.text : null);
  if (text === null) {
    const failed = held?.state === 'gone' ? GONE_MESSAGE : held?.state === 'error' ? held.error.message : null;
    return (
      <div className="preview" data-testid="preview" data-path={file.path} aria-label={`Preview of ${file.path}`} aria-busy={!failed}>
        {failed ? (
          <p className="preview-note preview-status is-gone" role="status" data-testid="preview-gone">
            {failed}
          </p>
        ) : (
          <p className="preview-note preview-status" data-testid="preview-loading">
            Loading the preview…
          </p>
        )}
      </div>
    );
  }
  return <PreviewText file={file} text={text} />;
}

function PreviewText({ file, text }: { file: InspectedFile; text: string }) {
  const [all, setAll] = useState(false);
  const lines = text.split('\n');
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
        {text ? (cut ? lines.slice(0, FIRST_LINES).join('\n') : text) : <span className="muted">(empty file)</span>}
      </pre>
      {cut && (
        <button type="button" className="ghost small preview-more" onClick={() => setAll(true)}>
          Show all {plural(lines.length, 'line')} of the preview
        </button>
      )}
    </div>
  );
}
