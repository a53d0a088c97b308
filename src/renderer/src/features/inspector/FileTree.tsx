import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { plural } from '../../../../shared/format';
import { MAX_SELECTIONS } from './limits';
import { useInspector } from './store';
import { coveringFolder, PAGE_SIZE, treeKey, visibleRows } from './tree-model';
import { coverageOf, TreeRow } from './TreeRow';

/**
 * The base commit's tree, loaded one folder at a time. Keyboard: arrows move
 * and expand/collapse, Space selects, Enter opens a folder or selects a file.
 */
export function FileTree() {
  const { dirs, expanded, shown, selected, baseRef, noCommits, refreshing } = useInspector(
    useShallow((s) => ({
      dirs: s.dirs,
      expanded: s.expanded,
      shown: s.shown,
      selected: s.selected,
      baseRef: s.baseRef,
      noCommits: s.refs !== null && s.refs.head === null,
      refreshing: s.refreshing,
    })),
  );
  const { toggleDir, expandDir, collapseDir, toggleSelect, showMore, refreshTree } = useInspector.getState();
  const selectChanged = useCallback(
    (dir: string) => void useInspector.getState().selectChangedUnder([dir], ['modified', 'untracked', 'added']),
    [],
  );
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const treeRef = useRef<HTMLDivElement>(null);

  const rows = useMemo(() => visibleRows({ dirs, expanded, shown }), [dirs, expanded, shown]);
  const checked = useMemo(() => new Set(selected.map((s) => s.path)), [selected]);
  const selectedDirs = useMemo(() => selected.filter((s) => s.kind === 'dir').map((s) => s.path), [selected]);
  const atLimit = selected.length >= MAX_SELECTIONS;
  const effectiveFocus = rows.some((r) => r.key === focusKey) ? focusKey : (rows[0]?.key ?? null);

  const moveFocus = useCallback((key: string) => {
    setFocusKey(key);
    const el = treeRef.current?.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"], [data-path="${CSS.escape(key)}"]`);
    el?.focus();
  }, []);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLInputElement || e.altKey || e.ctrlKey || e.metaKey) return;
    const action = treeKey(rows, effectiveFocus, e.key);
    if (!action) return;
    e.preventDefault();
    switch (action.kind) {
      case 'focus':
        moveFocus(action.key);
        break;
      case 'expand':
        expandDir(action.path);
        break;
      case 'collapse':
        collapseDir(action.path);
        break;
      case 'toggle-select':
        // Inside a ticked folder a plain file is already included; Space adds only what changes something.
        if (coverageOf(action.entry, coveringFolder(action.entry.path, selectedDirs)) !== 'included' || checked.has(action.entry.path)) {
          toggleSelect(action.entry);
        }
        break;
      case 'activate': {
        const row = action.row;
        if (row.kind === 'entry') {
          if (row.entry.type === 'dir') toggleDir(row.entry.path);
          else toggleSelect(row.entry);
        } else if (row.kind === 'more') showMore(row.dir);
        else if (row.kind === 'error') expandDir(row.dir);
        break;
      }
    }
  };

  const rootLoad = dirs[''];
  return (
    <div className="insp-field insp-tree-field">
      <div className="insp-label-row">
        <span className="insp-label" id="insp-tree-label">
          Files at <span className="mono">{baseRef}</span>
        </span>
        <span className="spacer" />
        <button
          type="button"
          className="ghost small"
          data-testid="refresh-tree"
          onClick={() => void refreshTree()}
          disabled={refreshing}
          title="List the files again (Loupe also does this when the window regains focus and on Inspect)"
        >
          {refreshing ? 'Refreshing…' : '↻ Refresh'}
        </button>
      </div>
      <div
        ref={treeRef}
        className="tree"
        role="tree"
        aria-labelledby="insp-tree-label"
        aria-multiselectable="true"
        data-testid="file-tree"
        onKeyDown={onKeyDown}
      >
        {rootLoad?.state === 'loaded' && rootLoad.entries.length === 0 && (
          <p className="tree-empty muted">This commit has no files.</p>
        )}
        {noCommits && (
          <p className="tree-empty muted" data-testid="no-commits">
            This repository has no commits yet. The Inspector reads folders from a commit: commit something first.
          </p>
        )}
        {!noCommits && rows.map((row) => {
          if (row.kind === 'entry') {
            return (
              <TreeRow
                key={row.key}
                entry={row.entry}
                depth={row.depth}
                expanded={row.expanded}
                checked={checked.has(row.entry.path)}
                coveredBy={selectedDirs.length ? coveringFolder(row.entry.path, selectedDirs) : null}
                atLimit={atLimit}
                focused={row.key === effectiveFocus}
                onToggleDir={toggleDir}
                onToggleSelect={toggleSelect}
                onSelectChanged={selectChanged}
                onFocus={setFocusKey}
              />
            );
          }
          const common = {
            'data-key': row.key,
            role: 'treeitem',
            'aria-level': row.depth + 1,
            tabIndex: row.key === effectiveFocus ? 0 : -1,
            style: { paddingLeft: 28 + row.depth * 16 },
            onFocus: () => setFocusKey(row.key),
          } as const;
          if (row.kind === 'loading') {
            return (
              <div key={row.key} {...common} className="tree-row tree-note muted">
                Loading…
              </div>
            );
          }
          if (row.kind === 'error') {
            return (
              <div key={row.key} {...common} className="tree-row tree-note tree-error">
                Could not list this folder: {row.message}{' '}
                <button type="button" className="ghost" tabIndex={-1} onClick={() => expandDir(row.dir)}>
                  Retry
                </button>
              </div>
            );
          }
          return (
            <div key={row.key} {...common} className="tree-row tree-note">
              <button type="button" className="ghost" tabIndex={-1} onClick={() => showMore(row.dir)}>
                Show {plural(Math.min(row.hidden, PAGE_SIZE), 'more entry', 'more entries')} ({row.hidden} hidden)
              </button>
            </div>
          );
        })}
      </div>
      <p className="hint">
        Arrow keys move and open folders; Space ticks; Enter opens or ticks. A folder’s count of changed files ticks them one by
        one.
      </p>
    </div>
  );
}
