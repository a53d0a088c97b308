import { join } from 'node:path';
import type { RefsInfo } from '../../../shared/contract/context';
import {
  badRef,
  entryTypeForMode,
  isFullOid,
  withAncestors,
  type ChangeKind,
  type ChangesOptions,
  type GitReader,
  type TreeEntry,
  type TreeScan,
} from './git-reader';
import { gitDirOf, ObjectStore, objectsDirOf, type RawObject } from './object-store';
import { resolveRefFromFiles } from './ref-files';
import { regularFilesFs as fs } from './regular-files-fs';
import { workStatus } from './work-status';

/** Recursive listings kept (EmbeddedGitReader.listings). */
const MAX_LISTINGS = 4;

/** isomorphic-git, loaded on first need (see iso-git.ts). */
const isoGit = async () => (await import('./iso-git')).default;

/**
 * GitReader for machines without a git binary. Objects (commits, trees, blobs,
 * tags) are read by ObjectStore: pack indexes and positional reads of only the
 * objects asked for, so memory follows the work, not the pack's size.
 * isomorphic-git keeps what it does without reading packs: refs and ignore rules;
 * working-copy changes compare the index's stat data as git does (work-status.ts).
 */
export class EmbeddedGitReader implements GitReader {
  readonly backend = 'embedded' as const;
  private readonly store: ObjectStore;
  /** Parsed trees by object id (trees are immutable, so this never goes stale). */
  private trees = new Map<string, TreeEntry[]>();
  /**
   * The last few recursive listings, by tree id and folder: an inspection lists its
   * folders for the selection (scan) and again for their working-copy changes.
   */
  private listings = new Map<string, TreeEntry[]>();

  constructor(readonly root: string) {
    this.store = new ObjectStore(objectsDirOf(root));
  }

  private object(oid: string): RawObject {
    const found = this.store.read(oid);
    if (!found) throw new Error(`git object ${oid} is missing`);
    return found;
  }

  private commitOf(oid: string): ParsedCommit {
    const obj = this.object(oid);
    if (obj.type !== 'commit') throw new Error(`git object ${oid} is a ${obj.type}, not a commit`);
    return parseCommit(obj.bytes);
  }

  async resolveCommit(ref: string): Promise<string> {
    if (ref.startsWith('-') || /[\0\n]/.test(ref)) throw badRef(ref);
    // Ancestry suffixes (HEAD~1, main^, v1^2), which isomorphic-git does not parse: walk parents.
    const steps = /^(.+?)((?:[~^]\d*)+)$/.exec(ref);
    if (steps) {
      let oid = await this.resolveCommit(steps[1]!).catch(() => null);
      for (const [, op, digits] of steps[2]!.matchAll(/([~^])(\d*)/g)) {
        const n = digits === '' ? 1 : Number(digits);
        for (let i = 0; oid && i < (op === '~' ? n : Math.min(n, 1)); i++) {
          const parents = this.tryCommit(oid)?.parents ?? [];
          oid = parents[op === '~' ? 0 : n - 1] ?? null;
        }
      }
      if (!oid) throw badRef(ref);
      return oid;
    }
    let oid: string | null = null;
    try {
      oid = await resolveRefFromFiles(this.root, ref);
    } catch {
      if (/^[0-9a-f]{4,40}$/i.test(ref)) {
        const ids = this.store.expand(ref, 2);
        oid = ids.length === 1 ? ids[0]! : null;
      }
    }
    if (!oid || !isFullOid(oid)) throw badRef(ref);
    // Peel annotated tags down to the commit they name.
    for (let depth = 0; depth < 10; depth++) {
      const obj = this.tryObject(oid);
      if (!obj) break;
      if (obj.type === 'commit') return oid;
      if (obj.type !== 'tag') break;
      const target = /^object ([0-9a-f]{40})$/m.exec(obj.bytes.toString('latin1'))?.[1];
      if (!target) break;
      oid = target;
    }
    throw badRef(ref);
  }

