import type { InspectedFile } from '../../../../shared/contract/context';
import { formatBytes, formatTokens, plural } from '../../../../shared/format';
import { SourceBadge } from './ResultRow';

/** Roughly where the host bounds a preview (about 200 lines or 8 KiB). */
const PREVIEW_BYTES = 8192;
const PREVIEW_LINES = 200;

/** The selected file's redacted preview, with what redaction does and does not promise. */
export function PreviewPane({ file }: { file: InspectedFile | null }) {
  if (!file) {
    return (
      <div className="preview preview-empty muted" data-testid="preview">
        Select a row to preview the file.
      </div>
    );
  }
  const lines = file.preview.split('\n').length;
  const bounded = file.bytes > PREVIEW_BYTES || lines >= PREVIEW_LINES;
  return (
    <div className="preview" data-testid="preview" data-path={file.path} aria-label={`Preview of ${file.path}`}>
      <div className="preview-head">
        <span className="mono preview-path">{file.path}</span>
        <SourceBadge source={file.source} />
        <span className="muted">
          {formatBytes(file.bytes)} · {formatTokens(file.approxTokens)}
        </span>
      </div>
      <p className="preview-note" data-testid="redaction-note">
        {file.redactions > 0 ? `${plural(file.redactions, 'recognized secret')} hidden. ` : ''}
        Redaction hides recognized secrets in this preview only; it is no guarantee that nothing secret remains.
        {bounded ? ' The preview shows the start of the file (about 200 lines or 8 KiB).' : ''}
      </p>
      <pre className="preview-body" tabIndex={0} aria-label="File preview">
        {file.preview || <span className="muted">(empty file)</span>}
      </pre>
    </div>
  );
}
