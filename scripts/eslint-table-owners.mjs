// An ESLint rule of the project's own: each table of the Loupe database is read and written by
// exactly one store module (issue 18). SQL that names a table outside its owner is an error, and
// so is a table the migrations create that has no owner here.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Each table, and the one module (path from the repository root) that reads and writes it. */
export const TABLE_OWNERS = {
  settings: 'src/main/core/store/settings.ts',
  recent_repos: 'src/main/core/store/recent-repos.ts',
  threads: 'src/main/core/threads/thread-store.ts',
  transcript: 'src/main/core/threads/thread-store.ts',
  xray_directives: 'src/main/core/threads/directive-store.ts',
  session_directives: 'src/main/core/threads/directive-store.ts',
  wire_directives: 'src/main/core/threads/directive-store.ts',
  session_continuations: 'src/main/core/threads/directive-store.ts',
  runs: 'src/main/core/runs/store/runs.ts',
  run_events: 'src/main/core/runs/store/runs.ts',
  evidence_steps: 'src/main/core/runs/store/evidence.ts',
  evidence_step_ends: 'src/main/core/runs/store/evidence.ts',
  calibration_points: 'src/main/core/tokens/calibration-store.ts',
  presets: 'src/main/core/presets/preset-store.ts',
  preset_revisions: 'src/main/core/presets/preset-store.ts',
  memory_items: 'src/main/core/memory/memory-store.ts',
  xray_manifests: 'src/main/core/xray/store.ts',
  xray_reports: 'src/main/core/xray/store.ts',
  wire_sessions: 'src/main/core/wire/store.ts',
  wire_notes: 'src/main/core/wire/store.ts',
  wire_requests: 'src/main/core/wire/store.ts',
  wire_answers: 'src/main/core/wire/store.ts',
  wire_request_rows: 'src/main/core/wire/store.ts',
  repo_trust: 'src/main/core/trust/trust-store.ts',
};

/** The tables (and views) the migrations in `dir` create. */
export function migrationTables(dir) {
  const tables = new Set();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
    for (const m of readFileSync(join(dir, file), 'utf8').matchAll(/CREATE (?:TABLE|VIEW)(?: IF NOT EXISTS)?\s+(\w+)/gi)) tables.add(m[1]);
  }
  return tables;
}

// A name after a SQL keyword: a table when the migrations create one by that name.
const SQL_TABLE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+([a-z_][a-z0-9_]*)\b/g;

/**
 * The rule: `options[0]` is `{ root, tables }`: the repository root (owners are paths from it) and
 * the tables the migrations create. Every string and template text is read; a table named after
 * FROM/JOIN/INTO/UPDATE/TABLE, or a string that is exactly a table's name with an underscore in
 * it (a table chosen at run time), counts as touching it.
 */
const tableOwner = {
  meta: {
    type: 'problem',
    docs: { description: 'Each table is read and written by exactly one store module.' },
    schema: [{ type: 'object', properties: { root: { type: 'string' }, tables: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }],
    messages: {
      foreign: 'Table {{table}} is read and written only by {{owner}}: call a function of that store.',
      ownerless: 'Table {{table}} has no owner: name its one store module in TABLE_OWNERS (scripts/eslint-table-owners.mjs).',
    },
  },
  create(context) {
    const { root, tables } = context.options[0];
    const known = new Set(tables);
    const file = context.filename.startsWith(`${root}/`) ? context.filename.slice(root.length + 1) : context.filename;
    const check = (node, text, exactName) => {
      const named = new Set();
      // Names with an underscore only: 'runs' or 'settings' alone are words, not SQL.
      if (exactName && text.includes('_') && known.has(text)) named.add(text);
      for (const m of text.matchAll(SQL_TABLE)) if (known.has(m[1])) named.add(m[1]);
      for (const table of named) {
        const owner = TABLE_OWNERS[table];
        if (owner === undefined) context.report({ node, messageId: 'ownerless', data: { table } });
        else if (owner !== file) context.report({ node, messageId: 'foreign', data: { table, owner } });
      }
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value, true);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw, false);
      },
    };
  },
};

export const tableOwnersPlugin = { rules: { 'table-owner': tableOwner } };
