import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { DirEntry, DirListing, WorkingStatus } from '../../../shared/contract/context';
import { LoupeError } from '../../../shared/errors';
import type { ChangeKind, GitReader } from '../git/git-reader';
import { missingObjectError } from '../git/missing-object';
import { isCredentialPath, isGitInternalPath } from '../secrets/credential-paths';
import { normalizeSelection } from './selection-path';

/** Above this many files without a listed size, sizes stay null rather than reading every blob. */
const UNSIZED_READ_LIMIT = 500;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Folders first, then by name (natural order, case-insensitive, ties by code point). */
function compareEntries(a: DirEntry, b: DirEntry): number {
  if ((a.type === 'dir') !== (b.type === 'dir')) return a.type === 'dir' ? -1 : 1;
  return collator.compare(a.name, b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/**
 * One folder of the base commit's tree merged with the working copy: files
 * carry modified / deleted / added / untracked markers, folders count the
 * changed files beneath them (`changedInside`), and files or folders present
 * only in the working copy appear as untracked (or added, when staged).
 * Ignored files never appear.
 */
export async function listDir(reader: GitReader, request: { baseRef?: string; dir: string }): Promise<DirListing> {
  try {
    return await listDirOf(reader, request);
  } catch (err) {
    // A missing object is the repository's state, not Loupe's failure: a clear 404, not a 500.
    throw missingObjectError(err);
  }
}

async function listDirOf(reader: GitReader, request: { baseRef?: string; dir: string }): Promise<DirListing> {
  const dir = normalizeSelection(request.dir || '.');
  if (dir === null) throw new LoupeError('invalid-input', `"${request.dir}" is outside the repository.`);
  if (isGitInternalPath(dir)) throw new LoupeError('invalid-input', 'Loupe does not list the .git folder.');
  const baseRef = request.baseRef ?? 'HEAD';
  const baseCommit = await reader.resolveCommit(baseRef);
  if (dir !== '') {
    const self = (await reader.lookup(baseCommit, [dir])).get(dir);
    if (self && self.type !== 'dir') throw new LoupeError('not-a-directory', `${dir} is not a folder at ${baseRef}.`);
  }
  const [tree, changes] = await Promise.all([reader.listTree(baseCommit, dir), reader.changes(baseCommit, dir === '' ? [] : [dir])]);

  const byName = new Map<string, DirEntry>();
  for (const e of tree) {
    const name = e.path.slice(dir === '' ? 0 : dir.length + 1);
    byName.set(name, {
      name,
      path: e.path,
      type: e.type,
      // Credential files are never sized, not even from git's metadata.
      bytes: e.type === 'file' && !isCredentialPath(e.path) ? e.size : null,
      status: null,
      ...(e.type === 'dir' ? { changedInside: 0 } : {}),
    });
  }
  // isomorphic-git lists no blob sizes; read them for folders of a reasonable size.
  const unsized = tree.filter((e) => e.type === 'file' && e.size === null && !isCredentialPath(e.path));
  if (unsized.length <= UNSIZED_READ_LIMIT) {
    for (const e of unsized) {
      const entry = byName.get(e.path.slice(dir === '' ? 0 : dir.length + 1));
      if (entry) entry.bytes = (await reader.readBlob(e.oid)).length;
    }
  }
  /** Kinds of change under each folder that exists only in the working copy. */
  const newFolderKinds = new Map<string, Set<ChangeKind>>();
  for (const [path, kind] of changes) {
    const rest = dir === '' ? path : path.startsWith(`${dir}/`) ? path.slice(dir.length + 1) : null;
    if (!rest) continue;
    const slash = rest.indexOf('/');
    const name = slash < 0 ? rest : rest.slice(0, slash);
    const childPath = dir === '' ? name : `${dir}/${name}`;
    let entry = byName.get(name);
    if (slash < 0) {
      if (!entry) {
        // Git reports an untracked symlink as a file; say what it is.
        const link = await lstat(join(reader.root, childPath)).then((st) => st.isSymbolicLink(), () => false);
        entry = { name, path: childPath, type: link ? 'symlink' : 'file', bytes: null, status: null };
        byName.set(name, entry);
      }
      entry.status = kind as WorkingStatus;
      continue;
    }
    if (!entry) {
      entry = { name, path: childPath, type: 'dir', bytes: null, status: null, changedInside: 0 };
      byName.set(name, entry);
      newFolderKinds.set(name, new Set());
    }
    newFolderKinds.get(name)?.add(kind);
    if (entry.type === 'dir') entry.changedInside = (entry.changedInside ?? 0) + 1;
  }
  for (const [name, kinds] of newFolderKinds) {
    byName.get(name)!.status = kinds.has('untracked') ? 'untracked' : 'added';
  }
  if (dir !== '' && byName.size === 0) {
    throw new LoupeError('not-found', `There is no folder ${dir} at ${baseRef} or in the working copy.`);
  }
  const entries = [...byName.values()].sort(compareEntries);
  return { baseRef, baseCommit, dir, entries };
}
