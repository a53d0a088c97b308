#!/usr/bin/env node
// `npm run agents:install`: the real agent CLIs the agents test tier runs (claude, codex,
// gemini), at the exact versions pinned in package.json "agentPins", into a git-ignored
// folder of the project (.agents/, or LOUPE_AGENTS_DIR). What is there already at the
// pinned versions is reused. Each installed CLI must answer `--version` with its pin.
// Exit 0 when all three are ready, 1 with one line saying why when not.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const pins = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).agentPins;
const dir = resolve(process.env.LOUPE_AGENTS_DIR || join(root, '.agents'));

/** The installed version of `pkg` in `dir`, or null. */
function installedVersion(pkg) {
  try {
    return JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return null;
  }
}

/** null when `bin --version` prints `version`, else why not. */
function checkBin(bin, version) {
  const path = join(dir, 'node_modules', '.bin', bin);
  if (!existsSync(path)) return `${path} is missing`;
  const r = spawnSync(path, ['--version'], { encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: join(dir, '.home') } });
  const said = `${r.stdout ?? ''}${r.stderr ?? ''}`.trim();
  if (r.error) return `${bin} --version could not run: ${r.error.message}`;
  if (r.status !== 0) return `${bin} --version exited ${r.status}: ${said.split('\n').pop()}`;
  if (!said.includes(version)) return `${bin} --version printed "${said.split('\n')[0]}", not ${version}`;
  return null;
}

function problems() {
  return Object.entries(pins).flatMap(([pkg, { version, bin }]) => {
    const have = installedVersion(pkg);
    if (have !== version) return [`${pkg} is ${have ? `at ${have}` : 'not installed'}, pinned ${version}`];
    const bad = checkBin(bin, version);
    return bad ? [bad] : [];
  });
}

const started = Date.now();
let missing = problems();
if (missing.length === 0) {
  console.log(`agents: claude, codex and gemini at their pinned versions in ${dir} (reused).`);
  process.exit(0);
}
console.log(`agents: installing into ${dir} (${missing.join('; ')}). About 900 MB from the npm registry; a few minutes.`);
mkdirSync(join(dir, '.home'), { recursive: true });
const dependencies = Object.fromEntries(Object.entries(pins).map(([pkg, { version }]) => [pkg, version]));
writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'loupe-agents', private: true, description: 'Written by scripts/agents-install.mjs', dependencies }, null, 2)}\n`);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// --ignore-scripts: no native builds (gemini's optional node-pty and keytar compile for minutes and the CLIs run without them);
// the one script that matters, claude's (it links its platform binary), runs below when claude does not answer without it.
const install = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--no-package-lock', '--ignore-scripts', '--loglevel=error'], { cwd: dir, stdio: 'inherit' });
if (install.status !== 0) {
  console.log(`agents: npm install failed (exit ${install.status ?? install.signal}); the agents tier will be skipped.`);
  process.exit(1);
}
if (checkBin(pins['@anthropic-ai/claude-code'].bin, pins['@anthropic-ai/claude-code'].version)) {
  spawnSync(process.execPath, ['install.cjs'], { cwd: join(dir, 'node_modules/@anthropic-ai/claude-code'), stdio: 'inherit' });
}
missing = problems();
if (missing.length > 0) {
  console.log(`agents: installed, but not usable: ${missing.join('; ')}; the agents tier will be skipped.`);
  process.exit(1);
}
console.log(`agents: claude, codex and gemini ready in ${dir} (${Math.round((Date.now() - started) / 1000)} s).`);
