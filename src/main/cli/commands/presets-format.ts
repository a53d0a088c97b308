// Readable output of `loupe presets`: lists, a preset's history, effective settings, import reports.
import type { ImportReport, LibraryProblem, LibraryRefusal, PresetDetail, PresetHistoryEntry, PresetSummary, RepoLibrary } from '../../../shared/contract/presets';
import { SETTING_FIELDS, type EffectiveSettings } from '../../../shared/contract/settings';
import { SETTING_LABEL } from '../../../shared/contract/setting-fields';
import { plural } from '../../../shared/format';
import { budgetText, requestBudgetText, sourceText, spendBudgetText, wireSecretsText } from '../../../shared/presets/describe';
import { wireSettingText } from '../../../shared/runs/wire-default';
import { FIELD_LABELS, formatSettingValue } from '../../../shared/presets/diff';

const by = (author: string | null) => (author ? ` by ${author}` : '');
const table = (rows: string[][]) => {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n');
};

export function formatPresetList(presets: PresetSummary[]): string {
  if (!presets.length) return 'No presets yet. Save one with: loupe presets save NAME --agent A [...]\n';
  const rows = presets.map((p) => [p.name + (p.archived ? ' (archived)' : ''), `@${p.latest}`, p.agent + (p.model ? ` ${p.model}` : ''), budgetText(p.budget), `${p.updatedAt}${by(p.author)}`]);
  return `${table([['NAME', 'LATEST', 'AGENT', 'BUDGET', 'UPDATED'], ...rows])}\n`;
}

/** One line per change: "  max prompt bytes: 100 → not set". */
export function formatChanges(entry: PresetHistoryEntry): string[] {
  if (!entry.changes.length) return ['    (same settings as the revision before)'];
  return entry.changes.map((c) => {
    const label = (FIELD_LABELS as Partial<Record<string, string>>)[c.field] ?? c.field;
    return entry.previous === null ? `    ${label}: ${formatSettingValue(c.after)}` : `    ${label}: ${formatSettingValue(c.before)} → ${formatSettingValue(c.after)}`;
  });
}

export function formatPreset(preset: PresetDetail, history: PresetHistoryEntry[]): string {
  const lines = [`${preset.name}${preset.archived ? ' (archived)' : ''}: ${plural(preset.revisionCount, 'revision')}, latest @${preset.latest}`];
  for (const h of [...history].reverse()) {
    const from = h.origin.kind === 'imported' ? `, imported from ${h.origin.label}` : '';
    lines.push('', `  @${h.revision}  ${h.createdAt}${by(h.author)}${from}`, ...formatChanges(h));
  }
  return `${lines.join('\n')}\n`;
}

export function formatEffective(e: EffectiveSettings): string {
  const value = (f: (typeof SETTING_FIELDS)[number]) => {
    if (f === 'loop.contextBudget') return budgetText(e.settings.loop.contextBudget);
    if (f === 'loop.requestBudget') return requestBudgetText(e.settings.loop.requestBudget);
    if (f === 'loop.spendBudget') return spendBudgetText(e.settings.loop.spendBudget);
    if (f === 'loop.wireSecrets') return wireSecretsText(e.settings.loop.wireSecrets);
    if (f === 'wire') return wireSettingText(e.settings.agent, e.settings.wire);
    const v = f.startsWith('loop.') ? (e.settings.loop as Record<string, unknown>)[f.slice(5)] : (e.settings as Record<string, unknown>)[f];
    return formatSettingValue(v);
  };
  const rows = SETTING_FIELDS.map((f) => [SETTING_LABEL[f], value(f), sourceText(e.sources[f])]);
  const applied = e.appliedPreset ? `Preset applied: ${e.appliedPreset.name}@${e.appliedPreset.revision}` : 'No preset applied.';
  return `${table([['SETTING', 'VALUE', 'FROM'], ...rows])}\n${applied}\n`;
}

export function formatImport(report: ImportReport): string {
  const lines: string[] = [];
  if (report.fromVersion !== 2) lines.push(`Read a version ${report.fromVersion} library (migrated: its revisions have no context budget).`);
  for (const a of report.added) lines.push(`${a.newPreset ? 'New preset' : 'Added to'} ${a.name}: ${a.revisions.map((r) => `@${r}`).join(', ')}`);
  for (const u of report.unchanged) lines.push(`Already here: ${u.name} (${u.revisions.map((r) => `@${r}`).join(', ')})`);
  const added = report.added.reduce((n, a) => n + a.revisions.length, 0);
  lines.push(added ? `Imported ${plural(added, 'revision')}.` : 'Nothing new: every revision in the file is already here.');
  return `${lines.join('\n')}\n`;
}

export function formatProblems(problems: LibraryProblem[], more = 0): string {
  const lines = problems.map((p) => `  ${p.path || '(the file)'}: ${p.message}`);
  if (more > 0) lines.push(`  … and ${more} more`);
  return `${lines.join('\n')}\n`;
}

/** The refusal's problems, when an error carries them. */
export function refusalOf(err: unknown): LibraryRefusal | null {
  const details = (err as { details?: unknown } | null)?.details as Partial<LibraryRefusal> | undefined;
  if (!details || !Array.isArray(details.problems)) return null;
  return { summary: details.summary ?? 'The library was refused.', problems: details.problems, more: details.more ?? 0 };
}

export function formatRepoLibrary(lib: RepoLibrary): string {
  if (!lib.commit) return `${lib.repo} has no commits yet.\n`;
  const at = `${lib.path} at ${lib.commit.slice(0, 7)}`;
  if (!lib.found) return `${lib.repo} has no ${at}.\n`;
  if (lib.problems.length) return `${at} can't be imported:\n${formatProblems(lib.problems)}`;
  const rows = lib.presets.map((p) => {
    const state = p.conflicts.length
      ? `conflicts with @${p.conflicts.join(', @')} here`
      : p.missing.length
        ? `${p.existsHere ? 'adds' : 'new:'} @${p.missing.join(', @')}`
        : 'already here';
    const latest = p.revisions.at(-1)!;
    return [p.name, `@${latest.revision}`, latest.settings.agent + (latest.settings.command ? ` (${latest.settings.command})` : ''), budgetText(latest.settings.loop.contextBudget), state];
  });
  return `From the repository at ${lib.commit.slice(0, 7)} (${lib.path}):\n${table([['NAME', 'LATEST', 'AGENT', 'BUDGET', 'HERE'], ...rows])}\n`;
}
