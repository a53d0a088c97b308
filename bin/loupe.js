#!/usr/bin/env node
// The `loupe` command. It runs the built CLI (out/main/cli.js); on first use
// after `npm install` it builds it once, so `npx loupe` works straight away.
'use strict';
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

const root = join(__dirname, '..');
const cli = join(root, 'out', 'main', 'cli.js');
if (!existsSync(cli)) {
  process.stderr.write('Loupe is not built yet; building it once (electron-vite build)…\n');
  const viteBin = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const r = spawnSync(process.execPath, [viteBin, 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0 || !existsSync(cli)) {
    process.stderr.write('loupe: the build failed; run `npm run build` to see why.\n');
    process.exit(1);
  }
}
require(cli);
