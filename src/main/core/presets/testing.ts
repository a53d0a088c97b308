// Test helpers for presets (used by *.spec.ts / *.test.ts only).
import type { RunSettingsInput } from '../../../shared/contract/runs';
import type { Db } from '../store/store';

/**
 * Every row of every table, sorted, as text: two snapshots are equal exactly
 * when the database holds the same data (used to prove a refusal changed nothing).
 */
export function snapshotDb(db: Db): Record<string, string[]> {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
  return Object.fromEntries(tables.map(({ name }) => [name, (db.prepare(`SELECT * FROM "${name}"`).all() as unknown[]).map((r) => JSON.stringify(r)).sort()]));
}

/** A node one-liner as a custom agent's command line (the splitter honours double quotes). */
export const nodeCommand = (script: string): string => `${process.execPath} -e "${script.replaceAll('"', '\\"')}"`;

/** A custom agent that reads its prompt and answers "done". */
export const customAgent = (extra: Partial<RunSettingsInput> = {}): RunSettingsInput => ({
  agent: 'custom',
  command: nodeCommand(`process.stdin.resume();process.stdin.on('end',()=>console.log('done'))`),
  ...extra,
});
