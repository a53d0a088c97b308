// The preset library file: what it looks like in each version, how a file is
// checked (everything, before anything is imported) and how version 1 becomes
// the current version. Pure: used by the service, the CLI and the renderer.
import { z } from 'zod';
import { lazy } from '../contract/define';
import { utf8ByteLength } from '../fold/budget';
import { formatInt } from '../format';
import {
  AUTHOR_MAX,
  LIBRARY_KIND,
  LIBRARY_LIMITS,
  LIBRARY_VERSION,
  LIBRARY_VERSIONS,
  presetNameSchema,
  revisionNumberSchema,
  tooLargeMessage,
  type LibraryProblem,
} from '../contract/presets';
import { runSettingsSchema, type RunSettings } from '../contract/runs';
import { scanJson } from './json-scan';

/** One revision as a library file holds it. */
export interface LibraryRevision {
  revision: number;
  createdAt: string;
  author: string | null;
  settings: RunSettings;
}

/** A library in the current version, presets and revisions in file order. */
export interface Library {
  kind: typeof LIBRARY_KIND;
  version: typeof LIBRARY_VERSION;
  exportedAt?: string;
  presets: { name: string; revisions: LibraryRevision[] }[];
}

const revisionSchema = lazy(() =>
  z
    .object({
      revision: revisionNumberSchema(),
      createdAt: z.iso.datetime({ offset: true, error: 'must be a date and time like 2026-01-31T09:30:00Z' }),
      author: z.string({ error: 'must be a string or null' }).max(AUTHOR_MAX, `is longer than ${AUTHOR_MAX} characters`).nullable(),
      settings: runSettingsSchema(),
    })
    .strict(),
);

const librarySchema = lazy(() =>
  z
    .object({
      kind: z.literal(LIBRARY_KIND),
      version: z.number(),
      exportedAt: z.string().max(64).optional(),
      presets: z
        .array(
          z
            .object({
              name: presetNameSchema(),
              revisions: z
                .array(revisionSchema(), { error: 'must be a list of revisions' })
                .min(1, 'must hold at least one revision')
                .max(LIBRARY_LIMITS.maxRevisionsPerPreset, `may hold at most ${formatInt(LIBRARY_LIMITS.maxRevisionsPerPreset)} revisions`),
            })
            .strict(),
          { error: 'must be a list of presets' },
        )
        .max(LIBRARY_LIMITS.maxPresets, `may hold at most ${formatInt(LIBRARY_LIMITS.maxPresets)} presets`),
    })
    .strict(),
);

