// The working copy against the index and a base tree, without git: what `git status`
// does for the embedded reader. The index (https://git-scm.com/docs/index-format,
// versions 2–4) gives each tracked file's id and the stat data git recorded; a file
// whose stat still matches is unchanged without being read, as in git, and only the
// others are hashed. isomorphic-git's walk did the same through a promise per file and
// lost the stat times' last digits (so it hashed every file): 13 s on 9,000 files.
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync, statSync, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import { isUnder, type ChangeKind, type TreeEntry } from './git-reader';
import { readRegularFileSync } from './pack-file';

/** One stage-0 entry of the index. */
export interface IndexEntry {
  path: string;
  oid: string;
  mode: number;
  ctimeSec: number;
  ctimeNsec: number;
  mtimeSec: number;
  mtimeNsec: number;
  dev: number;
  ino: number;
  uid: number;
  gid: number;
  size: number;
  /** assume-unchanged or skip-worktree: git does not look at the file. */
  trusted: boolean;
  /** Staged in a conflict (stages 1–3): never equal to anything. */
  conflicted: boolean;
}

/** The bytes of each scope, for comparing against index paths before they are decoded. */
function scopeBytes(scopes: readonly string[] | undefined): Buffer[] | null {
  if (!scopes || scopes.length === 0 || scopes.includes('')) return null;
  return scopes.map((s) => Buffer.from(s, 'utf8'));
}

/** True when the path bytes `buf[start, end)` are a scope or lie beneath one (compared in place: no string made). */
function underScopes(buf: Buffer, start: number, end: number, scopes: readonly Buffer[]): boolean {
  next: for (let k = 0; k < scopes.length; k++) {
    const s = scopes[k]!;
    const n = s.length;
    if (end - start < n) continue;
    for (let i = 0; i < n; i++) if (buf[start + i] !== s[i]) continue next;
    if (end - start === n || buf[start + n] === 0x2f) return true;
  }
  return false;
}

/** An index entry as walkIndex hands it over: its stat data and id are read from `buf` at `at` when needed. */
type VisitEntry = (path: string, buf: Buffer, at: number, stage: number, trusted: boolean) => void;

/** Byte offsets of an entry's fields (https://git-scm.com/docs/index-format). */
const CTIME = 0;
const MTIME = 8;
const INO = 20;
const MODE = 24;
const UID = 28;
const GID = 32;
const SIZE = 36;
const OID = 40;

/**
 * Walks `.git/index` (an absent file is an empty index), handing each stage-0 or
 * conflicted entry at or under `scopes` to `visit`, in the index's order. The other
 * entries' names are compared as bytes and never decoded: a folder of a
 * 30,000-file repository costs its own entries, not 30,000 strings.
 */