  private tryObject(oid: string): RawObject | null {
    try {
      return this.store.read(oid);
    } catch {
      return null;
    }
  }

  private tryCommit(oid: string): ParsedCommit | null {
    const obj = this.tryObject(oid);
    return obj?.type === 'commit' ? parseCommit(obj.bytes) : null;
  }

  /** One tree's entries with repo-relative paths under `prefix`. */
  private readTreeEntries(oid: string, prefix: string): TreeEntry[] {
    let raw = this.trees.get(oid);
    if (!raw) {
      // Read for a recursive listing: parsed straight into full paths, not kept (the listing is).
      if (prefix !== '') return parseTree(this.treeBytes(oid), `${prefix}/`);
      raw = parseTree(this.treeBytes(oid), '');
      this.trees.set(oid, raw);
    }
    if (prefix === '') return raw;
    const under = `${prefix}/`;
    return raw.map((e) => ({ path: under + e.path, mode: e.mode, oid: e.oid, type: e.type, size: e.size }));
  }

  /** A tree object's bytes, or why it cannot be read as one. */
  private treeBytes(oid: string): Buffer {
    const obj = this.object(oid);
    if (obj.type !== 'tree') throw new Error(`git object ${oid} is a ${obj.type}, not a tree`);
    return obj.bytes;
  }

  /** One tree's entries by name (kept: lookups walk the same few trees again). */
  private treeByName(oid: string): TreeEntry[] {
    let raw = this.trees.get(oid);
    if (!raw) {
      raw = parseTree(this.treeBytes(oid), '');
      this.trees.set(oid, raw);
    }
    return raw;
  }

  async lookup(commit: string, paths: readonly string[]): Promise<Map<string, TreeEntry>> {
    const found = new Map<string, TreeEntry>();
    const rootTree = this.commitOf(commit).tree;
    for (const path of paths) {
      if (path === '') continue;
      let treeOid: string | null = rootTree;
      let prefix = '';
      const parts = path.split('/');
      for (let i = 0; i < parts.length && treeOid; i++) {
        const name = parts[i]!;
        const entry: TreeEntry | undefined = this.treeByName(treeOid).find((e) => e.path === name);
        treeOid = null;
        if (!entry) break;
        const full = prefix ? `${prefix}/${name}` : name;
        if (i === parts.length - 1) found.set(path, { ...entry, path: full });
        else if (entry.type === 'dir') {
          treeOid = entry.oid;
          prefix = full;
        }
      }
    }
    return found;
  }

  async listTree(commit: string, dir: string, options: { recursive?: boolean } = {}): Promise<TreeEntry[]> {
    let treeOid = this.commitOf(commit).tree;
    if (dir !== '') {
      const entry = (await this.lookup(commit, [dir])).get(dir);
      if (!entry || entry.type !== 'dir') return [];
      treeOid = entry.oid;
    }
    const entries = this.readTreeEntries(treeOid, dir);
    if (!options.recursive) return entries;
    const key = `${treeOid}:${dir}`;
    const known = this.listings.get(key);
    if (known) return known;
    const out: TreeEntry[] = [];
    // Depth-first in tree order gives the same order as `git ls-tree -r`.
    const visit = (list: TreeEntry[]): void => {
      for (const e of list) {
        if (e.type === 'dir') visit(this.readTreeEntries(e.oid, e.path));
        else out.push(e);
      }
    };
    visit(entries);
    if (this.listings.size >= MAX_LISTINGS) this.listings.delete(this.listings.keys().next().value!);
    this.listings.set(key, out);
    return out;
  }

  async scan(commit: string, paths: readonly string[]): Promise<TreeScan> {
    const found = await this.lookup(commit, withAncestors(paths));
    const entries = new Map<string, TreeEntry>();
    for (const [path, e] of found) if (paths.includes(path) || e.type === 'dir') entries.set(path, e);
    const folders = paths.filter((p) => p === '' || entries.get(p)?.type === 'dir');
    const beneath = new Map<string, TreeEntry[]>();
    for (const f of folders) beneath.set(f, await this.listTree(commit, f, { recursive: true }));
    return { entries, beneath };
  }

