import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
import type { RefsInfo } from '../../../shared/contract/context';
import { CatFileBatch } from './cat-file-batch';
import { GitCommandError, type GitRunner, type RunGitOptions } from './git-cli';
import {
  badRef,
  isFullOid,
  groupBeneath,
  isUnder,
  type ChangeKind,
  type ChangesOptions,
  type GitReader,
  type TreeEntry,
  type TreeScan,
} from './git-reader';
import { parseLsTree, parseNameStatus, parseStatusV2 } from './porcelain';

/** The most bytes of paths Loupe puts on one git command line (well under any system's limit). */
const MAX_PATHSPEC_BYTES = 64 * 1024;

/** A pathspec that matches exactly this path: no globbing, no other magic. */
const literal = (path: string): string => `:(literal)${path}`;

/**
 * GitReader over the git CLI: `ls-tree -z -l` for trees, one long-lived
 * `cat-file --batch` for blobs, `status --porcelain=v2 -z` for the working copy.
 */
export class CliGitReader implements GitReader {
  readonly backend = 'cli' as const;
  /** Shared by every view of this reader (withSignal): one cat-file process per repository. */
  private readonly shared: { batch: CatFileBatch | null; closed: boolean };

  constructor(
    private readonly git: GitRunner,
    readonly root: string,
    private readonly signal?: AbortSignal,
    shared?: { batch: CatFileBatch | null; closed: boolean },
  ) {
    this.shared = shared ?? { batch: null, closed: false };
  }

  withSignal(signal: AbortSignal | undefined): GitReader {
    return signal ? new CliGitReader(this.git, this.root, signal, this.shared) : this;
  }

  private run(args: string[], options: RunGitOptions = {}): Promise<Buffer> {
    this.signal?.throwIfAborted();
    return this.git.run(this.root, args, { ...options, signal: this.signal });
  }

  /**
   * ls-tree with sizes (-l); in a partial clone missing a blob git cannot size it
   * and fails, so the listing is taken again without sizes (null: known when read).
   */
  private async lsTree(args: string[], options: RunGitOptions = {}): Promise<Buffer> {
    try {
      return await this.run(args, options);
    } catch (err) {
      if (!(err instanceof GitCommandError) || !/missing|unable to read|could not (?:read|get)|bad object/i.test(err.stderr)) throw err;
      return this.run(args.filter((a) => a !== '-l'), options);
    }
  }

  private async text(args: string[]): Promise<string> {
    return (await this.run(args)).toString('utf8');
  }

  async resolveCommit(ref: string): Promise<string> {
    // A leading dash would read as an option (no ref name can start with one), so
    // refuse it here rather than rely on --end-of-options (git 2.24+).
    if (ref.startsWith('-') || /[\0\n]/.test(ref)) throw badRef(ref);
    // The cat-file process that reads the blobs resolves names too: one process fewer.
    // A name with spaces (`:/fix the bug`) cannot be one batch line: rev-parse takes it.
    if (!this.shared.closed && !/\s/.test(ref)) {
      this.signal?.throwIfAborted();
      this.shared.batch ??= new CatFileBatch(this.git, this.root);
      const found = await this.shared.batch.resolveName(`${ref}^{commit}`).catch(() => null);
      if (found?.type === 'commit' && isFullOid(found.oid)) return found.oid;
      this.signal?.throwIfAborted();
      throw badRef(ref);
    }
    try {
      const out = await this.text(['rev-parse', '--verify', '-q', `${ref}^{commit}`]);
      const oid = out.trim();
      if (!oid) throw badRef(ref);
      return oid;
    } catch (err) {
      if (err instanceof GitCommandError) throw badRef(ref);
      throw err;
    }
  }

