import { useEffect, useState } from 'react';
import type { InspectResult } from '../../../../shared/contract/context';
import { copyText } from './clipboard';
import { downloadJson, exportFileName, fileListText } from './result-export';

/** Take the result along: the file list to the clipboard, the whole inspection as a JSON file. */
export function ResultActions({ result }: { result: InspectResult }) {
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (copied === 'idle') return;
    const t = setTimeout(() => setCopied('idle'), 1800);
    return () => clearTimeout(t);
  }, [copied]);

  return (
    <div className="result-actions">
      <button
        type="button"
        className="small"
        data-testid="copy-file-list"
        title="Copy the paths of the files a run would receive, one per line (what is left out follows as comments)"
        onClick={() => void copyText(fileListText(result)).then((ok) => setCopied(ok ? 'copied' : 'failed'))}
      >
        {copied === 'copied' ? '✓ Copied' : copied === 'failed' ? 'Copy failed' : 'Copy file list'}
      </button>
      <button
        type="button"
        className="small"
        data-testid="export-json"
        title="Save this inspection as JSON: the same document as loupe inspect --json"
        onClick={() => downloadJson(exportFileName(result), result)}
      >
        Export JSON
      </button>
    </div>
  );
}
