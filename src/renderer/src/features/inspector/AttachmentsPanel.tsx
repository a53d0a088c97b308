import { useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { formatBytes } from '../../../../shared/format';
import { useInspector } from './store';
import { canReadDropped, fileMeta } from './store';
import { attachmentsHint } from '../../ui/attachment-text';

/**
 * Attachments by drag-and-drop (anywhere on the view) or a file chooser. The
 * desktop app stages their contents with a run; the browser host knows each
 * one's name and size only, and says that a run here does not send them.
 */
export function AttachmentsPanel() {
  const { attachments } = useInspector(useShallow((s) => ({ attachments: s.attachments })));
  const { addAttachments, removeAttachment, clearAttachments } = useInspector.getState();
  const input = useRef<HTMLInputElement>(null);

  return (
    <div className="insp-field" data-testid="attachments">
      <div className="insp-label-row">
        <span className="insp-label">Attachments</span>
        <span className="spacer" />
        {attachments.length > 0 && (
          <button type="button" className="ghost small" onClick={clearAttachments}>
            Clear
          </button>
        )}
      </div>
      <div className="dropzone" data-testid="dropzone">
        <span>Drop files here, or</span>
        <button type="button" className="small" onClick={() => input.current?.click()}>
          Choose files…
        </button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          aria-label="Choose files to attach"
          data-testid="attach-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []).map(fileMeta);
            addAttachments(files);
            e.target.value = '';
          }}
        />
      </div>
      <p className="hint" data-testid="attachments-hint">
        {attachmentsHint(canReadDropped)}
      </p>
      {attachments.length > 0 && (
        <ul className="chips" aria-label="Attachments">
          {attachments.map((a) => (
            <li key={a.id} className="chip chip-attachment" data-testid="attachment-chip" title={a.name}>
              <span className="chip-text">{a.name}</span>
              <span className="chip-meta">{formatBytes(a.size)}</span>
              <button
                type="button"
                className="chip-remove"
                aria-label={`Remove attachment ${a.name}`}
                onClick={() => removeAttachment(a.id)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