function walkIndex(file: string, buf: Buffer, scopes: readonly string[] | undefined, visit: VisitEntry): void {
  if (buf.length === 0) return;
  if (buf.toString('latin1', 0, 4) !== 'DIRC') throw new Error(`${file} is not a git index.`);
  const version = buf.readUInt32BE(4);
  if (version < 2 || version > 4) throw new Error(`${file} is a version ${version} index; Loupe reads versions 2 to 4.`);
  const count = buf.readUInt32BE(8);
  const wanted = scopeBytes(scopes);
  // The first bytes the scopes start with: most entries outside them are told by one byte.
  const firsts = new Uint8Array(256);
  for (const w of wanted ?? []) firsts[w[0]!] = 1;
  // Version 4: each path is the previous one less N trailing bytes plus a suffix, rebuilt here in bytes.
  let previous = version === 4 ? Buffer.allocUnsafe(256) : null;
  let previousLength = 0;
  let at = 12;
  for (let i = 0; i < count; i++) {
    const start = at;
    if (start + 62 > buf.length) throw new Error(`${file} is truncated.`);
    const flags = (buf[start + 60]! << 8) | buf[start + 61]!;
    const extended = version >= 3 && (flags & 0x4000) !== 0;
    at = start + 62 + (extended ? 2 : 0);
    let pathBytes: Buffer;
    let pathStart: number;
    let pathEnd: number;
    if (previous) {
      let byte = buf[at++]!;
      let strip = byte & 0x7f;
      while (byte & 0x80) {
        byte = buf[at++]!;
        strip = (strip + 1) * 128 + (byte & 0x7f);
      }
      const nul = buf.indexOf(0, at);
      if (nul < 0 || strip > previousLength) throw new Error(`${file} is corrupt.`);
      const keep = previousLength - strip;
      const length = keep + nul - at;
      if (length > previous.length) {
        const grown = Buffer.allocUnsafe(Math.max(length, previous.length * 2));
        previous.copy(grown, 0, 0, keep);
        previous = grown;
      }
      buf.copy(previous, keep, at, nul);
      previousLength = length;
      at = nul + 1;
      pathBytes = previous;
      pathStart = 0;
      pathEnd = length;
    } else {
      // The flags hold the name's length below 0xfff; longer names are found by their NUL.
      const short = flags & 0xfff;
      const nul = short < 0xfff && buf[at + short] === 0 ? at + short : buf.indexOf(0, at);
      if (nul < 0) throw new Error(`${file} is truncated.`);
      pathBytes = buf;
      pathStart = at;
      pathEnd = nul;
      // Entries are padded with 1–8 NULs to a multiple of 8 bytes.
      at = start + ((nul - start + 8) & ~7);
    }
    if (wanted && (firsts[pathBytes[pathStart]!] === 0 || !underScopes(pathBytes, pathStart, pathEnd, wanted))) continue;
    // A sparse index's folder entries (mode 040000) stand for files git does not look at.
    if ((buf.readUInt32BE(start + MODE) & 0o170000) === 0o040000) continue;
    const stage = (flags >> 12) & 3;
    const extra = extended ? buf.readUInt16BE(start + 62) : 0;
    visit(pathBytes.toString('utf8', pathStart, pathEnd), buf, start, stage, stage === 0 && ((flags & 0x8000) !== 0 || (extra & 0x4000) !== 0));
  }
}

/** The index's bytes (empty when there is none) and the second it was written in. */
function loadIndex(file: string): { buf: Buffer; mtimeSec: number } {
  try {
    const buf = readRegularFileSync(file);
    return { buf, mtimeSec: Math.floor(statSync(file).mtimeMs / 1000) };
  } catch {
    return { buf: Buffer.alloc(0), mtimeSec: 0 };
  }
}

/**
 * Parses `.git/index` into its entries by path (a conflicted path once, as its first
 * stage); with `scopes`, only the entries at or under one of them (see walkIndex).
 */
export function readIndex(file: string, scopes?: readonly string[]): { entries: Map<string, IndexEntry>; mtimeSec: number } {
  const entries = new Map<string, IndexEntry>();
  const { buf: bytes, mtimeSec } = loadIndex(file);
  walkIndex(file, bytes, scopes, (path, buf, at, stage, trusted) => {
    if (stage !== 0 && entries.has(path)) return;
    entries.set(path, {
      path,
      oid: buf.toString('hex', at + OID, at + OID + 20),
      mode: buf.readUInt32BE(at + MODE),
      ctimeSec: buf.readUInt32BE(at + CTIME),
      ctimeNsec: buf.readUInt32BE(at + CTIME + 4),
      mtimeSec: buf.readUInt32BE(at + MTIME),
      mtimeNsec: buf.readUInt32BE(at + MTIME + 4),
      dev: buf.readUInt32BE(at + 16),
      ino: buf.readUInt32BE(at + INO),
      uid: buf.readUInt32BE(at + UID),
      gid: buf.readUInt32BE(at + GID),
      size: buf.readUInt32BE(at + SIZE),
      trusted,
      conflicted: stage !== 0,
    });
  });
  return { entries, mtimeSec };
}

/** True when the 20 bytes at `buf[at]` are the object id `hex` (lowercase): no string made. */
function oidEquals(buf: Buffer, at: number, hex: string): boolean {
  if (hex.length !== 40) return false;
  for (let i = 0; i < 20; i++) {
    const hi = hex.charCodeAt(2 * i);
    const lo = hex.charCodeAt(2 * i + 1);
    const byte = ((hi < 97 ? hi - 48 : hi - 87) << 4) | (lo < 97 ? lo - 48 : lo - 87);
    if (buf[at + i] !== byte) return false;
  }
  return true;
}

/**
 * Nanoseconds from a float millisecond time: exact to about a quarter of a microsecond
 * at today's dates. Plain stats are used (bigint ones cost four Date objects per file,
 * a third of the status's time), so times match within a microsecond; a file rewritten
 * within that microsecond and keeping its size, inode and ctime is not a case git meets.
 */
