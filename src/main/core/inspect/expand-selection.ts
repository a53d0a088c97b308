import type { OmissionReason } from '../../../shared/contract/context';
import { hasControlChars } from '../../../shared/line-safe';
import { ancestorsOf, withAncestors, type ChangeKind, type GitReader, type TreeEntry } from '../git/git-reader';
import { isCredentialPath, isGitInternalPath } from '../secrets/credential-paths';
import { normalizeSelection } from './selection-path';
import type { WorkingCopy } from './working-copy';

/** One entry the inspection will report, in order, before any content is read. */
export type WorkItem =
  | { kind: 'omit'; path: string; reason: OmissionReason; bytes: number | null }
  /** A blob of the base commit: a file under a selected folder, or a selected file missing locally. */
  | { kind: 'base'; path: string; oid: string; size: number | null; fromFolder: boolean }
  /** The working-copy file at an explicitly selected path. */
  | { kind: 'working'; path: string; atBase: boolean };

export interface Expansion {
  items: WorkItem[];
  /**
   * Working-copy changes under the selection. Reading can start before `git
   * status` finishes: only the `modified` flags and counts wait for this.
   */
  changes: Promise<Map<string, ChangeKind>>;
}

/**
 * How the working copy differs from base at the item's path. A working-copy
 * file that is not at base is untracked unless git status says it is staged
 * ('added'); a selected file read from base is missing locally ('deleted').
 */
export function changeOf(item: Exclude<WorkItem, { kind: 'omit' }>, changes: Map<string, ChangeKind>): ChangeKind | null {
  const status = changes.get(item.path) ?? null;
  if (item.kind === 'working') return item.atBase ? status : status === 'added' ? 'added' : 'untracked';
  return item.fromFolder ? status : 'deleted';
}

/** Modified files reached through a folder, which were kept at their base version. */
export function countModifiedDescendantsAtBase(items: readonly WorkItem[], changes: Map<string, ChangeKind>): number {
  // Items past the classified limit (expandSelection) were not checked for credential names.
  return items.filter((i) => i.kind === 'base' && i.fromFolder && changes.get(i.path) === 'modified' && !isCredentialPath(i.path)).length;
}

/** The bytes of every ancestor name of `path` (what a lookup of its ancestors puts on a command line). */
function ancestorBytes(path: string): number {
  let total = 0;
  for (let i = path.indexOf('/'); i !== -1; i = path.indexOf('/', i + 1)) total += i + 1;
  return total;
}

const omit = (path: string, reason: OmissionReason, bytes: number | null = null): WorkItem => ({ kind: 'omit', path, reason, bytes });

/**
 * How many bytes of ancestor names a path not found at once may send to git, to tell a
 * symlink or submodule on its way. Past this (a path thousands of folders deep: its
 * ancestors alone would be megabytes, over the system's command-line limit) it is
 * reported not found without the lookup.
 */
const MAX_ANCESTOR_BYTES = 64 * 1024;

/** The omission for a tree entry that is not a plain file, or null for a file. */
function entryOmission(entry: TreeEntry): OmissionReason | null {
  if (entry.type === 'symlink') return 'symlink';
  if (entry.type === 'submodule') return 'submodule';
  return null;
}

/**
 * Turns selections into ordered work items:
 * - a folder (in the base commit) becomes every file tracked under it at base,
 *   each read from base; modified copies in the working tree stay out and are counted;
 * - any other path is an explicit file: its working-copy file if present,
 *   else its base version, else `not-found`;
 * - names outside the repo, with control characters, under `.git`, or of
 *   credentials are omitted before anything on disk is looked at. An explicit selection wins over the same
 *   file reached through a folder; every path appears once.
 */