  async lookup(commit: string, paths: readonly string[]): Promise<Map<string, TreeEntry>> {
    const wanted = new Set(paths.filter((p) => p !== ''));
    const found = new Map<string, TreeEntry>();
    if (wanted.size === 0) return found;
    // -t shows the folders walked through on the way, so ancestors come back too.
    const specs = [...wanted].map(literal);
    const out = await this.lsTree(['ls-tree', '-t', '-z', '-l', commit, '--', ...specs]);
    for (const entry of parseLsTree(out)) if (wanted.has(entry.path)) found.set(entry.path, entry);
    return found;
  }

  async listTree(commit: string, dir: string, options: { recursive?: boolean } = {}): Promise<TreeEntry[]> {
    const args = ['ls-tree', '-z', '-l'];
    if (options.recursive) args.push('-r');
    args.push(commit);
    if (dir !== '') args.push('--', literal(options.recursive ? dir : `${dir}/`));
    const entries = parseLsTree(await this.lsTree(args, { maxBytes: 512 * 1024 * 1024 }));
    // `ls-tree -r <commit> -- dir` names `dir` itself when it is a file: not beneath.
    return dir === '' ? entries : entries.filter((e) => e.path.startsWith(`${dir}/`));
  }

  async scan(commit: string, paths: readonly string[]): Promise<TreeScan> {
    const wanted = new Set(paths);
    const pathspec = wanted.has('') ? [] : ['--', ...[...wanted].map(literal)];
    if (wanted.size === 0) return { entries: new Map(), beneath: new Map() };
    // -t also prints the folders recursed into, so folder selections and the folders
    // on the way to file selections come back in the same listing.
    const all = parseLsTree(await this.lsTree(['ls-tree', '-r', '-t', '-z', '-l', commit, ...pathspec], { maxBytes: 512 * 1024 * 1024 }));
    const entries = new Map<string, TreeEntry>();
    const folders = new Set<string>(wanted.has('') ? [''] : []);
    for (const e of all) {
      if (wanted.has(e.path) || (e.type === 'dir' && !entries.has(e.path) && isAncestorOfAny(e.path, wanted))) entries.set(e.path, e);
      if (e.type === 'dir' && wanted.has(e.path)) folders.add(e.path);
    }
    return { entries, beneath: groupBeneath(all, folders) };
  }

  prepareBlobs(): void {
    if (!this.shared.closed) this.shared.batch ??= new CatFileBatch(this.git, this.root);
  }

  readBlob(oid: string): Promise<Buffer> {
    if (this.shared.closed) return Promise.reject(new Error('The git reader was closed.'));
    if (this.signal?.aborted) return Promise.reject(this.signal.reason);
    this.shared.batch ??= new CatFileBatch(this.git, this.root);
    return this.shared.batch.read(oid);
  }

  async changes(commit: string, scopes: readonly string[], options: ChangesOptions = {}): Promise<Map<string, ChangeKind>> {
    const specs = scopes.includes('') ? [] : scopes.map(literal);
    const pathspec = specs.length ? ['--', ...specs] : [];
    const status = (mode: 'all' | 'no', spec: string[]) =>
      this.run(['status', '--porcelain=v2', '-z', `--untracked-files=${mode}`, '--no-renames', ...spec]);
    const diffWith = async () => parseNameStatus(await this.run(['diff', '--name-status', '-z', '--no-renames', commit, ...pathspec]));
    if (options.untracked === false) {
      // The same answers less untracked paths, without git walking every folder for them.
      const head = options.baseIsHead ? commit : await this.resolveCommit('HEAD').catch(() => '');
      if (head === commit) return this.deletedButPresent(parseStatusV2(await status('no', pathspec)), pathspec, status, 'head');
      return this.deletedButPresent(await diffWith(), pathspec, status, 'diff');
    }
    const [statusOut, head] = await Promise.all([
      status('all', pathspec),
      options.baseIsHead ? commit : this.resolveCommit('HEAD').catch(() => ''),
    ]);
    const changes = parseStatusV2(statusOut);
    if (head === commit) return changes;
    // Against another commit, tracked changes come from diffing the working tree with it;
    // status still supplies the untracked files.
    const diff = await diffWith();
    for (const [path, kind] of changes) {
      if (kind !== 'untracked') continue;
      diff.set(path, diff.get(path) === 'deleted' ? 'modified' : 'untracked');
    }
    return diff;
  }

