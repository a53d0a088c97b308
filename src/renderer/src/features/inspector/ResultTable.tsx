import { useCallback, useRef, useState, type KeyboardEvent } from 'react';
import type { InspectedFile } from '../../../../shared/contract/context';
import { ResultRow } from './ResultRow';

interface ResultTableProps {
  files: InspectedFile[];
  activePath: string | null;
  onSelect(path: string): void;
}

/**
 * Inspected files. Arrow keys move through rows, Enter or Space shows a
 * row's preview, Home/End jump. A plain table: 200 memoized rows stay smooth.
 */
export function ResultTable({ files, activePath, onSelect }: ResultTableProps) {
  const [focusIndex, setFocusIndex] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);
  const focus = Math.min(focusIndex, Math.max(0, files.length - 1));

  const select = useCallback(
    (path: string, index: number) => {
      setFocusIndex(index);
      onSelect(path);
    },
    [onSelect],
  );

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(files.length - 1, index));
    setFocusIndex(next);
    body.current?.querySelector<HTMLElement>(`tr[data-index="${next}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    // Keys on the hash button act on the button, not the row.
    if (e.target instanceof HTMLButtonElement) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(focus + 1),
      ArrowUp: () => moveTo(focus - 1),
      Home: () => moveTo(0),
      End: () => moveTo(files.length - 1),
      PageDown: () => moveTo(focus + 10),
      PageUp: () => moveTo(focus - 10),
      Enter: () => files[focus] && onSelect(files[focus].path),
      ' ': () => files[focus] && onSelect(files[focus].path),
    };
    const run = keys[e.key];
    if (!run || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    run();
  };

  if (files.length === 0) {
    return <p className="muted insp-empty-files">No file content would be sent.</p>;
  }
  return (
    <div className="result-scroll">
      <table className="result-table" data-testid="result-table" aria-label="Inspected files">
        <thead>
          <tr>
            <th scope="col" className="col-mark" title="Modified in the working copy">
              <span className="visually-hidden">Modified</span>
            </th>
            <th scope="col">Path</th>
            <th scope="col">Source</th>
            <th scope="col">SHA-256</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col" className="num">
              Tokens (approx.)
            </th>
            <th scope="col" className="num" title="Secrets hidden in the preview">
              Redactions
            </th>
          </tr>
        </thead>
        <tbody ref={body} onKeyDown={onKeyDown}>
          {files.map((f, i) => (
            <ResultRow
              key={`${i}:${f.path}`}
              file={f}
              index={i}
              active={f.path === activePath}
              focused={i === focus}
              onSelect={select}
            />
          ))}
        </tbody>
      </table>
      <p className="hint table-hint">↑ ↓ move through rows · Enter shows the preview · click a hash to copy the full sha256</p>
    </div>
  );
}