  prepareBlobs(): void {
    // Nothing to start: objects are read in-process.
  }

  /** The blob's bytes; they may be shared with the object cache (as a delta base): read them, never write to them. */
  async readBlob(oid: string): Promise<Buffer> {
    if (!isFullOid(oid)) throw new Error(`Not a full object id: ${JSON.stringify(oid)}`);
    const obj = this.object(oid);
    if (obj.type !== 'blob') throw new Error(`git object ${oid} is a ${obj.type}, not a blob`);
    return obj.bytes;
  }

  async changes(commit: string, scopes: readonly string[], options: ChangesOptions = {}): Promise<Map<string, ChangeKind>> {
    // Callers that know the base is HEAD may pass the name.
    if (!isFullOid(commit)) commit = await this.resolveCommit(commit);
    const whole = scopes.length === 0 || scopes.includes('');
    // The base side, from the object store: every file under the scopes.
    const baseFiles = new Map<string, TreeEntry>();
    const addBase = (e: TreeEntry) => void baseFiles.set(e.path, e);
    if (whole) for (const e of await this.listTree(commit, '', { recursive: true })) addBase(e);
    else {
      const found = await this.lookup(commit, scopes);
      for (const scope of scopes) {
        const e = found.get(scope);
        if (e?.type === 'dir') for (const f of await this.listTree(commit, scope, { recursive: true })) addBase(f);
        else if (e) addBase(e);
      }
    }
    return workStatus({
      root: this.root,
      indexFile: join(gitDirOf(this.root), 'index'),
      base: baseFiles,
      scopes: whole ? [] : scopes,
      isIgnored: async (filepath) => (await isoGit()).isIgnored({ fs, dir: this.root, filepath }),
      untracked: options.untracked !== false,
    });
  }

  async head(): Promise<{ head: string | null; branch: string | null }> {
    const head = await resolveRefFromFiles(this.root, 'HEAD').catch(() => null);
    const git = await isoGit();
    const branch = (await git.currentBranch({ fs, dir: this.root, fullname: false }).catch(() => undefined)) ?? null;
    return { head, branch };
  }

  async refs(): Promise<RefsInfo> {
    const { head, branch } = await this.head();
    const git = await isoGit();
    const named = async (prefix: string, names: string[]) => {
      const out: { name: string; commit: string }[] = [];
      for (const name of names.sort()) {
        const commit = await this.resolveCommit(`${prefix}${name}`).catch(() => null);
        if (commit) out.push({ name, commit });
      }
      return out;
    };
    const branches = await named('refs/heads/', await git.listBranches({ fs, dir: this.root }));
    const tags = await named('refs/tags/', await git.listTags({ fs, dir: this.root }));
    const commits: RefsInfo['commits'] = head ? this.log(head, 50) : [];
    return { head, branch, branches, tags, commits };
  }

  /** `git log -n limit` from `start`: newest commit date first, each commit once. */
  private log(start: string, limit: number): RefsInfo['commits'] {
    const out: RefsInfo['commits'] = [];
    const queued = new Set([start]);
    const queue: { oid: string; commit: ParsedCommit }[] = [];
    const push = (oid: string) => {
      const commit = this.tryCommit(oid);
      if (commit) queue.push({ oid, commit });
    };
    push(start);
    while (queue.length && out.length < limit) {
      queue.sort((a, b) => b.commit.committerTime - a.commit.committerTime);
      const { oid, commit } = queue.shift()!;
      out.push({ commit: oid, subject: subjectOf(commit.message), author: commit.author.name, date: commit.author.date });
      for (const p of commit.parents) {
        if (queued.has(p)) continue;
        queued.add(p);
        push(p);
      }
    }
    return out;
  }