const nsOf = (ms: number) => Math.round((ms - Math.floor(ms / 1000) * 1000) * 1e6);
const near = (a: number, b: number) => Math.abs(a - b) < 1000 || Math.abs(a - b) > 999_999_000;

/** True when git would take the file as unchanged from the stat data of the index entry at `buf[at]` alone. */
function statMatches(buf: Buffer, at: number, s: Stats, indexMtimeSec: number): boolean {
  const mtimeSec = Math.floor(s.mtimeMs / 1000);
  // "Racily clean": written in the same second as the index, its stat data proves nothing.
  if (mtimeSec >= indexMtimeSec) return false;
  return (
    mtimeSec % 4294967296 === buf.readUInt32BE(at + MTIME) &&
    near(nsOf(s.mtimeMs), buf.readUInt32BE(at + MTIME + 4)) &&
    Math.floor(s.ctimeMs / 1000) % 4294967296 === buf.readUInt32BE(at + CTIME) &&
    near(nsOf(s.ctimeMs), buf.readUInt32BE(at + CTIME + 4)) &&
    s.ino % 4294967296 === buf.readUInt32BE(at + INO) &&
    s.size % 4294967296 === buf.readUInt32BE(at + SIZE) &&
    s.uid === buf.readUInt32BE(at + UID) &&
    s.gid === buf.readUInt32BE(at + GID)
  );
}

/** The mode git would record for this file (100644, 100755 or 120000), or null for anything else. */
function workMode(s: Stats): number | null {
  if (s.isSymbolicLink()) return 0o120000;
  if (!s.isFile()) return null;
  return Number(s.mode) & 0o100 ? 0o100755 : 0o100644;
}