export async function expandSelection(
  reader: GitReader,
  working: WorkingCopy,
  base: { ref: string; commit: Promise<string> },
  rawPaths: readonly string[],
  /**
   * Items past this many are only counted by the caller (truncated): they are listed
   * without checking their names for credentials, which on a 30,000-file folder was
   * most of the listing's cost. countModifiedDescendantsAtBase checks them itself.
   */
  classifyFirst = Infinity,
): Promise<Expansion> {
  type Slot = { item: WorkItem } | { folder: string };
  const early: ({ item: WorkItem } | { candidate: string })[] = [];
  const candidates: string[] = [];
  const seen = new Set<string>();
  for (const raw of rawPaths) {
    const path = normalizeSelection(raw);
    const key = path ?? `\0${raw}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (path === null) early.push({ item: omit(raw, 'outside-repo') });
    // A newline (or other control character) in a name could forge lines of the prompt it is listed in.
    else if (hasControlChars(path)) early.push({ item: omit(path, 'unsafe-name') });
    else if (isGitInternalPath(path)) early.push({ item: omit(path, 'git-internal') });
    else if (isCredentialPath(path)) early.push({ item: omit(path, 'credential') });
    else {
      candidates.push(path);
      early.push({ candidate: path });
    }
  }

  // Status does not need the commit when the base is HEAD: start it alongside resolving.
  // Untracked paths are left out: changeOf takes a path it does not find as untracked.
  const changesPending =
    candidates.length === 0
      ? Promise.resolve(new Map<string, ChangeKind>())
      : base.ref === 'HEAD'
        ? reader.changes('HEAD', candidates, { baseIsHead: true, untracked: false })
        : base.commit.then((commit) => reader.changes(commit, candidates, { untracked: false }));
  changesPending.catch(() => {}); // awaited below; a bad ref must not leave it unhandled
  const commit = await base.commit;
  const scan = await reader.scan(commit, candidates);
  // A symlink or submodule on the way to a path only shows up when asked for by name.
  const unresolved = candidates.filter((p) => !scan.entries.has(p) && p.includes('/') && ancestorBytes(p) <= MAX_ANCESTOR_BYTES);
  const extra = unresolved.length ? await reader.lookup(commit, withAncestors(unresolved)) : new Map<string, TreeEntry>();
  const entries = new Map([...scan.entries, ...extra]);
  const explicit = new Set<string>();
  const resolved = new Map<string, Slot>();
  await Promise.all(
    candidates.map(async (path) => {
      const entry = entries.get(path);
      if (path === '' || entry?.type === 'dir') {
        resolved.set(path, { folder: path });
        return;
      }
      explicit.add(path);
      resolved.set(path, { item: await explicitItem(path, entry, entries, working) });
    }),
  );
  const ordered: Slot[] = early.map((e) => ('item' in e ? e : resolved.get(e.candidate)!));

  const items: WorkItem[] = [];
  const emitted = new Set<string>();
  for (const slot of ordered) {
    if ('item' in slot) {
      if (!emitted.has(slot.item.path)) items.push(slot.item);
      emitted.add(slot.item.path);
      continue;
    }
    for (const entry of scan.beneath.get(slot.folder) ?? []) {
      if (emitted.has(entry.path) || explicit.has(entry.path)) continue;
      emitted.add(entry.path);
      const reason = hasControlChars(entry.path)
        ? 'unsafe-name'
        : items.length < classifyFirst && isCredentialPath(entry.path)
          ? 'credential'
          : entryOmission(entry);
      if (reason) {
        items.push(omit(entry.path, reason));
        continue;
      }
      items.push({ kind: 'base', path: entry.path, oid: entry.oid, size: entry.size, fromFolder: true });
    }
  }
  return { items, changes: changesPending };
}

/** An explicitly selected path that is not a folder at base. */
async function explicitItem(
  path: string,
  entry: TreeEntry | undefined,
  base: Map<string, TreeEntry>,
  working: WorkingCopy,
): Promise<WorkItem> {
  // Inside a submodule: another repository's files, never inspected as this one's.
  const baseAncestors = ancestorsOf(path).map((folder) => base.get(folder));
  if (baseAncestors.some((e) => e?.type === 'submodule')) return omit(path, 'submodule');
  const probe = await working.probe(path);
  // A symlink at base is refused as one whatever the working copy holds there now, as it is through its folder.
  if (entry?.type === 'symlink' && probe.kind !== 'symlink') return omit(path, 'symlink');
  switch (probe.kind) {
    case 'symlink':
      return omit(path, probe.escapes ? 'outside-repo' : 'symlink');
    case 'special':
      return omit(path, 'binary');
    case 'file':
      return { kind: 'working', path, atBase: entry !== undefined };
    case 'dir':
      // A folder only in the working copy has no files tracked at base to expand to.
      return omit(path, entry?.type === 'submodule' || probe.gitRepo ? 'submodule' : 'not-found');
    case 'missing':
      // Behind a symlink committed at base (e.g. `link/file` where `link` is a symlink).
      if (baseAncestors.some((e) => e?.type === 'symlink')) return omit(path, 'symlink');
      if (!entry) return omit(path, 'not-found');
      if (entryOmission(entry)) return omit(path, entryOmission(entry)!);
      return { kind: 'base', path, oid: entry.oid, size: entry.size, fromFolder: false };
  }
}
