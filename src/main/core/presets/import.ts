// Importing a library: everything is checked first (the file, then every
// revision against the history stored here), then all of it is written in one
// transaction, or nothing is. Revisions already stored with the same settings
// are skipped, so importing the same file twice changes nothing.
import { LIBRARY_LIMITS, type ImportReport, type LibraryProblem, type LibraryRefusal, type PresetRevision, type RevisionOrigin } from '../../../shared/contract/presets';
import { LoupeError } from '../../../shared/errors';
import { plural } from '../../../shared/format';
import { diffSettings, FIELD_LABELS, formatSettingValue, sameSettings, type DiffField } from '../../../shared/presets/diff';
import { placeOf, readLibrary, type Library, type LibraryRevision } from '../../../shared/presets/library';
import type { Db } from '../store/store';
import { insertRevision, revisionsOf } from './preset-store';
import { writeTransaction } from '../store/write';

/** What an import would do, judged against the presets stored now. */
export interface ImportPlan {
  additions: { name: string; revisions: LibraryRevision[]; newPreset: boolean }[];
  unchanged: { name: string; revisions: number[] }[];
  conflicts: LibraryProblem[];
}

function describeOrigin(r: PresetRevision): string {
  const by = r.author ? ` by ${r.author}` : '';
  const from = r.origin.kind === 'imported' ? `, imported from ${r.origin.label}` : '';
  return `made ${r.createdAt}${by}${from}`;
}

function conflictProblem(name: string, at: [number, number], incoming: LibraryRevision, stored: PresetRevision): LibraryProblem {
  const changes = diffSettings(stored.settings, incoming.settings)
    .map((c) => `${FIELD_LABELS[c.field as DiffField]} ${formatSettingValue(c.before)} here, ${formatSettingValue(c.after)} in the file`)
    .join('; ');
  return {
    ...placeOf(['presets', at[0], 'revisions', at[1]]),
    message:
      `revision ${incoming.revision} of "${name}" in this file contradicts ${name}@${stored.revision} stored here (${describeOrigin(stored)}): ${changes}. ` +
      'Revisions never change once made: rename the preset in the file, or import it where that history is not stored.',
  };
}

/**
 * Compares a library with the stored history: what is new, what is already
 * here, what contradicts it. `only` limits it to some presets (places in
 * problems still count every preset of the file).
 */
export function planImport(db: Db, library: Library, only?: ReadonlySet<string>): ImportPlan {
  const plan: ImportPlan = { additions: [], unchanged: [], conflicts: [] };
  library.presets.forEach((preset, i) => {
    if (only && !only.has(preset.name)) return;
    const stored = new Map(revisionsOf(db, preset.name).map((r) => [r.revision, r]));
    const missing: LibraryRevision[] = [];
    preset.revisions.forEach((rev, j) => {
      const have = stored.get(rev.revision);
      if (!have) missing.push(rev);
      else if (!sameSettings(have.settings, rev.settings)) plan.conflicts.push(conflictProblem(preset.name, [i, j], rev, have));
    });
    if (missing.length) plan.additions.push({ name: preset.name, revisions: missing.sort((a, b) => a.revision - b.revision), newPreset: stored.size === 0 });
    else plan.unchanged.push({ name: preset.name, revisions: preset.revisions.map((r) => r.revision).sort((a, b) => a - b) });
  });
  return plan;
}

/** The refusal for problems found in a file, listing each (bounded) with its place. */
export function refusal(code: 'invalid-input' | 'conflict', problems: LibraryProblem[]): LoupeError {
  const shown = problems.slice(0, LIBRARY_LIMITS.maxProblems);
  const first = shown[0]!;
  const summary =
    code === 'conflict'
      ? `The library contradicts presets stored here (${plural(problems.length, 'conflict')}); nothing was imported.`
      : `The library can't be imported (${plural(problems.length, 'problem')}); nothing was imported.`;
  const details: LibraryRefusal = { summary, problems: shown, more: problems.length - shown.length };
  return new LoupeError(code, `${summary} ${first.path ? `${first.path}: ` : ''}${first.message}`, details);
}

/** Reads and checks a library file's text; throws the refusal listing every problem. */
export function checkedLibrary(text: string): { library: Library; fromVersion: number } {
  const read = readLibrary(text);
  if (!read.ok) throw refusal('invalid-input', read.problems);
  return { library: read.library, fromVersion: read.fromVersion };
}

/**
 * Imports `library` in one immediate transaction (planned again inside it, so a
 * save made meanwhile by another Loupe process is seen): all revisions it adds,
 * or, on any conflict, none.
 */
export function importLibrary(
  db: Db,
  library: Library,
  fromVersion: number,
  origin: RevisionOrigin,
  now: Date,
  only?: ReadonlySet<string>,
): ImportReport {
  return writeTransaction(db, (): ImportReport => {
    const plan = planImport(db, library, only);
    if (plan.conflicts.length) throw refusal('conflict', plan.conflicts);
    for (const add of plan.additions) {
      for (const rev of add.revisions) insertRevision(db, add.name, { ...rev, origin }, now);
    }
    return {
      fromVersion,
      source: origin.kind === 'imported' ? origin.label : null,
      added: plan.additions.map((a) => ({ name: a.name, revisions: a.revisions.map((r) => r.revision), newPreset: a.newPreset })),
      unchanged: plan.unchanged,
    };
  });
}
