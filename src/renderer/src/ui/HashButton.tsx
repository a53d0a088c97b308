import { useEffect, useState } from 'react';
import { copyText } from './clipboard';
import { shortHash } from '../../../shared/format';

/** A sha256 (short, or `full`) that copies the full hash on click and says so. */
export function HashButton({ sha256, tabbable = false, full = false }: { sha256: string; tabbable?: boolean; full?: boolean }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(t);
  }, [state]);

  return (
    <button
      type="button"
      className={full ? 'hash hash-full' : 'hash'}
      data-testid="hash"
      data-sha256={sha256}
      title={`sha256 ${sha256}\nClick to copy the full hash`}
      aria-label={`Copy sha256 ${shortHash(sha256)}`}
      tabIndex={tabbable ? 0 : -1}
      onClick={(e) => {
        // Only this control copies; the click does not also open or close the row's preview.
        e.stopPropagation();
        void copyText(sha256).then((ok) => setState(ok ? 'copied' : 'failed'));
      }}
    >
      {state === 'idle' ? (
        <span className="mono">{full ? sha256 : shortHash(sha256)}</span>
      ) : (
        <span className={`hash-note ${state}`} role="status">
          {state === 'copied' ? '✓ Copied' : 'Copy failed'}
        </span>
      )}
    </button>
  );
}
