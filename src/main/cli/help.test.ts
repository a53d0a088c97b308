// `loupe <command> --help` names every flag the command takes (issue 34, item 8: `loupe xray
// evict --wire` was missing from its help). Each command module's parseArgs options are read
// from its source, so a flag added without its usage line fails here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commands } from './commands';

const DIR = join(__dirname, 'commands');
/** The options a module declares to parseArgs: `name: { type: 'string' | 'boolean' … }`. */
const declared = (file: string) => [...readFileSync(join(DIR, file), 'utf8').matchAll(/['"]?([a-z][\w-]*)['"]?:\s*\{\s*type:\s*'(?:string|boolean)'/g)].map((m) => m[1]!);
/** Modules whose options belong to several commands: the shared run-settings flags. */
const SHARED: Record<string, string[]> = { 'settings-flags.ts': ['run'] };

describe('loupe --help', () => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.ts') && !f.includes('.test.'));
  for (const command of commands) {
    it(`${command.name}: its usage names every flag it takes`, () => {
      const own = files.filter((f) => f === `${command.name}.ts` || f.startsWith(`${command.name}-`) || SHARED[f]?.includes(command.name));
      const flags = own.flatMap(declared);
      expect(flags.length, `no options found for ${command.name}`).toBeGreaterThanOrEqual(command.name === 'mcp' ? 1 : 0);
      expect(flags.filter((f) => !new RegExp(`--${f}(?![\\w-])`).test(command.usage))).toEqual([]);
    });
  }
});
