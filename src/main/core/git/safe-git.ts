// What every git command Loupe runs is given, so that a repository's own
// `.git/config` (with its include.path / includeIf files) and `.gitattributes`
// can never make git run a program. This module decides the arguments and the
// environment; git-cli.ts and cat-file-batch.ts only spawn what it returns.
//
// Threat model: the repository was written by an attacker. Measured with git 2.39
// (tests in untrusted-repo.spec.ts arm each vector with a marker-writing command):
// - `status` and `diff` against the working tree run core.fsmonitor and the clean /
//   process filters that .gitattributes names for stat-dirty files, and recurse into
//   submodules, whose own config names more filters;
// - `diff` refreshes and writes the index, which runs the post-index-change hook
//   (GIT_OPTIONAL_LOCKS=0 does not stop it);
// - `log` runs gpg.program on signed commits when log.showSignature is set;
// - `cat-file --batch` (and any object read) in a partial clone lazily fetches a
//   missing object from the promisor remote: `ext::` URLs run a shell command, and
//   the repository may allow them with protocol.ext.allow (which beats protocol.allow);
// - `rev-parse`, `ls-tree`, `symbolic-ref`, `for-each-ref`, `config --list` ran nothing.
// Pager, editor, askpass, credential helpers, ssh commands and external diff are
// never reached by the commands below; they are neutralised anyway so that adding
// a command does not quietly open them.

/** Oldest git whose environment overrides (GIT_CONFIG_COUNT, added in 2.31) Loupe relies on. */
const MIN_SAFE_GIT_VERSION = '2.31.0';

/**
 * True when `version` (as `git --version` prints it, e.g. "2.39.5" or
 * "2.45.1.windows.1") is at least MIN_SAFE_GIT_VERSION. Older git ignores
 * GIT_CONFIG_COUNT, so the overrides below would silently not apply.
 */
export function isSafeGitVersion(version: string | null): boolean {
  const m = /^(\d+)\.(\d+)/.exec(version ?? '');
  if (!m) return false;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major > 2 || (major === 2 && minor >= 31);
}

/** How Loupe may run one git subcommand. */
interface CommandPolicy {
  /**
   * The command compares the working tree with the index or a commit, so it may hash
   * files (clean filters named by the repository): it needs per-repository overrides.
   */
  worktree: boolean;
  /** Options always given right after the subcommand name. */
  forced: readonly string[];
}

// Submodules: `status`/`diff` would run `git status` inside each one, under that
// submodule's own config. Loupe never inspects a submodule's state, so never look.
const NO_SUBMODULES = '--ignore-submodules=all';

/** Every subcommand Loupe runs. Anything else is refused: add it here, with its reason. */
const COMMANDS: Readonly<Record<string, CommandPolicy>> = {
  '--version': { worktree: false, forced: [] },
  config: { worktree: false, forced: [] },
  'rev-parse': { worktree: false, forced: [] },
  'symbolic-ref': { worktree: false, forced: [] },
  'for-each-ref': { worktree: false, forced: [] },
  'ls-tree': { worktree: false, forced: [] },
  'cat-file': { worktree: false, forced: [] },
  log: { worktree: false, forced: ['--no-show-signature', '--no-ext-diff', '--no-textconv'] },
  status: { worktree: true, forced: [NO_SUBMODULES] },
  diff: { worktree: true, forced: ['--no-ext-diff', '--no-textconv', NO_SUBMODULES] },
};

/**
 * Options a caller may never pass (before `--`): they run programs (filters,
 * textconv, external diff, gpg), reach into submodules, write files, or point git
 * at another repository.
 */
const REFUSED_OPTION =
  /^--(ext-diff|textconv|filters|show-signature|ignore-submodules|recurse-submodules|submodule|output|exec|upload-pack|receive-pack|git-dir|work-tree|edit|add|replace-all|unset|unset-all|rename-section|remove-section|file|blob|global|system|worktree)(=|$)/;

/** `config` may only read: these are its accepted options. */
const CONFIG_READ_OPTIONS = new Set(['-z', '--null', '--list', '-l', '--includes', '--get', '--get-all', '--get-regexp', '--name-only']);

/**
 * Config every command runs with (GIT_CONFIG_COUNT: command-line scope, read after
 * the repository's config and its includes, so it wins for every single-valued key;
 * an empty credential.helper resets the helper list).
 */
export const STATIC_OVERRIDES: readonly (readonly [key: string, value: string])[] = [
  ['core.fsmonitor', 'false'],
  // No hook can be found under a path that is not a folder (every hook, wherever the repository points).
  ['core.hooksPath', '/dev/null'],
  ['core.pager', 'cat'],
  // ':' is git's "no editor" value: it is never started.
  ['core.editor', ':'],
  ['sequence.editor', ':'],
  ['core.askPass', ''],
  ['core.sshCommand', ''],
  ['core.gitProxy', ''],
  ['core.alternateRefsCommand', ''],
  ['credential.helper', ''],
  ['gpg.program', ''],
  ['gpg.openpgp.program', ''],
  ['gpg.x509.program', ''],
  ['gpg.ssh.program', ''],
  ['gpg.ssh.defaultKeyCommand', ''],
  ['log.showSignature', 'false'],
  ['status.submoduleSummary', 'false'],
  ['submodule.recurse', 'false'],
  ['diff.ignoreSubmodules', 'all'],
  ['fetch.recurseSubmodules', 'false'],
  // No network at all (also GIT_ALLOW_PROTOCOL below, which beats protocol.<name>.allow).
  ['protocol.allow', 'never'],
  ['maintenance.auto', 'false'],
  ['gc.auto', '0'],
  // A bare repository found by walking up (e.g. one unpacked inside a project) is refused;
  // Loupe always needs a working copy. Honoured from command-line config since 2.38.
  ['safe.bareRepository', 'explicit'],
];

