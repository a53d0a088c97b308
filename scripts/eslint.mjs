#!/usr/bin/env node
// `npm run lint:eslint`: ESLint over the repository with eslint.config.mjs, every rule included,
// in two processes side by side. `eslint .` spends nearly all its time in the TypeScript checker
// for the typed rule (no-unnecessary-condition) on one core; here each TypeScript program is built
// once, by the one process that lints its files, and handed to typescript-eslint as
// `parserOptions.programs` (the options typescript-eslint would use for `project`):
//   - shard 0: the node program (tsconfig.node.json), and every file ESLint lints that shard 1
//     does not; a TypeScript file in no program fails there, as it does with `project`;
//   - shard 1: the files of the web and e2e programs that the node program does not hold (a file
//     in two programs is linted with the first one, as `project` does).
// Each process runs with a larger young generation: the checker allocates much and short-lived,
// and the default spent about a quarter of the time in the garbage collector.
// `npm run lint:eslint` runs the two shards side by side through scripts/parallel.mjs
// (`lint:eslint:node`, `lint:eslint:rest`), each with that flag:
//   node --max-semi-space-size=64 scripts/eslint.mjs --shard N
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SHARDS = [['tsconfig.node.json'], ['tsconfig.web.json', 'tsconfig.e2e.json']];

const shardArg = process.argv.indexOf('--shard');
const shard = Number(process.argv[shardArg + 1]);
if (shardArg === -1 || !Number.isInteger(shard) || !SHARDS[shard]) {
  console.error(`usage: node scripts/eslint.mjs --shard 0..${SHARDS.length - 1} (npm run lint:eslint runs them all)`);
  process.exit(2);
}
process.exit(await lintShard(shard));

/** Lints one shard's files with its programs, in this process; 1 when any error was found. */
async function lintShard(index) {
  const require = createRequire(join(root, 'package.json'));
  const ts = require('typescript');
  const { ESLint } = require('eslint');
  const { createProgram } = require('@typescript-eslint/parser');

  /** The files a tsconfig holds (its `include` and `files`, less `exclude`), absolute. */
  const filesOf = (config) => {
    const parsed = ts.getParsedCommandLineOfConfigFile(join(root, config), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
    if (!parsed) throw new Error(`cannot read ${config}`);
    return parsed.fileNames;
  };
  // Shard 1's files: those of its programs that no earlier program holds.
  const earlier = new Set(SHARDS[0].flatMap(filesOf));
  const shardOne = [...new Set(SHARDS[1].flatMap(filesOf))].filter((f) => !earlier.has(f));

  const programs = SHARDS[index].map((config) => createProgram(join(root, config), root));
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: [
      ...(index === 0 ? [{ ignores: shardOne.map((f) => escapeGlob(relative(root, f))) }] : []),
      { languageOptions: { parserOptions: { project: null, programs } } },
    ],
  });
  let targets = ['.'];
  if (index !== 0) {
    const ignored = await Promise.all(shardOne.map((f) => eslint.isPathIgnored(f)));
    targets = shardOne.filter((_, i) => !ignored[i]);
  }
  const results = await eslint.lintFiles(targets);
  const formatter = await eslint.loadFormatter('stylish');
  const text = await formatter.format(results);
  if (text) process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  return results.some((r) => r.errorCount > 0 || r.fatalErrorCount > 0) ? 1 : 0;
}

/** A path as a glob that matches only itself. */
function escapeGlob(path) {
  return path.replace(/[\\*?[\](){}!+@]/g, '\\$&');
}
