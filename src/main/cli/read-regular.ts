import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { UsageError } from './command';

// O_NONBLOCK: a FIFO opens at once instead of waiting for a writer, and is then refused.
/** Flags some platforms lack (Windows has no O_NONBLOCK for files), though the typings list them everywhere. */
const optionalFlags: Partial<typeof constants> = constants;
const FLAGS = constants.O_RDONLY | (optionalFlags.O_NONBLOCK ?? 0);

/** What a file that is not a regular one is, in words. */
function kindOf(stat: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean; isDirectory(): boolean }): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * A file named on the command line, read whole, when it is a regular file. A
 * FIFO would wait for a writer forever and `/dev/zero` never ends (issue 33):
 * anything else is a usage error naming what `label` is. Checked on the opened
 * file, so a name swapped after a check cannot slip through.
 */
export async function readRegularCliFile(path: string, label: string): Promise<Buffer> {
  let handle;
  try {
    handle = await open(path, FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${label}: ${code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a folder' : (err as Error).message}.`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw new UsageError(`cannot read ${label}: it is ${kindOf(stat)}; Loupe reads only regular files.`);
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
