import type { Services } from '../../../shared/api';
import { REPO_LIBRARY_PATH, type PresetHistoryEntry, type PresetRevision } from '../../../shared/contract/presets';
import { LoupeError } from '../../../shared/errors';
import { diffSettings, sameSettings } from '../../../shared/presets/diff';
import { writeLibrary, type Library } from '../../../shared/presets/library';
import type { CoreDeps } from '../deps';
import { applyPresetSettings } from '../settings/effective';
import { gitAuthor } from './author';
import { checkedLibrary, importLibrary, refusal } from './import';
import { getPreset, getRevision, getSummary, insertRevision, latestRevision, listPresets, setArchived } from './preset-store';
import { describeRepoLibrary, readRepoLibraryText, repoLabel } from './repo-library';
import { writeTransaction } from '../store/write';

type PresetServices = Pick<
  Services,
  | 'presets.list'
  | 'presets.get'
  | 'presets.history'
  | 'presets.save'
  | 'presets.apply'
  | 'presets.archive'
  | 'presets.export'
  | 'presets.import'
  | 'presets.repoLibrary'
  | 'presets.importFromRepo'
>;

/** Each revision with what changed since the one before it. */
export function historyOf(revisions: PresetRevision[]): PresetHistoryEntry[] {
  return revisions.map((r, i) => {
    const prev = i > 0 ? revisions[i - 1]! : null;
    return { revision: r.revision, createdAt: r.createdAt, author: r.author, origin: r.origin, previous: prev?.revision ?? null, changes: diffSettings(prev?.settings ?? null, r.settings) };
  });
}

/** `loupe-presets-2026-01-31.json`, or `loupe-preset-<name>-2026-01-31.json` for one preset. */
function exportFilename(names: string[], now: Date): string {
  const day = now.toISOString().slice(0, 10);
  if (names.length !== 1) return `loupe-presets-${day}.json`;
  const safe = names[0]!.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'preset';
  return `loupe-preset-${safe}-${day}.json`;
}

/** Presets: revisions, apply, library files and the repository's library. */
export function presetServices(deps: CoreDeps): PresetServices {
  return {
    'presets.list': async ({ includeArchived }) => listPresets(deps.db, includeArchived ?? false),
    'presets.get': async ({ name }) => getPreset(deps.db, name),
    'presets.history': async ({ name }) => historyOf(getPreset(deps.db, name).revisions),

    'presets.save': async ({ name, settings, repo, apply }, ctx) => {
      const db = deps.db;
      const author = await gitAuthor(deps, repo, ctx.signal);
      ctx.signal.throwIfAborted();
      const now = deps.now();
      const saved = writeTransaction(db, () => {
        const latest = latestRevision(db, name);
        const same = latest > 0 && sameSettings(getRevision(db, name, latest).settings, settings);
        if (!same) insertRevision(db, name, { revision: latest + 1, createdAt: now.toISOString(), author, settings, origin: { kind: 'saved' } }, now);
        // Saving is using: an archived preset comes back to the list.
        setArchived(db, name, false, now);
        return { revision: same ? latest : latest + 1, created: !same };
      });
      const effective = apply ? applyPresetSettings(db, settings, { name, revision: saved.revision }, now) : null;
      return { preset: getSummary(db, name), ...saved, effective };
    },

    'presets.apply': async ({ name, revision }) => {
      const rev = getRevision(deps.db, name, revision);
      return applyPresetSettings(deps.db, rev.settings, { name, revision: rev.revision }, deps.now());
    },

    'presets.archive': async ({ name, archived }) => {
      setArchived(deps.db, name, archived, deps.now());
      return getSummary(deps.db, name);
    },

    'presets.export': async ({ names }) => {
      const chosen = names ?? listPresets(deps.db, false).map((p) => p.name);
      const presets: Library['presets'] = chosen.map((name) => ({
        name,
        revisions: getPreset(deps.db, name).revisions.map(({ revision, createdAt, author, settings }) => ({ revision, createdAt, author, settings })),
      }));
      const now = deps.now();
      return {
        filename: exportFilename(chosen, now),
        mime: 'application/json',
        content: writeLibrary(presets, now.toISOString()),
        presets: presets.length,
        revisions: presets.reduce((n, p) => n + p.revisions.length, 0),
      };
    },

    'presets.import': async ({ content, sourceLabel }) => {
      const { library, fromVersion } = checkedLibrary(content);
      const now = deps.now();
      return importLibrary(deps.db, library, fromVersion, { kind: 'imported', label: sourceLabel?.trim() || 'a library file', importedAt: now.toISOString() }, now);
    },

    'presets.repoLibrary': async ({ repo }, ctx) => describeRepoLibrary(deps.db, repo, await readRepoLibraryText(deps, repo, ctx.signal)),

    'presets.importFromRepo': async ({ repo, names }, ctx) => {
      const read = await readRepoLibraryText(deps, repo, ctx.signal);
      ctx.signal.throwIfAborted();
      if (read.problem) throw refusal('invalid-input', [read.problem]);
      if (read.text === null || read.commit === null) {
        throw new LoupeError('not-found', `The repository has no ${REPO_LIBRARY_PATH} at HEAD${read.commit ? ` (${read.commit.slice(0, 7)})` : ''}.`);
      }
      const { library, fromVersion } = checkedLibrary(read.text);
      const unknown = (names ?? []).filter((n) => !library.presets.some((p) => p.name === n));
      if (unknown.length) throw new LoupeError('not-found', `${REPO_LIBRARY_PATH} at ${read.commit.slice(0, 7)} has no preset called ${unknown.map((n) => `"${n}"`).join(', ')}.`);
      const now = deps.now();
      const origin = { kind: 'imported', label: repoLabel(read.root, read.commit), importedAt: now.toISOString() } as const;
      return importLibrary(deps.db, library, fromVersion, origin, now, names ? new Set(names) : undefined);
    },
  };
}
