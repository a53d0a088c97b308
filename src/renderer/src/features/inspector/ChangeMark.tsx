import type { WorkingStatus } from '../../../../shared/contract/context';

const MARKS: Record<Exclude<WorkingStatus, null>, { letter: string; text: string }> = {
  modified: { letter: 'M', text: 'Modified: the working copy differs from the base commit' },
  untracked: { letter: 'U', text: 'Untracked: not in git; only the working copy has it' },
  added: { letter: 'A', text: 'Added: staged, not in the base commit' },
  deleted: { letter: 'D', text: 'Deleted in the working copy: the base version is used' },
};

/** The working-copy status of an inspected file as a letter (M, U, A, D) with its meaning on hover. */
export function ChangeMark({ change }: { change: WorkingStatus }) {
  if (!change) return null;
  const mark = MARKS[change];
  return (
    <span className={`wc-mark wc-${change}`} title={mark.text} aria-label={change} data-testid="change-mark" data-change={change}>
      {mark.letter}
    </span>
  );
}
