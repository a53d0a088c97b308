import * as fs from 'node:fs';
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

// O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer.
/** Flags some platforms lack (Windows has no O_NONBLOCK for files), though the typings list them everywhere. */
const optionalFlags: Partial<typeof constants> = constants;
const FLAGS = constants.O_RDONLY | (optionalFlags.O_NONBLOCK ?? 0);

/** The error a missing file gives: isomorphic-git reads it as "not there". */
function notAFile(path: string): NodeJS.ErrnoException {
  const err: NodeJS.ErrnoException = new Error(`ENOENT: not a regular file, open '${path}'`);
  err.code = 'ENOENT';
  return err;
}

/**
 * readFile that reads regular files only. A FIFO (a `.gitignore`, a working
 * file, anything isomorphic-git opens) would otherwise block a thread of libuv's
 * small pool forever; four of them and the whole process stops reading files.
 */
export async function readRegularFile(path: fs.PathLike, options?: unknown): Promise<Buffer | string> {
  const handle = await open(path, FLAGS);
  try {
    if (!(await handle.stat()).isFile()) throw notAFile(String(path));
    return await handle.readFile(options as Parameters<typeof handle.readFile>[0]);
  } finally {
    await handle.close();
  }
}

/**
 * The file system isomorphic-git is given: node's, with readFile refusing
 * anything that is not a regular file. (isomorphic-git uses `promises` when the
 * property is enumerable, as it is here.)
 */
export const regularFilesFs = { promises: { ...fs.promises, readFile: readRegularFile } };