  /** Objects are read in this process: nothing to end; callers check the signal between steps. */
  withSignal(): GitReader {
    return this;
  }

  async close(): Promise<void> {
    this.trees.clear();
    this.listings.clear();
    this.store.close();
  }
}

interface ParsedCommit {
  tree: string;
  parents: string[];
  author: { name: string; date: string };
  committerTime: number;
  message: string;
}

/** A commit object's headers and message (https://git-scm.com/docs/git-cat-file, "commit" format). */
function parseCommit(bytes: Buffer): ParsedCommit {
  const text = bytes.toString('utf8');
  const split = text.indexOf('\n\n');
  const headers = (split < 0 ? text : text.slice(0, split)).split('\n');
  const parsed: ParsedCommit = { tree: '', parents: [], author: { name: '', date: '' }, committerTime: 0, message: split < 0 ? '' : text.slice(split + 2) };
  for (const line of headers) {
    if (line.startsWith('tree ')) parsed.tree = line.slice(5);
    else if (line.startsWith('parent ')) parsed.parents.push(line.slice(7));
    else if (line.startsWith('author ')) {
      const m = /^author (.*?) <[^>]*> (\d+) ([+-]\d{4})$/.exec(line);
      if (m) parsed.author = { name: m[1]!, date: isoWithOffset(Number(m[2]), m[3]!) };
    } else if (line.startsWith('committer ')) parsed.committerTime = Number(/ (\d+) [+-]\d{4}$/.exec(line)?.[1] ?? 0);
  }
  if (!isFullOid(parsed.tree)) throw new Error('A commit object names no tree.');
  return parsed;
}

/** A tree object's entries: `<mode> <name>\0<20-byte id>` each, in git's order; each path is `under` + name. */
function parseTree(bytes: Buffer, under: string): TreeEntry[] {
  const entries: TreeEntry[] = [];
  let at = 0;
  while (at < bytes.length) {
    const space = bytes.indexOf(32, at);
    const nul = bytes.indexOf(0, space);
    if (space < 0 || nul < 0 || nul + 21 > bytes.length) throw new Error('A tree object is truncated.');
    const mode = modeText(bytes, at, space);
    const path = under + bytes.toString('utf8', space + 1, nul);
    const oid = bytes.toString('hex', nul + 1, nul + 21);
    entries.push({ path, mode, oid, type: entryTypeForMode(mode), size: null });
    at = nul + 21;
  }
  return entries;
}

/** The usual tree modes, by the number their digits spell. */
const MODES = new Map(['040000', '100644', '100755', '120000', '160000'].map((m) => [parseInt(m, 8), m]));

/** A tree entry's mode as six digits (`40000` is written `040000`): the usual ones without making a string. */
function modeText(bytes: Buffer, at: number, end: number): string {
  let value = 0;
  for (let i = at; i < end; i++) {
    const digit = bytes[i]! - 48;
    if (digit < 0 || digit > 7) return bytes.toString('latin1', at, end).padStart(6, '0');
    value = value * 8 + digit;
  }
  const known = end - at === 6 || (end - at === 5 && value === 0o40000) ? MODES.get(value) : undefined;
  return known ?? bytes.toString('latin1', at, end).padStart(6, '0');
}

/** Git's %s: the first paragraph of the message, its lines joined by spaces. */
function subjectOf(message: string): string {
  const paragraph = message.replace(/\r\n/g, '\n').trimStart().split(/\n\s*\n/)[0] ?? '';
  return paragraph.split('\n').map((l) => l.trim()).join(' ').trim();
}

/** Git's %aI: strict ISO 8601 in the author's own offset (`+hhmm` as the commit writes it). */
function isoWithOffset(seconds: number, offset: string): string {
  const sign = offset.startsWith('-') ? -1 : 1;
  const east = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(3, 5)));
  const local = new Date((seconds + east * 60) * 1000).toISOString().slice(0, 19);
  return `${local}${offset.slice(0, 3)}:${offset.slice(3, 5)}`;
}
