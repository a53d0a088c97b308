// A git started on a repository whose own files are FIFOs blocks in open() until a
// writer comes: `include.path` naming a FIFO, a FIFO `.gitattributes` or
// `.git/info/exclude` held each call for the whole wall-clock limit (60 s), and a
// CLI killed meanwhile left the blocked git behind (issue 33). The files git reads
// on every command are checked before it starts (stat never blocks), so such a
// repository is refused at once with a clear error and no git is started. Files git
// reads only for some paths (a `.gitattributes` deeper in the tree) stay under the
// wall-clock limit.
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { LoupeError } from '../../../shared/errors';

/** How deep `include.path` chains are followed (git's own limit is 10). */
const MAX_INCLUDE_DEPTH = 10;
/** The largest config file read for its includes (a real one is a few KiB). */
const MAX_CONFIG_BYTES = 1024 * 1024;

type Kind = 'missing' | 'file' | 'folder' | 'other';

function kindOf(path: string): Kind {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 'missing';
  if (stat.isFile()) return 'file';
  return stat.isDirectory() ? 'folder' : 'other';
}

/** The repository's git folder for a working folder `cwd` (a `.git` file names it), or null when cwd holds none. */
function gitDirOf(cwd: string): string | null {
  const dotGit = join(cwd, '.git');
  const kind = kindOf(dotGit);
  if (kind === 'folder') return dotGit;
  if (kind !== 'file') return null;
  const m = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(dotGit, 'utf8').slice(0, 4096));
  return m ? resolve(cwd, m[1]!) : null;
}

/** A config value as a path: quotes taken off, `~/` at home, relative to the config file's folder. */
function configPath(raw: string, from: string): string {
  const value = raw.trim().replace(/^"(.*)"$/, '$1');
  if (value.startsWith('~/')) return join(homedir(), value.slice(2));
  return isAbsolute(value) ? value : resolve(dirname(from), value);
}

/** Paths named by `config`: include.path / includeIf.*.path, core.excludesFile and core.attributesFile. */
function namedPaths(configFile: string): { includes: string[]; others: string[] } {
  const text = readFileSync(configFile, 'utf8').slice(0, MAX_CONFIG_BYTES);
  const includes: string[] = [];
  const others: string[] = [];
  let section = '';
  for (const line of text.split(/\r?\n/)) {
    const header = /^\s*\[\s*([A-Za-z0-9.-]+)/.exec(line);
    if (header) section = header[1]!.toLowerCase();
    const entry = /^\s*(?:\[[^\]]*\]\s*)?([A-Za-z][A-Za-z0-9-]*)\s*=\s*(.*?)\s*(?:[#;].*)?$/.exec(line);
    if (!entry) continue;
    const key = entry[1]!.toLowerCase();
    if ((section === 'include' || section === 'includeif') && key === 'path') includes.push(configPath(entry[2]!, configFile));
    else if (section === 'core' && (key === 'excludesfile' || key === 'attributesfile')) others.push(configPath(entry[2]!, configFile));
  }
  return { includes, others };
}

/**
 * The first file git would read on every command in `cwd` that is not a regular
 * file (a FIFO, a device, a socket), or null. Missing files are fine.
 */
function blockingGitFile(cwd: string): string | null {
  const gitDir = gitDirOf(cwd);
  if (!gitDir) return null;
  const fixed = [join(cwd, '.gitattributes'), join(cwd, '.gitignore'), join(gitDir, 'info', 'exclude'), join(gitDir, 'info', 'attributes')];
  for (const path of fixed) if (kindOf(path) === 'other') return path;
  // The config and everything it includes, as git follows them.
  const queue: [string, number][] = [[join(gitDir, 'config'), 0]];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const [file, depth] = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const kind = kindOf(file);
    if (kind === 'other') return file;
    if (kind !== 'file') continue;
    const { includes, others } = namedPaths(file);
    for (const path of others) if (kindOf(path) === 'other') return path;
    if (depth < MAX_INCLUDE_DEPTH) for (const path of includes) queue.push([path, depth + 1]);
  }
  return null;
}

/** Throws a clear error, before any git starts, when a file git reads in `cwd` would block it. */
export function refuseBlockingGitFiles(cwd: string): void {
  const path = blockingGitFile(cwd);
  if (path) {
    throw new LoupeError(
      'invalid-input',
      `Loupe does not run git in this repository: ${path} is a FIFO, device or socket, not a file, and git would wait on it forever. Replace it with a regular file (or remove it).`,
    );
  }
}
