import { AUTHOR_MAX } from '../../../shared/contract/presets';
import type { CoreDeps } from '../deps';

/** A config value as a display name: control characters dropped, trimmed, bounded; null when empty. */
export function cleanAuthor(value: string): string | null {
  // A repository's config is untrusted text, shown in the UI and the CLI.
  const name = value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, AUTHOR_MAX);
  return name || null;
}

/**
 * The author of a new revision: git's `user.name` as seen from `repo` (its own
 * config, then global and system), or outside any repository when `repo` is not
 * given or not a repository; null when none is set or no git binary is usable
 * (the embedded reader has no global config to read). Reading config runs no
 * program the repository names (safe-git.ts allows `config --get` only).
 */
export async function gitAuthor(deps: CoreDeps, repo: string | undefined, signal?: AbortSignal): Promise<string | null> {
  if (!(await deps.git.detect()).available) return null;
  let cwd = deps.userDataDir;
  if (repo) cwd = await deps.repos.use(repo, async (reader) => reader.root, signal).catch(() => cwd);
  try {
    return cleanAuthor(await deps.git.text(cwd, ['config', '--get', 'user.name'], { signal, maxBytes: 4096 }));
  } catch {
    // Exit 1: not set anywhere.
    return null;
  }
}
