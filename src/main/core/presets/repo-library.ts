// A team's library kept in git: `.loupe/presets.json` as committed at HEAD
// (never the working copy: what a teammate sees is what was committed), read
// through the repository's reader like every other git access.
import { LIBRARY_LIMITS, REPO_LIBRARY_PATH, type LibraryProblem, type RepoLibrary } from '../../../shared/contract/presets';
import { readLibrary, tooLarge, type Library } from '../../../shared/presets/library';
import type { CoreDeps } from '../deps';
import type { Db } from '../store/store';
import { planImport } from './import';

/** The library file's text at HEAD, or why there is none to read. */
export interface RepoLibraryText {
  root: string;
  commit: string | null;
  text: string | null;
  problem: LibraryProblem | null;
}

const fileProblem = (message: string): LibraryProblem => ({ path: '', pointer: '', message });

/** Reads `.loupe/presets.json` at HEAD (bounded by the library size cap before reading where git knows the size). */
export async function readRepoLibraryText(deps: CoreDeps, repo: string, signal?: AbortSignal): Promise<RepoLibraryText> {
  return deps.repos.use(
    repo,
    async (reader) => {
      const { head } = await reader.head();
      if (!head) return { root: reader.root, commit: null, text: null, problem: null };
      const entry = (await reader.lookup(head, [REPO_LIBRARY_PATH])).get(REPO_LIBRARY_PATH);
      const none = { root: reader.root, commit: head, text: null };
      if (!entry) return { ...none, problem: null };
      if (entry.type !== 'file') return { ...none, problem: fileProblem(`${REPO_LIBRARY_PATH} is a ${entry.type}, not a file`) };
      const tooBig = (size: number) => fileProblem(`${REPO_LIBRARY_PATH}: ${tooLarge(size).message}`);
      if (entry.size !== null && entry.size > LIBRARY_LIMITS.maxBytes) return { ...none, problem: tooBig(entry.size) };
      const bytes = await reader.readBlob(entry.oid);
      if (bytes.length > LIBRARY_LIMITS.maxBytes) return { ...none, problem: tooBig(bytes.length) };
      return { ...none, text: bytes.toString('utf8'), problem: null };
    },
    signal,
  );
}

/** The repository's library with each preset compared to the history stored here. */
export function describeRepoLibrary(db: Db, repo: string, read: RepoLibraryText): RepoLibrary {
  const base: RepoLibrary = { repo: read.root, path: REPO_LIBRARY_PATH, commit: read.commit, found: read.text !== null || read.problem !== null, presets: [], problems: [], fromVersion: null };
  if (read.problem) return { ...base, problems: [read.problem] };
  if (read.text === null) return base;
  const parsed = readLibrary(read.text);
  if (!parsed.ok) return { ...base, problems: parsed.problems };
  const plan = planImport(db, parsed.library);
  return { ...base, fromVersion: parsed.fromVersion, presets: comparePresets(parsed.library, plan) };
}

function comparePresets(library: Library, plan: ReturnType<typeof planImport>): RepoLibrary['presets'] {
  return library.presets.map((p, i) => {
    const added = plan.additions.find((a) => a.name === p.name);
    const prefix = `presets[${i}].revisions[`;
    const conflicts = plan.conflicts
      .filter((c) => c.path.startsWith(prefix))
      .map((c) => p.revisions[Number(c.path.slice(prefix.length, -1))]!.revision);
    return {
      name: p.name,
      revisions: [...p.revisions].sort((a, b) => a.revision - b.revision),
      missing: added?.revisions.map((r) => r.revision) ?? [],
      conflicts,
      existsHere: !added?.newPreset,
    };
  });
}

/** "the repository loupe at 1a2b3c4" – how imported revisions and the UI name where they came from. */
export function repoLabel(root: string, commit: string): string {
  const name = root.split(/[\\/]/).filter(Boolean).pop() ?? root;
  return `the repository ${name} at ${commit.slice(0, 7)}`;
}
