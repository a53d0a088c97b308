import { z } from 'zod';
import { pathString } from './common';
import { lazy, method } from './define';
import { formatInt } from '../format';
import { LIBRARY_LIMITS, PRESET_REVISION_MAX, presetNameProblem } from './preset-limits';
import { runSettingsSchema, type ContextBudget, type RunSettings } from './runs';
import type { EffectiveSettings } from './settings';

export * from './preset-limits';

/** A preset name (see presetNameProblem). */
export const presetNameSchema = lazy(() =>
  z.string({ error: 'must be a string' }).superRefine((s, ctx) => {
    const problem = presetNameProblem(s);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

export const revisionNumberSchema = lazy(() =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .positive('must be a positive number')
    .max(PRESET_REVISION_MAX, `must be at most ${formatInt(PRESET_REVISION_MAX)}`),
);

// ---- Responses -------------------------------------------------------------

/** How a revision reached this machine: saved here, or imported from a file or a repository. */
export type RevisionOrigin = { kind: 'saved' } | { kind: 'imported'; label: string; importedAt: string };

/** One immutable revision: its number, when and by whom it was made, and its settings. */
export interface PresetRevision {
  revision: number;
  createdAt: string;
  /** git config user.name where it was saved; null when none was set. */
  author: string | null;
  origin: RevisionOrigin;
  settings: RunSettings;
}

export interface PresetSummary {
  name: string;
  latest: number;
  revisionCount: number;
  /** The latest revision's time and author. */
  updatedAt: string;
  author: string | null;
  agent: RunSettings['agent'];
  model: string | null;
  budget: ContextBudget | null;
  /** Archived presets are hidden from the list; their revisions stay (evidence names them). */
  archived: boolean;
}

export interface PresetDetail extends PresetSummary {
  /** Every revision, oldest first. */
  revisions: PresetRevision[];
}

/** One setting that differs between two revisions (dotted path; null = not set). */
export interface SettingChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface PresetHistoryEntry {
  revision: number;
  createdAt: string;
  author: string | null;
  origin: RevisionOrigin;
  /** The revision compared against (the one before it); null for the first. */
  previous: number | null;
  /** What changed since `previous`; for the first revision, every setting it sets. */
  changes: SettingChange[];
}

/** A place in a library file and what is wrong there. */
export interface LibraryProblem {
  /** Readable path, e.g. `presets[2].revisions[0].settings.loop.contextBudget.maxPromptBytes` ('' = the file). */
  path: string;
  /** The same place as a JSON pointer (RFC 6901). */
  pointer: string;
  message: string;
  /** Where the scan found it, for problems found before parsing (1-based). */
  line?: number;
  column?: number;
}

/** `details` of an import refusal (`invalid-input` or `conflict`). */
export interface LibraryRefusal {
  /** One sentence: why, how many problems, and that nothing was imported. */
  summary: string;
  problems: LibraryProblem[];
  /** Problems not listed (past LIBRARY_LIMITS.maxProblems). */
  more: number;
}

export interface ImportReport {
  /** The library's version as read (1 is migrated). */
  fromVersion: number;
  source: string | null;
  /** Revisions this import added, per preset. */
  added: { name: string; revisions: number[]; newPreset: boolean }[];
  /** Presets whose every revision in the library was already stored, identical. */
  unchanged: { name: string; revisions: number[] }[];
}

export interface LibraryExport {
  filename: string;
  mime: string;
  content: string;
  presets: number;
  revisions: number;
}

/** A preset in a repository's library, compared with the presets stored here. */
export interface RepoPreset {
  name: string;
  revisions: Omit<PresetRevision, 'origin'>[];
  /** Revisions not stored here yet (importing adds them). */
  missing: number[];
  /** Revisions stored here with different settings (importing is refused). */
  conflicts: number[];
  existsHere: boolean;
}

export interface RepoLibrary {
  repo: string;
  /** `.loupe/presets.json` (REPO_LIBRARY_PATH). */
  path: string;
  /** The commit the file was read at (HEAD); null before the first commit. */
  commit: string | null;
  found: boolean;
  presets: RepoPreset[];
  /** Why the file can't be imported, where it can't. */
  problems: LibraryProblem[];
  fromVersion: number | null;
}

export interface SaveResult {
  preset: PresetSummary;
  revision: number;
  /** False when the latest revision already held exactly these settings (nothing was added). */
  created: boolean;
  /** The settings in force, when the save also applied the revision. */
  effective: EffectiveSettings | null;
}

// ---- Methods ---------------------------------------------------------------

const nameOnly = lazy(() =>
  z.object({ name: presetNameSchema() }).strict(),
);

export const presetMethods = {
  'presets.list': method<PresetSummary[]>()(() => z.object({ includeArchived: z.boolean().optional() }).strict()),
  'presets.get': method<PresetDetail>()(nameOnly),
  /** Revisions with time, author and what changed from the one before. */
  'presets.history': method<PresetHistoryEntry[]>()(nameOnly),
  /**
   * A new immutable revision holding exactly `settings` (a new preset when the name is new).
   * The author is git's user.name (of `repo` when given). `apply` also makes it current.
   */
  'presets.save': method<SaveResult>()(() =>
    z.object({ name: presetNameSchema(), settings: runSettingsSchema(), repo: pathString().optional(), apply: z.boolean().optional() }).strict(),
  ),
  /** Makes a revision (default: the latest) current: every setting comes from it. */
  'presets.apply': method<EffectiveSettings>()(() => z.object({ name: presetNameSchema(), revision: revisionNumberSchema().optional() }).strict()),
  /** Hides a preset from the list (or shows it again); its revisions are kept. */
  'presets.archive': method<PresetSummary>()(() => z.object({ name: presetNameSchema(), archived: z.boolean() }).strict()),
  /** A library file with the named presets (default: every preset not archived) and all their revisions. */
  'presets.export': method<LibraryExport>()(() =>
    z.object({ names: z.array(presetNameSchema()).min(1).max(LIBRARY_LIMITS.maxPresets).optional() }).strict(),
  ),
  /** Imports a library file: all or nothing; missing revisions are added, nothing is overwritten. */
  'presets.import': method<ImportReport>()(() =>
    z.object({ content: z.string({ error: 'must be a string' }), sourceLabel: z.string().max(300).optional() }).strict(),
  ),
  /** The presets in the repository's `.loupe/presets.json` at HEAD, compared with those stored here. */
  'presets.repoLibrary': method<RepoLibrary>()(() => z.object({ repo: pathString() }).strict()),
  /** Imports the repository's library (or the named presets of it), read at HEAD again. */
  'presets.importFromRepo': method<ImportReport>()(() =>
    z.object({ repo: pathString(), names: z.array(presetNameSchema()).min(1).max(LIBRARY_LIMITS.maxPresets).optional() }).strict(),
  ),
};
