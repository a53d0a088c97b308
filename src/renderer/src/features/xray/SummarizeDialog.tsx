import { useEffect, useRef, useState } from 'react';
import type { Segment } from '../../../../shared/contract/xray';
import { formatInt } from '../../../../shared/format';

/** Asks for the short summary that will stand in for a segment in prompts Loupe assembles. */
export function SummarizeDialog({ segment, onSubmit, onClose }: { segment: Segment; onSubmit: (summary: string) => void; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);
  return (
    <dialog ref={ref} className="xray-dialog" aria-label="Summarize a segment" onClose={onClose}>
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) onSubmit(text.trim());
        }}
      >
        <h2>Replace with a summary</h2>
        <p className="hint">
          {segment.kind} · ≈ {formatInt(segment.tokens.tokens)} tokens (estimate). Prompts Loupe assembles carry your summary instead; the transcript keeps the original, and Restore brings it back.
        </p>
        <p className="xray-dialog-preview mono">{segment.preview}</p>
        <label htmlFor="xray-summary">Summary</label>
        <textarea id="xray-summary" rows={4} value={text} onChange={(e) => setText(e.target.value)} autoFocus />
        <div className="row">
          <span className="spacer" />
          <button type="button" onClick={() => ref.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!text.trim()}>
            Replace with this summary
          </button>
        </div>
      </form>
    </dialog>
  );
}
