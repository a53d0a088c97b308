import { constants, existsSync } from 'node:fs';
import { lstat, open, readlink, type FileHandle } from 'node:fs/promises';
import { join, relative, isAbsolute } from 'node:path';
import { ancestorsOf } from '../git/git-reader';

// O_NOFOLLOW: a symlink at the file's own name fails to open instead of being followed.
// O_NONBLOCK: a FIFO opens without waiting for a writer (and is then refused as not a file).
/** Flags some platforms lack (Windows has no O_NOFOLLOW), though the typings list them everywhere. */
const optionalFlags: Partial<typeof constants> = constants;
const READ_FLAGS = constants.O_RDONLY | (optionalFlags.O_NOFOLLOW ?? 0) | (optionalFlags.O_NONBLOCK ?? 0);

/** Linux (and anything with procfs): a descriptor's path can be asked of the kernel. */
const PROC_FD = existsSync('/proc/self/fd');

export type InsideOpen =
  | { kind: 'open'; handle: FileHandle }
  /** Nothing to open there (or it is a symlink at its own name). */
  | { kind: 'gone' }
  /** The open landed somewhere else: a folder on the way was (or became) a link; `outside` when beyond the repository. */
  | { kind: 'diverted'; outside: boolean };

/**
 * Opens `rel` (forward slashes) under `realRoot` (a real path, links resolved)
 * for reading, and proves the file opened is the one at that very path, so a
 * folder on the way swapped for a symlink while Loupe looks (a race O_NOFOLLOW
 * alone cannot stop, since it guards the last component only) never lets an
 * outside file through. The one place inspect, staging and X-Ray open
 * working-copy files.
 *
 * How: with procfs, the descriptor's own path (/proc/self/fd/N) must equal
 * root + rel; whatever happens to the folders afterwards, the bytes read are
 * those of the file that was at that path. Without procfs (macOS, Windows) each
 * folder on the way is checked to be a real folder and the path must name the
 * very file opened (device and inode); a swap racing these checks could still
 * pass there, so off Linux this is best effort.
 */
export async function openInside(realRoot: string, rel: string): Promise<InsideOpen> {
  const full = join(realRoot, ...rel.split('/'));
  let handle: FileHandle;
  try {
    handle = await open(full, READ_FLAGS);
  } catch {
    return { kind: 'gone' };
  }
  let landed: string | true;
  try {
    landed = await landedAt(handle, realRoot, rel, full);
  } catch {
    landed = '';
  }
  if (landed === true) return { kind: 'open', handle };
  await handle.close().catch(() => undefined);
  const inside = landed === '' ? '..' : relative(realRoot, landed);
  return { kind: 'diverted', outside: inside === '..' || inside.startsWith('../') || inside.startsWith('..\\') || isAbsolute(inside) };
}

/** true when the descriptor is the file at `full`; otherwise where it is (or '' when unknown). */
async function landedAt(handle: FileHandle, realRoot: string, rel: string, full: string): Promise<string | true> {
  if (PROC_FD) {
    const at = await readlink(`/proc/self/fd/${handle.fd}`);
    return at === full ? true : at;
  }
  for (const folder of ancestorsOf(rel)) {
    if (!(await lstat(join(realRoot, ...folder.split('/')))).isDirectory()) return '';
  }
  const [opened, named] = await Promise.all([handle.stat(), lstat(full)]);
  return opened.dev === named.dev && opened.ino === named.ino ? true : '';
}
