/**
 * What each omission reason means, in one plain sentence, and grouping of a
 * result's omissions by reason (in a fixed, most-actionable-first order).
 * Shared by the Inspector view and `loupe inspect`, so both say the same thing.
 */
import type { INSPECT_LIMITS, Omission, OmissionReason } from './contract/context';
import { formatBytes } from './format';

type Limits = typeof INSPECT_LIMITS;

/** Reasons in the order the UI lists them: things the user can act on first. */
export const REASON_ORDER: readonly OmissionReason[] = [
  'credential',
  'not-found',
  'outside-repo',
  'unsafe-name',
  'missing-object',
  'too-large',
  'inspection-budget',
  'binary',
  'invalid-utf8',
  'lfs-pointer',
  'symlink',
  'submodule',
  'git-internal',
];

const TITLES: Record<OmissionReason, string> = {
  credential: 'Credential files',
  'not-found': 'Not found',
  'outside-repo': 'Outside the repository',
  'too-large': 'Too large',
  'inspection-budget': 'Over the inspection budget',
  binary: 'Binary files',
  'invalid-utf8': 'Not valid UTF-8',
  'lfs-pointer': 'Git LFS pointers',
  symlink: 'Symbolic links',
  submodule: 'Submodules',
  'git-internal': 'Git internals',
  'unsafe-name': 'Names with control characters',
  'missing-object': 'Not in this clone',
};

/** One plain sentence saying why files with this reason are left out. */
export function reasonSentence(reason: OmissionReason, limits: Limits): string {
  switch (reason) {
    case 'credential':
      return 'Looks like a credential file; Loupe never opens these.';
    case 'not-found':
      return 'Not in the base commit, and not a file in your working copy (folders are read from the base commit only).';
    case 'outside-repo':
      return 'Outside the repository; only paths inside it can be inspected.';
    case 'too-large':
      return `Larger than ${formatBytes(limits.maxFileBytes)}, the most Loupe sends of one text file.`;
    case 'inspection-budget':
      return `Not scanned: ${formatBytes(limits.maxInspectedBytes)} of text had already been inspected.`;
    case 'binary':
      return 'Binary content (a NUL byte near the start) or a special file, so it is not sent as text.';
    case 'invalid-utf8':
      return 'Not valid UTF-8 (or UTF-16/32 text), so it cannot be sent or counted as text.';
    case 'lfs-pointer':
      return 'A Git LFS pointer; the real content lives in LFS storage, not in the repository.';
    case 'symlink':
      return 'A symbolic link, or inside a linked folder; Loupe does not follow links.';
    case 'submodule':
      return 'A submodule; its files belong to another repository.';
    case 'git-internal':
      return 'Part of Git’s own data under .git/; never sent.';
    case 'missing-object':
      return 'Its content is not in this clone (a partial clone left it on the server); Loupe never fetches anything.';
    case 'unsafe-name':
      return 'Its name holds a control character (a newline, a tab, …), which could forge lines of the prompt; never sent.';
  }
}

export interface OmissionGroup {
  reason: OmissionReason;
  title: string;
  sentence: string;
  items: Omission[];
  /** Sum of the sizes that are known. */
  knownBytes: number;
  /** How many items have no known size. */
  unknownCount: number;
}

/** Groups omissions by reason in REASON_ORDER; unknown reasons (newer host) go last. */
export function groupOmissions(omissions: readonly Omission[], limits: Limits): OmissionGroup[] {
  const byReason = new Map<OmissionReason, Omission[]>();
  for (const o of omissions) {
    const list = byReason.get(o.reason);
    if (list) list.push(o);
    else byReason.set(o.reason, [o]);
  }
  const order = [...REASON_ORDER, ...[...byReason.keys()].filter((r) => !REASON_ORDER.includes(r))];
  const groups: OmissionGroup[] = [];
  for (const reason of order) {
    const items = byReason.get(reason);
    if (!items) continue;
    let knownBytes = 0;
    let unknownCount = 0;
    for (const o of items) {
      if (o.bytes === null) unknownCount += 1;
      else knownBytes += o.bytes;
    }
    groups.push({
      reason,
      title: (TITLES as Partial<Record<string, string>>)[reason] ?? reason,
      sentence: TITLES[reason] ? reasonSentence(reason, limits) : 'Left out by the host.',
      items,
      knownBytes,
      unknownCount,
    });
  }
  return groups;
}