/** `presets[2].revisions[0].settings.loop` and `/presets/2/revisions/0/settings/loop` for a path. */
export function placeOf(path: readonly PropertyKey[]): { path: string; pointer: string } {
  let dotted = '';
  for (const p of path) dotted += typeof p === 'number' ? `[${p}]` : `${dotted ? '.' : ''}${String(p)}`;
  const pointer = path.map((p) => `/${String(p).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');
  return { path: dotted, pointer };
}

const problem = (path: readonly PropertyKey[], message: string): LibraryProblem => ({ ...placeOf(path), message });

/** The result of reading a library file: the library in the current version, or every problem found. */
export type LibraryRead = { ok: true; library: Library; fromVersion: number } | { ok: false; problems: LibraryProblem[] };

/** The refusal of a file over LIBRARY_LIMITS.maxBytes (`exact`: bytes is its size, not a lower bound). */
export function tooLarge(bytes: number, exact = true): LibraryProblem {
  return problem([], tooLargeMessage(bytes, exact));
}

/** Refuses what can be judged without parsing: size, syntax, depth, duplicate keys. */
function checkText(text: string): LibraryProblem | null {
  // Size first, without encoding a huge string: UTF-8 never has fewer bytes than UTF-16 units.
  const max = LIBRARY_LIMITS.maxBytes;
  const bytes = text.length > max ? text.length : utf8ByteLength(text);
  if (bytes > max) return tooLarge(bytes, text.length <= max);
  const scan = scanJson(text, LIBRARY_LIMITS.maxDepth);
  if (!scan) return null;
  return { ...placeOf(scan.path), message: `line ${scan.line}, column ${scan.column}: ${scan.message}`, line: scan.line, column: scan.column };
}

/** Turns zod issues into problems, naming unknown keys themselves. */
function issuesToProblems(issues: readonly z.core.$ZodIssue[], prefix: readonly PropertyKey[] = []): LibraryProblem[] {
  return issues.flatMap((issue) => {
    const at = [...prefix, ...issue.path];
    if (issue.code === 'unrecognized_keys') return issue.keys.map((k) => problem([...at, k], 'is not a field Loupe knows here'));
    if (issue.code === 'invalid_union' && issue.errors.length) return issuesToProblems(issue.errors[0] ?? [], prefix);
    return [problem(at, issue.message)];
  });
}

/** Checks the parts zod does not: unknown kind or version, duplicate names and revision numbers, v1 fields. */
function checkHeader(doc: unknown): LibraryProblem | null {
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) return problem([], 'a preset library is a JSON object with "kind", "version" and "presets"');
  const { kind, version } = doc as { kind?: unknown; version?: unknown };
  if (kind !== LIBRARY_KIND) return problem(['kind'], `must be "${LIBRARY_KIND}": this is not a Loupe preset library`);
  if (!(LIBRARY_VERSIONS as readonly unknown[]).includes(version)) {
    const newer = typeof version === 'number' && version > LIBRARY_VERSION;
    return problem(
      ['version'],
      `${JSON.stringify(version)} is not a library version this Loupe reads (${LIBRARY_VERSIONS.join(' or ')})${newer ? ': it was written by a newer Loupe' : ''}`,
    );
  }
  return null;
}

function duplicates(library: z.output<ReturnType<typeof librarySchema>>, version: number, raw: unknown): LibraryProblem[] {
  const out: LibraryProblem[] = [];
  const names = new Map<string, number>();
  library.presets.forEach((p, i) => {
    const first = names.get(p.name);
    if (first !== undefined) out.push(problem(['presets', i, 'name'], `"${p.name}" is also the name of presets[${first}]: each preset appears once`));
    else names.set(p.name, i);
    const seen = new Map<number, number>();
    p.revisions.forEach((r, j) => {
      const earlier = seen.get(r.revision);
      if (earlier !== undefined) out.push(problem(['presets', i, 'revisions', j, 'revision'], `revision ${r.revision} of "${p.name}" also appears at presets[${i}].revisions[${earlier}]`));
      else seen.set(r.revision, j);
    });
  });
  if (version === 1) {
    // Version 1 had no budgets (context or request) and no wire settings: a file that says 1 and carries one is not
    // a version 1 file (issue 34, item 8: a request budget passed where a context budget did not).
    const rawPresets = (raw as { presets: { revisions: { settings: { loop?: Record<string, unknown> } }[] }[] }).presets;
    rawPresets.forEach((p, i) =>
      p.revisions.forEach((r, j) => {
        for (const key of ['contextBudget', 'requestBudget', 'wireSecrets'] as const) {
          if (r.settings.loop && key in r.settings.loop) {
            out.push(problem(['presets', i, 'revisions', j, 'settings', 'loop', key], `is not part of a version 1 library (${key === 'contextBudget' ? 'budgets came in version 2' : 'the wire came after version 1'}): set "version": 2`));
          }
        }
      }),
    );
  }
  return out;
}

/** Version 1 → current: settings without a context budget run with no ceiling; nothing else changed. */
export function migrateLibrary(library: z.output<ReturnType<typeof librarySchema>>): Library {
  return {
    kind: LIBRARY_KIND,
    version: LIBRARY_VERSION,
    ...(library.exportedAt ? { exportedAt: library.exportedAt } : {}),
    presets: library.presets.map((p) => ({
      name: p.name,
      // File order is kept, so a problem found later can still name its place in the file.
      revisions: p.revisions.map((r) => ({ ...r, settings: { ...r.settings, loop: { ...r.settings.loop } } })),
    })),
  };
}

/**
 * Reads a library file's text: checks its size, syntax and depth before parsing,
 * then every field of every revision, and migrates version 1. All problems
 * found are returned (bounded), each naming its place in the file.
 */
export function readLibrary(text: string): LibraryRead {
  const early = checkText(text);
  if (early) return { ok: false, problems: [early] };
  const doc: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  const header = checkHeader(doc);
  if (header) return { ok: false, problems: [header] };
  const parsed = librarySchema().safeParse(doc);
  if (!parsed.success) return { ok: false, problems: issuesToProblems(parsed.error.issues) };
  const version = parsed.data.version;
  const dups = duplicates(parsed.data, version, doc);
  if (dups.length) return { ok: false, problems: dups };
  return { ok: true, library: migrateLibrary(parsed.data), fromVersion: version };
}

/** The current-version document for `presets` (what export writes), as pretty JSON. */
export function writeLibrary(presets: Library['presets'], exportedAt: string): string {
  const doc: Library = { kind: LIBRARY_KIND, version: LIBRARY_VERSION, exportedAt, presets };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
