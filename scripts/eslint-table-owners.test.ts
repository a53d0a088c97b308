// The table-owner rule: SQL naming a table outside its one store module is an error; every table
// the migrations create has an owner, and every owner is a file of the tree.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Linter } from 'eslint';
import { describe, expect, it } from 'vitest';
import { TABLE_OWNERS, migrationTables, tableOwnersPlugin } from './eslint-table-owners.mjs';

const root = join(__dirname, '..');
const tables = [...migrationTables(join(root, 'src/main/core/store/migrations'))];
const lint = (file: string, code: string, known = tables) =>
  new Linter({ configType: 'flat' })
    .verify(code, [{ files: ['**/*.ts'], plugins: { loupe: tableOwnersPlugin }, rules: { 'loupe/table-owner': ['error', { root, tables: known }] } }], {
      filename: join(root, file),
    })
    .map((m) => m.message);

describe('each table read and written by one store module', () => {
  it('flags SQL that reads another store\'s table, in a string or a template', () => {
    const code = "const a = 'SELECT model FROM evidence_steps WHERE id = ?';\nconst b = `SELECT * FROM x JOIN wire_requests r ON r.id = x.id WHERE ${1}`;\n";
    expect(lint('src/main/core/tokens/calibration-store.ts', code)).toEqual([
      'Table evidence_steps is read and written only by src/main/core/runs/store/evidence.ts: call a function of that store.',
      'Table wire_requests is read and written only by src/main/core/wire/store.ts: call a function of that store.',
    ]);
  });

  it('lets the owner use its tables, and reads words and function calls as words', () => {
    expect(lint('src/main/core/runs/store/evidence.ts', "db.prepare('SELECT COUNT(*) AS n FROM evidence_steps WHERE run_id IN (SELECT value FROM json_each(?))');")).toEqual([]);
    expect(lint('src/main/core/runs/run-services.ts', "const dir = join(userData, 'runs'); const s = 'settings';")).toEqual([]);
  });

  it('flags a table chosen at run time by its name, and a table without an owner', () => {
    expect(lint('src/main/core/xray/store.ts', "const table = 'wire_directives';")).toEqual([
      'Table wire_directives is read and written only by src/main/core/threads/directive-store.ts: call a function of that store.',
    ]);
    expect(lint('src/main/core/xray/store.ts', "db.prepare('INSERT INTO new_things (a) VALUES (?)')", [...tables, 'new_things'])).toEqual([
      'Table new_things has no owner: name its one store module in TABLE_OWNERS (scripts/eslint-table-owners.mjs).',
    ]);
  });

  it('names an owner, a file of the tree, for every table the migrations create', () => {
    expect(tables.filter((t) => !(t in TABLE_OWNERS))).toEqual([]);
    expect(Object.values(TABLE_OWNERS).filter((f) => !existsSync(join(root, f)))).toEqual([]);
  });
});