function hashFile(full: string, s: Stats): string {
  const content = s.isSymbolicLink() ? Buffer.from(readlinkSync(full, { encoding: 'buffer' })) : readRegularFileSync(full);
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

const lstatOrNull = (full: string): Stats | null => {
  try {
    return lstatSync(full, { throwIfNoEntry: false }) ?? null;
  } catch {
    // ENOTDIR (a file where a folder was) and the like: not there either.
    return null;
  }
};

export interface WorkStatusInput {
  root: string;
  indexFile: string;
  /** Files (not folders) of the base commit under the scopes, by path. */
  base: ReadonlyMap<string, TreeEntry>;
  /** Repo-relative files or folders; [] or [''] is the whole repository. */
  scopes: readonly string[];
  /** git's ignore rules for an untracked path (a folder ends without a slash). */
  isIgnored(path: string): Promise<boolean>;
  /** false: no untracked path is looked for (no folder is read, no ignore rule asked). */
  untracked?: boolean;
}

/**
 * How the working copy differs from the base under the scopes, in the words of
 * ChangeKind: tracked files whose content or mode changed are `modified`, base files
 * missing from the working tree `deleted`, files staged but not in the base `added`,
 * files in neither the index nor the base (and not ignored) `untracked`.
 */
export async function workStatus(input: WorkStatusInput): Promise<Map<string, ChangeKind>> {
  const { root, base } = input;
  const whole = input.scopes.length === 0 || input.scopes.includes('');
  const scopePrefixes = input.scopes.map((s) => `${s}/`);
  const inScope = (path: string) => {
    if (whole) return true;
    for (let i = 0; i < scopePrefixes.length; i++) if (path === input.scopes[i] || path.startsWith(scopePrefixes[i]!)) return true;
    return false;
  };
  const changes = new Map<string, ChangeKind>();
  // Index and tree paths are already normal ('a/b'): joined by hand, not by path.join's parser.
  const rootPrefix = root.endsWith(sep) ? root : root + sep;
  const index = loadIndex(input.indexFile);
  /** Whether the working file differs from `head` (same mode and content is unchanged); null when absent or not a file or link. */
  const differs = (path: string, head: TreeEntry, entryAt: number | null): boolean | null => {
    const full = rootPrefix + path;
    const s = lstatOrNull(full);
    const mode = s && workMode(s);
    if (!s || mode === null) return null;
    if (mode !== parseInt(head.mode, 8)) return true;
    // git takes the index's id when the stat data still matches, and hashes the file otherwise.
    if (entryAt !== null && index.buf.readUInt32BE(entryAt + MODE) === mode && statMatches(index.buf, entryAt, s, index.mtimeSec)) {
      return !oidEquals(index.buf, entryAt + OID, head.oid);
    }
    return hashFile(full, s) !== head.oid;
  };
  const present = (path: string) => {
    const s = lstatOrNull(rootPrefix + path);
    return s !== null && workMode(s) !== null;
  };

  // Entries outside the scopes are never looked at: not even made. Each is handled as it is read.
  // The index's paths, kept only where they are asked again: for untracked paths, or for base files the index lacks.
  let indexed: Set<string> | null = input.untracked === false ? null : new Set<string>();
  let lastPath = '';
  let baseSeen = 0;
  walkIndex(input.indexFile, index.buf, input.scopes, (path, buf, entryAt, stage, trusted) => {
    if (path === lastPath) return; // a conflicted path's later stages (a path's stages are adjacent)
    lastPath = path;
    indexed?.add(path);
    const head = base.get(path);
    if (head) baseSeen++;
    if (buf.readUInt32BE(entryAt + MODE) === 0o160000) return;
    if (head?.type === 'submodule') return;
    if (trusted) {
      if (head && !oidEquals(buf, entryAt + OID, head.oid)) changes.set(path, 'modified');
      else if (!head) changes.set(path, 'added');
      return;
    }
    if (!head) {
      if (present(path)) changes.set(path, 'added');
      return;
    }
    const differ = differs(path, head, stage === 0 ? entryAt : null);
    if (differ === null) changes.set(path, 'deleted');
    else if (differ) changes.set(path, 'modified');
  });
  if (baseSeen < base.size) {
    // Base files the index lacks (removed with `git rm --cached`, or the index is new): found by name.
    if (!indexed) {
      const paths = new Set<string>();
      walkIndex(input.indexFile, index.buf, input.scopes, (path) => void paths.add(path));
      indexed = paths;
    }
    for (const [path, head] of base) {
      if (indexed.has(path) || head.type === 'submodule' || !inScope(path)) continue;
      const differ = differs(path, head, null);
      if (differ === null) changes.set(path, 'deleted');
      else if (differ) changes.set(path, 'modified');
    }
  }

  if (input.untracked === false || !indexed) return changes;
  const tracked = indexed;
  // Untracked files: every folder under the scopes that holds tracked files is read;
  // one that holds none is skipped when ignored, as git does.
  const trackedDirs = new Set<string>();
  const addFolders = (path: string) => {
    // Deepest folder first: once one is known, so are all above it (they were added with it).
    for (let at = path.lastIndexOf('/'); at > 0; at = path.lastIndexOf('/', at - 1)) {
      const folder = path.slice(0, at);
      if (trackedDirs.has(folder)) break;
      trackedDirs.add(folder);
    }
  };
  for (const path of tracked) addFolders(path);
  for (const path of base.keys()) if (!tracked.has(path)) addFolders(path);
  const visit = async (dir: string): Promise<void> => {
    let names: import('node:fs').Dirent[];
    try {
      names = readdirSync(join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of names) {
      const path = dir ? `${dir}/${d.name}` : d.name;
      if (d.name === '.git' || tracked.has(path) || base.has(path)) continue;
      if (d.isDirectory()) {
        if (!trackedDirs.has(path)) {
          if (await input.isIgnored(path)) continue;
          // Another repository inside this one: git lists the folder (`nested/`), none of its files.
          if (lstatOrNull(join(root, path, '.git'))) {
            if (inScope(path)) changes.set(`${path}/`, 'untracked');
            continue;
          }
        }
        if (whole || inScope(path) || input.scopes.some((s) => isUnder(s, path))) await visit(path);
      } else if ((d.isFile() || d.isSymbolicLink()) && inScope(path) && !(await input.isIgnored(path))) {
        changes.set(path, 'untracked');
      }
    }
  };
  const roots = whole ? [''] : input.scopes;
  for (const scope of roots) {
    if (scope === '') await visit('');
    else {
      const s = lstatOrNull(join(root, scope));
      if (s?.isDirectory()) {
        if (!trackedDirs.has(scope)) {
          if (await input.isIgnored(scope)) continue;
          if (lstatOrNull(join(root, scope, '.git'))) {
            changes.set(`${scope}/`, 'untracked');
            continue;
          }
        }
        await visit(scope);
      } else if (s && workMode(s) !== null && !tracked.has(scope) && !base.has(scope) && !(await input.isIgnored(scope))) {
        changes.set(scope, 'untracked');
      }
    }
  }
  return changes;
}
