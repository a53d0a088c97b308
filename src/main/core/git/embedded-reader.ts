import git, { type ReadObjectResult } from 'isomorphic-git';
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
import { regularFilesFs as fs } from './regular-files-fs';

/**
 * GitReader over isomorphic-git, for machines without a git binary. Every call
 * passes the reader's one `cache` object: without it isomorphic-git re-reads
 * and re-parses pack files on every object, which is orders of magnitude slower.
 */
export class EmbeddedGitReader implements GitReader {
  readonly backend = 'embedded' as const;
  private cache: object = {};
  /** Parsed trees by object id (trees are immutable, so this never goes stale). */
  private trees = new Map<string, TreeEntry[]>();

  constructor(readonly root: string) {}

  private get base() {
    return { fs, dir: this.root, cache: this.cache };
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
          const parents: string[] = (await git.readCommit({ ...this.base, oid }).catch(() => null))?.commit.parent ?? [];
          oid = parents[op === '~' ? 0 : n - 1] ?? null;
        }
      }
      if (!oid) throw badRef(ref);
      return oid;
    }
    let oid: string | null = null;
    try {
      oid = await git.resolveRef({ fs, dir: this.root, ref });
    } catch {
      if (/^[0-9a-f]{4,64}$/i.test(ref)) {
        oid = await git.expandOid({ ...this.base, oid: ref.toLowerCase() }).catch(() => null);
      }
    }
    if (!oid) throw badRef(ref);
    // Peel annotated tags down to the commit they name.
    for (let depth = 0; depth < 10; depth++) {
      const current: string = oid;
      const obj: ReadObjectResult | null = await git
        .readObject({ ...this.base, oid: current, format: 'parsed' })
        .catch(() => null);
      if (!obj) break;
      if (obj.type === 'commit') return obj.oid;
      if (obj.type !== 'tag') break;
      oid = (obj.object as { object: string }).object;
    }
    throw badRef(ref);
  }

  private async commitTree(commit: string): Promise<string> {
    const { commit: c } = await git.readCommit({ ...this.base, oid: commit });
    return c.tree;
  }

  /** One tree's entries with repo-relative paths under `prefix`. */
  private async readTreeEntries(oid: string, prefix: string): Promise<TreeEntry[]> {
    let raw = this.trees.get(oid);
    if (!raw) {
      const { tree } = await git.readTree({ ...this.base, oid });
      raw = tree.map((e) => ({ path: e.path, mode: e.mode, oid: e.oid, type: entryTypeForMode(e.mode), size: null }));
      this.trees.set(oid, raw);
    }
    return prefix === '' ? raw : raw.map((e) => ({ ...e, path: `${prefix}/${e.path}` }));
  }

  async lookup(commit: string, paths: readonly string[]): Promise<Map<string, TreeEntry>> {
    const found = new Map<string, TreeEntry>();
    const rootTree = await this.commitTree(commit);
    for (const path of paths) {
      if (path === '') continue;
      let treeOid: string | null = rootTree;
      let prefix = '';
      const parts = path.split('/');
      for (let i = 0; i < parts.length && treeOid; i++) {
        const entries = await this.readTreeEntries(treeOid, prefix);
        const name = parts[i];
        const entry = entries.find((e) => e.path === (prefix ? `${prefix}/${name}` : name));
        treeOid = null;
        if (!entry) break;
        if (i === parts.length - 1) found.set(path, entry);
        else if (entry.type === 'dir') {
          treeOid = entry.oid;
          prefix = entry.path;
        }
      }
    }
    return found;
  }

  async listTree(commit: string, dir: string, options: { recursive?: boolean } = {}): Promise<TreeEntry[]> {
    let treeOid = await this.commitTree(commit);
    if (dir !== '') {
      const entry = (await this.lookup(commit, [dir])).get(dir);
      if (!entry || entry.type !== 'dir') return [];
      treeOid = entry.oid;
    }
    const entries = await this.readTreeEntries(treeOid, dir);
    if (!options.recursive) return entries;
    const out: TreeEntry[] = [];
    // Depth-first in tree order gives the same order as `git ls-tree -r`.
    const visit = async (list: TreeEntry[]): Promise<void> => {
      for (const e of list) {
        if (e.type === 'dir') await visit(await this.readTreeEntries(e.oid, e.path));
        else out.push(e);
      }
    };
    await visit(entries);
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
    // Nothing to start: isomorphic-git reads in-process.
  }

  async readBlob(oid: string): Promise<Buffer> {
    if (!isFullOid(oid)) throw new Error(`Not a full object id: ${JSON.stringify(oid)}`);
    const { blob } = await git.readBlob({ ...this.base, oid });
    return Buffer.from(blob.buffer, blob.byteOffset, blob.byteLength);
  }

  async changes(commit: string, scopes: readonly string[], _options?: ChangesOptions): Promise<Map<string, ChangeKind>> {
    const filepaths = scopes.length === 0 || scopes.includes('') ? ['.'] : [...scopes];
    // refresh: false keeps this read-only: no index.lock, no rewritten stat cache.
    const rows = await git.statusMatrix({ ...this.base, ref: commit, filepaths, refresh: false });
    const changes = new Map<string, ChangeKind>();
    for (const [path, base, work, stage] of rows) {
      if (base === 1 && work === 0) changes.set(path, 'deleted');
      else if (base === 1 && work === 2) changes.set(path, 'modified');
      else if (base === 0 && work === 2) changes.set(path, stage === 0 ? 'untracked' : 'added');
    }
    return changes;
  }

  async head(): Promise<{ head: string | null; branch: string | null }> {
    const head = await git.resolveRef({ fs, dir: this.root, ref: 'HEAD' }).catch(() => null);
    const branch = (await git.currentBranch({ fs, dir: this.root, fullname: false }).catch(() => undefined)) ?? null;
    return { head, branch };
  }

  async refs(): Promise<RefsInfo> {
    const { head, branch } = await this.head();
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
    const commits: RefsInfo['commits'] = [];
    if (head) {
      for (const entry of await git.log({ ...this.base, ref: head, depth: 50 })) {
        const { message, author } = entry.commit;
        commits.push({
          commit: entry.oid,
          subject: subjectOf(message),
          author: author.name,
          date: isoWithOffset(author.timestamp, author.timezoneOffset),
        });
      }
    }
    return { head, branch, branches, tags, commits };
  }

  /** isomorphic-git runs in this process: nothing to end; callers check the signal between steps. */
  withSignal(): GitReader {
    return this;
  }

  async close(): Promise<void> {
    this.cache = {};
    this.trees.clear();
  }
}

/** Git's %s: the first paragraph of the message, its lines joined by spaces. */
function subjectOf(message: string): string {
  const paragraph = message.replace(/\r\n/g, '\n').trimStart().split(/\n\s*\n/)[0] ?? '';
  return paragraph.split('\n').map((l) => l.trim()).join(' ').trim();
}

/** Git's %aI: strict ISO 8601 in the author's own offset (isomorphic-git's offset is minutes west). */
function isoWithOffset(seconds: number, offsetMinutesWest: number): string {
  const east = -offsetMinutesWest;
  const local = new Date((seconds + east * 60) * 1000).toISOString().slice(0, 19);
  const sign = east >= 0 ? '+' : '-';
  const abs = Math.abs(east);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}
