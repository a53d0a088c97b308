#!/usr/bin/env node
// `npm run lint:electron`: Electronegativity (Doyensec's Electron security
// linter) over src/, offline. Fails on any HIGH or CRITICAL finding, on any
// MEDIUM finding not fixed or explained next to the code it flags (with an
// `eng-disable CHECK_ID` comment on that line), and when a file that uses
// Electron could not be parsed (it would otherwise go unchecked).
//
// Offline: the CLI fetches translations and Electron's release list from GitHub.
// This runner registers the bundled English messages instead, and leaves out the
// one check that needs the network (AVAILABLE_SECURITY_FIXES_GLOBAL_CHECK:
// "a newer Electron has security fixes"; Electron's version is npm's business).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('@doyensec/electronegativity/package.json'));

// Stand in for dist/locales/i18n.js (which downloads translations) before the runner loads it.
const i18n = require(require.resolve('i18n', { paths: [pkgDir] }));
const i18nModule = require.resolve(join(pkgDir, 'dist', 'locales', 'i18n.js'));
require.cache[i18nModule] = {
  id: i18nModule,
  filename: i18nModule,
  loaded: true,
  exports: async () => {
    i18n.configure({ locales: ['en-US'], defaultLocale: 'en-US', directory: join(pkgDir, 'dist', 'locales'), updateFiles: false, objectNotation: true, register: global });
    i18n.setLocale('en-US');
  },
};
const run = require(join(pkgDir, 'dist', 'runner.js'));

const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
// `--input DIR` scans another folder (the script's own test uses it).
const inputArg = process.argv.indexOf('--input');
const input = inputArg > 0 ? process.argv[inputArg + 1] : join(root, 'src');
const started = Date.now();
const result = await run({
  input,
  isRelative: true,
  electronVersionOverride: electronVersion,
  excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
  parserPlugins: [],
});

const level = (issue) => issue.severity.name ?? String(issue.severity.value);
const blocking = result.issues.filter((i) => ['HIGH', 'CRITICAL', 'MEDIUM'].includes(level(i)));
const electronFiles = result.errors.filter((e) => !e.tolerable && /from ['"]electron['"]|require\(['"]electron['"]\)/.test(readFileSync(e.file, 'utf8')));

for (const i of result.issues) {
  const mark = blocking.includes(i) ? '✗' : '·';
  console.log(`${mark} ${level(i).padEnd(13)} ${i.id}  ${i.file}:${i.location.line}  ${i.description}`);
}
for (const e of electronFiles) console.log(`✗ not parsed    ${relative(root, e.file)}: ${e.message}`);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
console.log(
  `Electronegativity ${require(join(pkgDir, 'package.json')).version} on ${relative(root, input) || '.'} (Electron ${electronVersion}): ` +
    `${result.issues.length} finding(s), ${blocking.length} HIGH/MEDIUM unexplained, ${result.errors.length} file(s) not parsed (${electronFiles.length} using Electron), ${seconds} s`,
);
process.exit(blocking.length > 0 || electronFiles.length > 0 ? 1 : 0);