  /**
   * With untracked files left out, a path git calls deleted because the index lost it
   * (`git rm --cached`) while the file is still on disk would read `deleted` where the
   * full answer says `modified`. Those few paths (found with lstat) are asked again with
   * untracked files, so git's own ignore rules decide; past a command line's worth, the
   * whole scope is. The answer is the one changes() gives with untracked files.
   */
  private async deletedButPresent(
    changes: Map<string, ChangeKind>,
    pathspec: string[],
    status: (mode: 'all' | 'no', spec: string[]) => Promise<Buffer>,
    /** What `changes` came from: HEAD's status, or a diff against another commit (merged as changes() merges). */
    from: 'head' | 'diff',
  ): Promise<Map<string, ChangeKind>> {
    const present: string[] = [];
    for (const [path, kind] of changes) {
      if (kind !== 'deleted') continue;
      const s = await lstat(join(this.root, path)).catch(() => null);
      if (s && (s.isFile() || s.isSymbolicLink())) present.push(path);
    }
    if (present.length === 0) return changes;
    const bytes = present.reduce((n, p) => n + p.length + 11, 0);
    const again = parseStatusV2(await status('all', bytes <= MAX_PATHSPEC_BYTES ? ['--', ...present.map(literal)] : pathspec));
    for (const path of present) {
      const kind = again.get(path);
      if (from === 'head' && kind) changes.set(path, kind);
      else if (from === 'diff' && kind === 'untracked') changes.set(path, 'modified');
    }
    return changes;
  }

  async head(): Promise<{ head: string | null; branch: string | null }> {
    const [head, branch] = await Promise.all([
      this.text(['rev-parse', '--verify', '-q', 'HEAD^{commit}']).then((s) => s.trim() || null, () => null),
      this.text(['symbolic-ref', '-q', '--short', 'HEAD']).then((s) => s.trim() || null, () => null),
    ]);
    return { head, branch };
  }

  async refs(): Promise<RefsInfo> {
    const [{ head, branch }, refsOut] = await Promise.all([
      this.head(),
      this.text([
        'for-each-ref',
        '--format=%(refname)%00%(objectname)%00%(*objectname)',
        '--sort=refname',
        'refs/heads',
        'refs/tags',
      ]),
    ]);
    const branches: RefsInfo['branches'] = [];
    const tags: RefsInfo['tags'] = [];
    for (const line of refsOut.split('\n')) {
      const [name, oid, peeled] = line.split('\0');
      if (!name || !oid) continue;
      // Annotated tags point at a tag object; %(*objectname) is the commit it names.
      const commit = peeled || oid;
      if (name.startsWith('refs/heads/')) branches.push({ name: name.slice(11), commit });
      else if (name.startsWith('refs/tags/')) tags.push({ name: name.slice(10), commit });
    }
    const commits: RefsInfo['commits'] = [];
    if (head) {
      const log = await this.text(['log', '-n', '50', '--format=%H%x00%s%x00%an%x00%aI%x1e', head]);
      for (const rec of log.split('\x1e')) {
        const [commit, subject, author, date] = rec.replace(/^\n/, '').split('\0');
        if (commit && subject !== undefined && author !== undefined && date !== undefined) {
          commits.push({ commit, subject, author, date });
        }
      }
    }
    return { head, branch, branches, tags, commits };
  }

  async close(): Promise<void> {
    this.shared.closed = true;
    const batch = this.shared.batch;
    this.shared.batch = null;
    await batch?.close();
  }
}

/** True when `folder` lies on the way to (or is) one of `paths`. */
function isAncestorOfAny(folder: string, paths: ReadonlySet<string>): boolean {
  for (const p of paths) if (isUnder(p, folder)) return true;
  return false;
}
