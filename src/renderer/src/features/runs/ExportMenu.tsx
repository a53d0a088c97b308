import { useEffect, useRef } from 'react';
import { useRuns, type ExportScope } from './store';

const SCOPES: { id: ExportScope; label: string }[] = [
  { id: 'run', label: 'This run' },
  { id: 'thread', label: 'This thread' },
  { id: 'repo', label: 'The whole repository' },
];

/** Evidence of the run, its thread or the repository, as JSON or CSV (save dialog, or a download in the browser). */
export function ExportMenu() {
  const busy = useRuns((s) => s.busy);
  const menu = useRef<HTMLDetailsElement>(null);
  // A click anywhere else closes the menu, like any menu.
  useEffect(() => {
    const close = (e: MouseEvent) => {
      if (menu.current?.open && !menu.current.contains(e.target as Node)) menu.current.open = false;
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, []);
  const run = (scope: ExportScope, format: 'json' | 'csv') => {
    if (menu.current) menu.current.open = false;
    void useRuns.getState().exportEvidence(scope, format);
  };
  return (
    <details className="menu" ref={menu} data-testid="export-menu">
      <summary className="button small">{busy === 'export' ? 'Exporting…' : 'Export evidence'}</summary>
      <div className="menu-list" role="group" aria-label="Export evidence">
        {SCOPES.map((s) => (
          <div key={s.id} className="menu-row">
            <span>{s.label}</span>
            <button type="button" className="small" data-testid={`export-${s.id}-json`} onClick={() => run(s.id, 'json')}>
              JSON
            </button>
            <button type="button" className="small" data-testid={`export-${s.id}-csv`} onClick={() => run(s.id, 'csv')}>
              CSV
            </button>
          </div>
        ))}
        <p className="hint">Sizes, hashes and flags of every step; never prompt bodies.</p>
      </div>
    </details>
  );
}
