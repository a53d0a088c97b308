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
  onFocus(key: string): void;
}

/** What a folder selection does to this entry, when it is not selected itself. */
function coverHint(entry: DirEntry, coveredBy: string | null): { text: string; title: string } | null {
  if (!coveredBy) return null;
  if (entry.status === 'modified') {
    return {
      text: 'committed version',
      title: `Included at its committed version through ${coveredBy}/. Select it to include your current copy.`,
    };
  }
  if (entry.status === 'untracked' || entry.status === 'added') {
    return { text: 'not included', title: 'Not in the base commit, so the folder does not include it. Select it to include it.' };
  }
  return null;
}

/** One row of the base tree: expander, checkbox, name, working-copy markers. */
export const TreeRow = memo(function TreeRow(props: TreeRowProps) {
  const { entry, depth, expanded, checked, coveredBy, atLimit, focused } = props;
  const isDir = entry.type === 'dir';
  const status = entry.status ? STATUS[entry.status] : null;
  const hint = checked ? null : coverHint(entry, coveredBy);
  const changed = entry.changedInside ?? 0;
  // A folder that exists only in the working copy has nothing at the base commit to expand.
  const newFolder = isWorkingCopyOnlyFolder(entry);
  const disabled = (atLimit && !checked) || (newFolder && !checked);
  const disabledWhy = newFolder
    ? 'This folder is not in the base commit; select the files inside it instead'
    : 'The selection limit is reached';
  return (
    <div
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={isDir ? expanded : undefined}
      aria-selected={checked}
      aria-label={entry.name}
      tabIndex={focused ? 0 : -1}
      className={`tree-row${checked ? ' is-checked' : ''}${coveredBy && !checked ? ' is-covered' : ''}`}
      style={{ paddingLeft: 6 + depth * 16 }}
      data-testid="tree-row"
      data-path={entry.path}
      data-status={entry.status ?? undefined}
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
        checked={checked}
        disabled={disabled}
        aria-label={`Select ${entry.path}`}
        title={disabled ? disabledWhy : coveredBy ? `Inside the selected folder ${coveredBy}/` : undefined}
        onChange={() => props.onToggleSelect(entry)}
      />
      <span
        className={`tree-name tree-${entry.type}${entry.status === 'deleted' ? ' is-deleted' : ''}`}
        onClick={() => (isDir ? props.onToggleDir(entry.path) : props.onToggleSelect(entry))}
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
        <span className="tree-changes" title={`${plural(changed, 'changed file')} inside`} data-testid="changed-inside">
          {changed}
        </span>
      )}
      {hint && (
        <span className="tree-hint" title={hint.title}>
          {hint.text}
        </span>
      )}
      <span className="tree-size muted">{entry.bytes !== null && !isDir ? formatBytes(entry.bytes) : ''}</span>
    </div>
  );
});
