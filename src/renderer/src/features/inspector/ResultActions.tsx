import { useEffect, useState } from 'react';
import type { InspectResult } from '../../../../shared/contract/context';
import { copyText } from '../../ui/clipboard';
import { saveTextFile } from '../../ui/save-file';
import { toUiError } from '../../ui/ui-error';
import { usePreviews } from './preview-store';
import { exportFileName, fileListText, resultJson } from './result-export';

type Note = 'idle' | 'copied' | 'copy-failed' | 'saved' | 'save-failed';
const NOTES: Record<Exclude<Note, 'idle'>, string> = {
  copied: '✓ Copied',
  'copy-failed': 'Copy failed',
  saved: '✓ Saved',
  'save-failed': 'Export failed',
};

/** Take the result along: the file list to the clipboard, the whole inspection as a JSON file. */
export function ResultActions({ result }: { result: InspectResult }) {
  const [note, setNote] = useState<Note>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    if (note === 'idle') return;
    const t = setTimeout(() => setNote('idle'), 1800);
    return () => clearTimeout(t);
  }, [note]);

  const exportJson = async () => {
    try {
      // The Inspector's answer came without previews: the document `loupe inspect --json` prints has them.
      const whole = await usePreviews.getState().complete(result);
      const out = await saveTextFile(exportFileName(whole), resultJson(whole), 'application/json');
      setFailure(null);
      if (out.via === 'dialog') setNote('saved');
    } catch (err) {
      setFailure(toUiError(err).message);
      setNote('save-failed');
    }
  };

  return (
    <div className="result-actions">
      <button
        type="button"
        className="small"
        data-testid="copy-file-list"
        title="Copy the paths of the files a run would receive, one per line (what is left out follows as comments)"
        onClick={() => void copyText(fileListText(result)).then((ok) => setNote(ok ? 'copied' : 'copy-failed'))}
      >
        {note === 'copied' || note === 'copy-failed' ? NOTES[note] : 'Copy file list'}
      </button>
      <button
        type="button"
        className="small"
        data-testid="export-json"
        title={failure ?? 'Save this inspection as JSON: the same document as loupe inspect --json'}
        onClick={() => void exportJson()}
      >
        {note === 'saved' || note === 'save-failed' ? NOTES[note] : 'Export JSON'}
      </button>
    </div>
  );
}
