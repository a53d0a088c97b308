// Test helpers: repositories whose .git/config, included config files, hooks and
// .gitattributes name programs that write a marker file when run. Loupe must never
// make git run any of them; plainGit (git as a user's shell runs it) proves that
// each one is armed. Used by untrusted-repo.spec.ts only.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, chmodSync, mkdirSync, readdirSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildRepo, copyOfTemplate, git, tempDir, writeFiles } from './fixtures';
import { repoTemplate } from './repo-templates';

/** The environment of a user's shell: no Loupe overrides, a fixed identity. */
export function plainEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!k.startsWith('GIT_')) env[k] = v;
  Object.assign(env, {
    GIT_AUTHOR_NAME: 'Loupe Test',
    GIT_AUTHOR_EMAIL: 'test@loupe.invalid',
    GIT_COMMITTER_NAME: 'Loupe Test',
    GIT_COMMITTER_EMAIL: 'test@loupe.invalid',
    GIT_TERMINAL_PROMPT: '0',
  });
  return env;
}

/** git exactly as an interactive user runs it (plainEnv), stdin given or empty. */
export function plainGit(cwd: string, args: string[], input = ''): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync('git', args, { cwd, env: plainEnv(), input, encoding: 'utf8', timeout: 20_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Hooks a repository can carry; each writes `<prefix>hook-<name>`. */
export const HOOKS = [
  'post-index-change',
  'pre-commit',
  'commit-msg',
  'post-commit',
  'post-checkout',
  'reference-transaction',
  'pre-auto-gc',
  'post-rewrite',
  'fsmonitor-watchman',
  'pre-push',
  'post-merge',
] as const;

/** A set of armed repositories sharing one marker folder. */
export interface ArmedSet {
  /** Every program-naming key in .git/config and hooks in .git/hooks. */
  main: string;
  /** The same vectors through include.path and includeIf files only. */
  included: string;
  /** Hooks in a folder named by core.hooksPath. */
  hooksPath: string;
  /** A partial clone whose missing blob lazy-fetches from an ext:: or ssh promisor remote. */
  partial: string;
  /** A superproject whose submodule's own config names a filter and an fsmonitor hook. */
  superproject: string;
  /** The blob the partial clone lacks, and where it sits. */
  missing: { path: string; oid: string };
  /** The folder markers are written to. */
  marks: string;
  /** Marker names written so far. */
  fired(): string[];
  /** Removes every marker (after a proof run). */
  clear(): void;
}

/** Files every armed repository commits, and how the working copy then differs. */
export const ARMED_FILES = {
  '.gitattributes': '*.txt filter=evil diff=evil merge=evil\n*.md filter=proc diff=tc\n',
  'a.txt': 'alpha\n',
  'b.txt': 'bravo\n',
  'doc.md': '# doc\n',
  'notes.cfg': 'x = 1\n',
  'src/c.txt': 'charlie\n',
};

/** Same-size edits (git must hash the file to see them: that is where filters run), a stat-only touch, a new file. */
function dirtyWorkingCopy(repo: string): void {
  writeFiles(repo, { 'a.txt': 'ALPHA\n', 'doc.md': '# DOC\n', 'notes.cfg': 'x = 2\n', 'new.txt': 'new\n' });
  utimesSync(join(repo, 'b.txt'), new Date('2001-01-01'), new Date('2001-01-01'));
  utimesSync(join(repo, 'src/c.txt'), new Date('2001-01-01'), new Date('2001-01-01'));
}

/**
 * A program that writes the marker `name` and exits 1 (or, for filters and textconv,
 * passes its input through so git carries on to the next vector). Each is its own
 * file: some keys (gpg.program, core.askPass) name a program, not a shell command.
 */
type Tool = (name: string, passThrough?: boolean) => string;

function toolMaker(tools: string, marks: string): Tool {
  return (name, passThrough = false) => {
    const file = join(tools, name);
    const tail = passThrough ? 'if [ -f "$1" ]; then exec cat "$1"; fi\nexec cat\n' : 'exit 1\n';
    writeFileSync(file, `#!/bin/sh\ntouch "${marks}/${name}"\n${tail}`);
    chmodSync(file, 0o755);
    return file;
  };
}

/** Config entries naming every repository-configurable program, each marking `<prefix><name>`. */
function programConfig(tool: Tool, prefix: string): [string, string][] {
  const mark = (name: string) => tool(`${prefix}${name}`);
  const cat = (name: string) => tool(`${prefix}${name}`, true);
  return [
    ['core.fsmonitor', mark('fsmonitor')],
    ['filter.evil.clean', cat('clean')],
    ['filter.evil.smudge', cat('smudge')],
    ['filter.evil.required', 'true'],
    ['filter.proc.process', mark('process')],
    ['diff.evil.command', mark('diff-command')],
    ['diff.tc.textconv', cat('textconv')],
    ['diff.external', mark('diff-external')],
    ['merge.evil.driver', mark('merge-driver')],
    ['core.pager', mark('pager')],
    ['pager.log', mark('pager-log')],
    ['pager.status', mark('pager-status')],
    ['credential.helper', mark('credential-helper')],
    ['core.askPass', mark('askpass')],
    ['core.editor', mark('editor')],
    ['sequence.editor', mark('sequence-editor')],
    ['core.sshCommand', mark('ssh-command')],
    ['core.gitProxy', mark('git-proxy')],
    ['core.alternateRefsCommand', mark('alternate-refs')],
    ['gpg.program', mark('gpg')],
    ['gpg.ssh.program', mark('gpg-ssh')],
    ['log.showSignature', 'true'],
    ['uploadpack.packObjectsHook', mark('pack-objects-hook')],
  ];
}

/** A config value or subsection name in double quotes, as git writes and reads it. */
const quoted = (text: string): string => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

/**
 * Adds `entries` (section[.subsection].name, value) to the config file `file` in git's
 * own format, one section each: what `git config --file <file> <key> <value>` adds for
 * each, without a git process per key. The proofs (plain git runs every program named
 * here) show git reads each one.
 */
function writeConfigFile(file: string, entries: [string, string][]): void {
  let text = '';
  for (const [key, value] of entries) {
    const first = key.indexOf('.');
    const last = key.lastIndexOf('.');
    const section = key.slice(0, first);
    const subsection = first === last ? null : key.slice(first + 1, last);
    text += `[${section}${subsection === null ? '' : ` ${quoted(subsection)}`}]\n\t${key.slice(last + 1)} = ${quoted(value)}\n`;
  }
  appendFileSync(file, text);
}

function installHooks(dir: string, tool: Tool, prefix: string): void {
  mkdirSync(dir, { recursive: true });
  for (const hook of HOOKS) {
    writeFileSync(join(dir, hook), `#!/bin/sh\nexec ${tool(`${prefix}hook-${hook}`)}\n`);
    chmodSync(join(dir, hook), 0o755);
  }
}

/** Makes HEAD a commit carrying a (fake) gpgsig header, so log.showSignature asks gpg.program to verify it. */
function signHead(repo: string): void {
  const tree = git(repo, 'rev-parse', 'HEAD^{tree}');
  const parent = git(repo, 'rev-parse', 'HEAD');
  const body =
    `tree ${tree}\nparent ${parent}\nauthor Loupe Test <test@loupe.invalid> 1767225600 +0000\n` +
    'committer Loupe Test <test@loupe.invalid> 1767225600 +0000\n' +
    'gpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEEfake\n -----END PGP SIGNATURE-----\n\nsigned\n';
  const file = join(tempDir(), 'commit');
  writeFileSync(file, body);
  const oid = git(repo, 'hash-object', '-t', 'commit', '-w', file);
  git(repo, 'update-ref', 'HEAD', oid);
}

/** The object id git gives a blob of `contents` (SHA-1 repositories, git's default). */
const blobOid = (contents: string): string => createHash('sha1').update(`blob ${Buffer.byteLength(contents)}\0${contents}`).digest('hex');

/** A copy of the repository every armed one starts from: ARMED_FILES, then a signed commit; the working copy dirtied. */
function armedRepo(): string {
  const repo = copyOfTemplate('armed-repo', (root) => {
    buildRepo(root, ARMED_FILES, 'initial');
    signHead(root);
  });
  dirtyWorkingCopy(repo);
  return repo;
}

const PARTIAL_FILES = { 'lazy/lost.txt': 'fetched lazily\n', 'kept.txt': 'here\n' };

/**
 * Builds a fresh set of armed repositories (with git run safely: nothing fires while
 * building). The repositories are copies of templates built once per run (the configs,
 * hooks and tools, which name this set's folders, are written into the copies).
 */
export function makeArmedSet(): ArmedSet {
  const marks = tempDir('loupe-marks-');
  const tool = toolMaker(tempDir('loupe-tools-'), marks);

  const main = armedRepo();
  writeConfigFile(join(main, '.git', 'config'), programConfig(tool, ''));
  installHooks(join(main, '.git', 'hooks'), tool, '');

  const included = armedRepo();
  const configs = tempDir('loupe-included-');
  const all = programConfig(tool, 'inc-');
  writeConfigFile(join(configs, 'a.config'), all.slice(0, 10));
  writeConfigFile(join(configs, 'b.config'), all.slice(10));
  writeConfigFile(join(included, '.git', 'config'), [
    ['include.path', join(configs, 'a.config')],
    [`includeIf.gitdir:${included}/.git.path`, join(configs, 'b.config')],
  ]);

  const hooksPath = armedRepo();
  const hooks = join(tempDir('loupe-hooks-'), 'hooks');
  installHooks(hooks, tool, 'hp-');
  writeConfigFile(join(hooksPath, '.git', 'config'), [['core.hooksPath', hooks]]);

  const partial = copyOfTemplate('armed-partial', (root) => buildRepo(root, PARTIAL_FILES, 'initial'));
  const oid = blobOid(PARTIAL_FILES['lazy/lost.txt']);
  unlinkSync(join(partial, '.git', 'objects', oid.slice(0, 2), oid.slice(2)));
  unlinkSync(join(partial, 'lazy', 'lost.txt'));
  writeConfigFile(join(partial, '.git', 'config'), [
    ['core.repositoryformatversion', '1'],
    ['extensions.partialClone', 'origin'],
    ['remote.origin.url', `ext::${tool('lazy-ext')}`],
    ['remote.origin.promisor', 'true'],
    ['protocol.ext.allow', 'always'],
    ['remote.backup.url', 'ssh://example.invalid/repo.git'],
    ['remote.backup.promisor', 'true'],
    ['core.sshCommand', tool('lazy-ssh')],
    ['remote.local.url', join(tempDir(), 'nowhere')],
    ['remote.local.promisor', 'true'],
    ['remote.local.uploadpack', tool('lazy-upload-pack')],
    ['protocol.file.allow', 'always'],
  ]);

  const superproject = copyOfTemplate('armed-superproject', (root) => {
    const sub = repoTemplate('armed-sub', (r) => buildRepo(r, { 'x.txt': 'x\n' }, 'initial'));
    buildRepo(root, { 'top.txt': 'top\n' }, 'initial');
    const added = plainGit(root, ['-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', sub, 'sub']);
    if (added.status !== 0) throw new Error(`submodule add failed: ${added.stderr}`);
    git(root, 'commit', '-q', '-m', 'add sub');
  });
  const subGit = join(superproject, '.git', 'modules', 'sub');
  writeConfigFile(join(subGit, 'config'), [
    ['core.fsmonitor', tool('sub-fsmonitor')],
    ['filter.subevil.clean', tool('sub-clean', true)],
  ]);
  writeFiles(join(superproject, 'sub'), { '.gitattributes': '* filter=subevil\n' });
  utimesSync(join(superproject, 'sub', 'x.txt'), new Date('2001-01-01'), new Date('2001-01-01'));

  return {
    main,
    included,
    hooksPath,
    partial,
    superproject,
    missing: { path: 'lazy/lost.txt', oid },
    marks,
    fired: () => readdirSync(marks).sort(),
    clear: () => {
      for (const f of readdirSync(marks)) unlinkSync(join(marks, f));
    },
  };
}

/** True when util-linux `script` can give git a terminal (the only way a pager starts). */
export function canFakeTerminal(): boolean {
  try {
    execFileSync('script', ['-qec', 'true', '/dev/null'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch {
    return false;
  }
}
