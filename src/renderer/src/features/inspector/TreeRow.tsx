import { memo } from 'react';
import type { DirEntry, WorkingStatus } from '../../../../shared/contract/context';
import { formatBytes, plural } from '../../../../shared/format';
import { isWorkingCopyOnlyFolder } from './tree-model';

const STATUS: Record<Exclude<WorkingStatus, null>, { letter: string; label: string }> = {
  modified: { letter: 'M', label: 'modified in the working copy' },
  untracked: { letter: 'U', label: 'untracked (not in the base commit)' },
  deleted: { letter: 'D', label: 'deleted in the working copy' },
  added: { letter: 'A', label: 'added (not in the base commit)' },
};

const TYPE_ICON: Record<DirEntry['type'], string> = { dir: '▤', file: '▫', symlink: '↪', submodule: '⧉' };

export interface TreeRowProps {
  entry: DirEntry;
  depth: number;
  expanded: boolean;
  checked: boolean;
  /** The selected folder that already includes this entry at its base version, if any. */
  coveredBy: string | null;
  /** The selection limit is reached and this entry is not selected. */
  atLimit: boolean;
  focused: boolean;
  onToggleDir(path: string): void;
  onToggleSelect(entry: DirEntry): void;
  /** Ticks the changed files under a folder one by one. */
  onSelectChanged(dir: string): void;
  onFocus(key: string): void;
}

/** What a ticked folder above does to this entry, when the entry is not ticked itself. */
export type Coverage = 'included' | 'committed-version' | 'not-included' | null;

/** How a ticked folder (`coveredBy`) covers this entry: included as committed, or not at all (not at base). */
export function coverageOf(entry: Pick<DirEntry, 'status'>, coveredBy: string | null): Coverage {
  if (!coveredBy) return null;
  if (entry.status === 'untracked' || entry.status === 'added') return 'not-included';
  return entry.status === 'modified' ? 'committed-version' : 'included';
}

/** One row of the base tree: expander, checkbox, name, working-copy markers, folder actions. */
export const TreeRow = memo(function TreeRow(props: TreeRowProps) {
  const { entry, depth, expanded, checked, coveredBy, atLimit, focused } = props;
  const isDir = entry.type === 'dir';
  const status = entry.status ? STATUS[entry.status] : null;
  const coverage = checked ? null : coverageOf(entry, coveredBy);
  // Inside a ticked folder the entry is included: the box says so (and the folder's box undoes it).
  const included = coverage === 'included' || coverage === 'committed-version';
  const changed = entry.changedInside ?? 0;
  // A folder that exists only in the working copy has nothing at the base commit to tick.
  const newFolder = isWorkingCopyOnlyFolder(entry);
  const disabled = included || (atLimit && !checked) || (newFolder && !checked);
  const boxTitle = included
    ? `Included through the ticked folder ${coveredBy}/ (as committed)`
    : newFolder
      ? 'This folder is not in the base commit; tick the files inside it instead'
      : disabled
        ? 'The selection limit is reached'
        : undefined;
  return (
    <div
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={isDir ? expanded : undefined}
      aria-selected={checked || included}
      aria-label={entry.name}
      tabIndex={focused ? 0 : -1}
      className={`tree-row${checked ? ' is-checked' : ''}${included ? ' is-covered' : ''}`}
      style={{ paddingLeft: 6 + depth * 16 }}
      data-testid="tree-row"
      data-path={entry.path}
      data-status={entry.status ?? undefined}
      data-coverage={coverage ?? undefined}
      onFocus={() => props.onFocus(entry.path)}
    >
      <span className="tree-twisty">
        {isDir && (
          <button
            type="button"
            tabIndex={-1}
            className="ghost"
            aria-label={`${expanded ? 'Collapse' : 'Expand'} ${entry.path}`}
            onClick={() => props.onToggleDir(entry.path)}
          >
            {expanded ? '▾' : '▸'}
          </button>
        )}
      </span>
      <input
        type="checkbox"
        tabIndex={-1}
        checked={checked || included}
        disabled={disabled}
        aria-label={`Select ${entry.path}`}
        title={boxTitle}
        onChange={() => props.onToggleSelect(entry)}
      />
      <span
        className={`tree-name tree-${entry.type}${entry.status === 'deleted' ? ' is-deleted' : ''}`}
        onClick={() => (isDir ? props.onToggleDir(entry.path) : !included && props.onToggleSelect(entry))}
        title={entry.path}
      >
        <span className="tree-icon" aria-hidden>
          {TYPE_ICON[entry.type]}
        </span>
        {entry.name}
      </span>
      {status && (
        <span className={`wc-mark wc-${entry.status}`} title={status.label} aria-label={status.label}>
          {status.letter}
        </span>
      )}
      {isDir && changed > 0 && (
        <button
          type="button"
          tabIndex={-1}
          className="tree-changes"
          title={`${plural(changed, 'changed file')} inside. Click to tick them one by one, so their working copies are sent.`}
          aria-label={`Tick the ${plural(changed, 'changed file')} under ${entry.path} one by one`}
          data-testid="changed-inside"
          onClick={() => props.onSelectChanged(entry.path)}
        >
          {changed}
        </button>
      )}
      {coverage === 'committed-version' && (
        <>
          <span className="tree-hint" title={`Included at its committed version through ${coveredBy}/`}>
            committed version
          </span>
          <button
            type="button"
            tabIndex={-1}
            className="tree-hint-action"
            title="Tick it on its own, to send your current copy instead of the committed one"
            aria-label={`Use the working copy of ${entry.path}`}
            onClick={() => props.onToggleSelect(entry)}
          >
            use mine
          </button>
        </>
      )}
      {coverage === 'not-included' && (
        <span className="tree-hint" title="Not in the base commit, so the folder does not bring it. Tick it to include it.">
          not included
        </span>
      )}
      <span className="tree-size muted">{entry.bytes !== null && !isDir ? formatBytes(entry.bytes) : ''}</span>
    </div>
  );
});