/**
 * Config keys whose value is a program and whose name the repository chooses
 * (`filter.<driver>.clean` for `* filter=<driver>` in .gitattributes). Each one
 * configured anywhere (system, global, the repository, its includes) is overridden.
 */
const NAMED_PROGRAM_KEYS: readonly (readonly [RegExp, readonly (readonly [string, string])[]])[] = [
  // An empty filter command means "no filter"; `required` must go too, or git dies
  // ("clean filter failed") instead of reading the file as it is.
  [/^filter\.(.+)\.[^.]+$/, [['clean', ''], ['smudge', ''], ['process', ''], ['required', 'false']]],
  [/^diff\.(.+)\.(textconv|command)$/, [['textconv', ''], ['command', '']]],
  [/^merge\.(.+)\.(driver)$/, [['driver', '']]],
  [/^credential\.(.+)\.(helper)$/, [['helper', '']]],
];

/** The arguments that list every config entry git will see, for namedProgramOverrides. */
export const LIST_CONFIG_ARGS: readonly string[] = ['config', '-z', '--list'];

/**
 * Overrides for every repository-named program key in `configList` (the output of
 * `git config -z --list`, run with gitInvocation's environment: it reads config
 * and its includes, and never runs anything).
 */
export function namedProgramOverrides(configList: string): [string, string][] {
  const out = new Map<string, string>();
  for (const record of configList.split('\0')) {
    const nl = record.indexOf('\n');
    const key = nl < 0 ? record : record.slice(0, nl);
    for (const [pattern, neutral] of NAMED_PROGRAM_KEYS) {
      const m = pattern.exec(key);
      if (!m) continue;
      const prefix = key.slice(0, key.indexOf('.'));
      for (const [name, value] of neutral) out.set(`${prefix}.${m[1]}.${name}`, value);
    }
  }
  return [...out];
}

/** One git command as Loupe runs it: the argv after the git binary, and the whole environment. */
export interface GitInvocation {
  args: string[];
  env: NodeJS.ProcessEnv;
}

/** True when `args` needs the repository's config listed first (LIST_CONFIG_ARGS → namedProgramOverrides). */
export function needsRepoConfig(args: readonly string[]): boolean {
  return policyFor(args).worktree;
}

function policyFor(args: readonly string[]): CommandPolicy {
  const sub = args[0] ?? '';
  const policy = Object.hasOwn(COMMANDS, sub) ? COMMANDS[sub] : undefined;
  if (!policy) throw new Error(`Loupe does not run "git ${sub}": add it to safe-git.ts with its reason.`);
  const options = args.slice(1, args.includes('--') ? args.indexOf('--') : undefined);
  for (const a of options) {
    if (REFUSED_OPTION.test(a)) throw new Error(`Loupe never runs git with ${a}.`);
    if (sub === 'config' && a.startsWith('-') && !CONFIG_READ_OPTIONS.has(a)) {
      throw new Error(`git config is only ever read; ${a} is refused.`);
    }
  }
  return policy;
}

// Not a protocol name: with GIT_ALLOW_PROTOCOL set, only listed protocols are allowed.
const NO_PROTOCOL = 'loupe-allows-no-protocol';

/**
 * The environment for a git child: the caller's minus every GIT_* variable (which
 * could point git at another repository or at programs), plus fixed settings and
 * the config overrides.
 */
export function safeGitEnv(overrides: readonly (readonly [string, string])[] = [], base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(base)) {
    if (k.toUpperCase().startsWith('GIT_') || k === 'SSH_ASKPASS' || k === 'PAGER') continue;
    env[k] = v;
  }
  // Read-only commands such as `status` must not write index.lock into the user's repository.
  env.GIT_OPTIONAL_LOCKS = '0';
  env.GIT_TERMINAL_PROMPT = '0';
  env.LC_ALL = 'C';
  env.GIT_PAGER = 'cat';
  env.GIT_EDITOR = ':';
  env.GIT_ALLOW_PROTOCOL = NO_PROTOCOL;
  env.GIT_PROTOCOL_FROM_USER = '0';
  // Never fetch missing objects of a partial clone (git 2.45, backported to 2.39.4 and 2.44.1;
  // on older git GIT_ALLOW_PROTOCOL stops the fetch).
  env.GIT_NO_LAZY_FETCH = '1';
  const all = [...STATIC_OVERRIDES, ...overrides];
  env.GIT_CONFIG_COUNT = String(all.length);
  all.forEach(([key, value], i) => {
    env[`GIT_CONFIG_KEY_${i}`] = key;
    env[`GIT_CONFIG_VALUE_${i}`] = value;
  });
  return env;
}

/**
 * The one way to turn a git command into what is spawned. `args` starts with the
 * subcommand; unknown subcommands and options that run programs throw (a bug, not
 * input). For commands that read the working tree (needsRepoConfig), pass the output
 * of LIST_CONFIG_ARGS run in the same folder, so that repository-named filters and
 * drivers are overridden too; without it such a command throws.
 */
export function gitInvocation(args: readonly string[], repoConfigList?: string): GitInvocation {
  const policy = policyFor(args);
  if (policy.worktree && repoConfigList === undefined) {
    throw new Error(`git ${args[0]} reads the working tree: list the repository's config first.`);
  }
  const named = repoConfigList === undefined ? [] : namedProgramOverrides(repoConfigList);
  const sub = args[0]!;
  // --no-pager: no pager is ever started, whatever pager.<command> says.
  const argv = sub === '--version' ? ['--version'] : ['--no-pager', sub, ...policy.forced, ...args.slice(1)];
  return { args: argv, env: safeGitEnv(named) };
}
