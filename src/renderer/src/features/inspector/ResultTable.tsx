import { Fragment, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import type { InspectedFile } from '../../../../shared/contract/context';
import { useProgressiveCount } from '../../ui/use-progressive-count';
import { PreviewPane } from './PreviewPane';
import { ResultRow } from './ResultRow';
import type { ExactCounts } from './token-count-store';

interface ResultTableProps {
  files: InspectedFile[];
  /** Exact counts for the model in force; no exact column unless it has a public tokenizer. */
  exact: ExactCounts;
  activePath: string | null;
  /** Opens a row's preview; null closes it. */
  onSelect(path: string | null): void;
}

const COLUMNS = 7;
/**
 * Rows built with the table's first paint: more than a screenful at 1280x800 (about 14 rows show
 * with the pane scrolled to the table; 4–8 under the totals). Each row is ~1 ms of the wait for the first.
 */
const FIRST_ROWS = 20;
/** Rows added after each paint until every row is there. */
const ROWS_PER_STEP = 40;

/** The encoding of the exact column, when there is one (the model's tokenizer is public). */
const exactEncoding = (exact: ExactCounts): string | null => ('encoding' in exact ? exact.encoding : null);

/**
 * Inspected files. A row opens its preview beneath it (click, Enter or Space;
 * again to close). Arrow keys move through rows, Home/End jump. A plain table
 * inside the pane's one scroll area: the first screenful of rows comes with the
 * first paint, the rest (up to 200) in steps after it; a key that moves past the
 * rows built so far builds them all first. Rows are memoized: opening a preview
 * re-renders only the rows it changes.
 */
export function ResultTable({ files, exact, activePath, onSelect }: ResultTableProps) {
  const [focusIndex, setFocusIndex] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);
  const focus = Math.min(focusIndex, Math.max(0, files.length - 1));
  const rows = useProgressiveCount(files, files.length, FIRST_ROWS, ROWS_PER_STEP);
  // Read at click time, so the rows' handler stays one function (a memoized row re-renders only when its own props change).
  const active = useRef(activePath);
  active.current = activePath;

  const toggle = useCallback(
    (path: string, index: number) => {
      setFocusIndex(index);
      onSelect(path === active.current ? null : path);
    },
    [onSelect],
  );

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(files.length - 1, index));
    if (next >= rows.count) rows.showAll();
    setFocusIndex(next);
    body.current?.querySelector<HTMLElement>(`tr[data-index="${next}"]`)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    // Keys on the hash button or inside the preview act there, not on the row.
    if (e.target instanceof HTMLButtonElement || !(e.target instanceof HTMLTableRowElement)) return;
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(focus + 1),
      ArrowUp: () => moveTo(focus - 1),
      Home: () => moveTo(0),
      End: () => moveTo(files.length - 1),
      PageDown: () => moveTo(focus + 10),
      PageUp: () => moveTo(focus - 10),
      Enter: () => files[focus] && toggle(files[focus].path, focus),
      ' ': () => files[focus] && toggle(files[focus].path, focus),
    };
    const run = keys[e.key];
    if (!run || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    run();
  };

  const encoding = exactEncoding(exact);
  if (files.length === 0) {
    return <p className="muted insp-empty-files">No file content would be sent.</p>;
  }
  return (
    <div className="result-files">
      <table
        className="result-table"
        data-testid="result-table"
        aria-label="Inspected files"
        aria-busy={!rows.complete}
        data-rows-shown={rows.count}
      >
        <thead>
          <tr>
            <th scope="col" className="col-mark" title="Working-copy status: M modified, U untracked, A added, D deleted">
              <span className="visually-hidden">Status</span>
            </th>
            <th scope="col">File</th>
            <th scope="col">Source</th>
            <th scope="col">SHA-256</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col" className="num" title="Estimate: UTF-8 bytes ÷ 4">
              Tokens
              <br />
              (estimate)
            </th>
            {encoding && (
              <th scope="col" className="num" data-testid="exact-header" title={`Counted with ${encoding}, the model’s own tokenizer`}>
                Exact
                <br />({encoding})
              </th>
            )}
            <th scope="col" className="num" title="Secrets hidden in the preview">
              Secrets
              <br />
              hidden
            </th>
          </tr>
        </thead>
        <tbody ref={body} onKeyDown={onKeyDown}>
          {files.slice(0, rows.count).map((f, i) => (
            <Fragment key={`${i}:${f.path}`}>
              <ResultRow
                file={f}
                encoding={encoding}
                count={encoding ? (exact.state === 'done' ? (exact.bySha[f.sha256] ?? null) : exact.state === 'counting' ? undefined : null) : null}
                index={i}
                active={f.path === activePath}
                focused={i === focus}
                onSelect={toggle}
              />
              {f.path === activePath && (
                <tr className="preview-row">
                  <td colSpan={COLUMNS + (encoding ? 1 : 0)}>
                    <PreviewPane file={f} />
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
      <p className="hint table-hint">
        Click a row (or Enter) to preview the file · ↑ ↓ move · the short SHA-256 copies the full hash
      </p>
    </div>
  );
}
