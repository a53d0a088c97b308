#!/usr/bin/env node
// Regenerates resources/models/catalog.json, Loupe's offline snapshot of model
// windows and list prices, from the models.dev data (MIT) kept in data/models-dev/. Run:
// `npm run catalog:generate` (add --check to fail when the committed file is
// stale instead of writing it). See data/models-dev/README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SNAPSHOT_FILE = join(root, 'resources', 'models', 'catalog.json');
/** The models.dev api.json snapshot the catalog is built from. */
export const SOURCE_FILE = join(root, 'data', 'models-dev', 'api-2026-07-02.json');
/** models.dev data-repository commit of SOURCE_FILE (data/models-dev/README.md). */
const SOURCE_COMMIT = 'f3fc692299671838c7c65fd8126bf84d81a2e817';

/**
 * Providers kept in the bundled catalog: the model makers (whose own entries
 * short ids resolve to), the clouds that resell them, and the popular
 * gateways. The full snapshot has 148 providers and 5,276 models; these keep
 * the file small while covering what coding agents are run against.
 */
export const KEPT_PROVIDERS = [
  // makers
  'anthropic', 'openai', 'google', 'xai', 'mistral', 'deepseek', 'moonshotai', 'zai', 'alibaba', 'llama', 'cohere', 'perplexity', 'minimax',
  // clouds
  'amazon-bedrock', 'azure', 'google-vertex', 'google-vertex-anthropic',
  // gateways and hosts
  'openrouter', 'vercel', 'github-copilot', 'github-models', 'groq', 'togetherai', 'fireworks-ai', 'deepinfra', 'cerebras', 'huggingface', 'ollama-cloud',
];

/** A positive safe integer, or undefined (so the key is left out of the JSON). */
const limit = (v) => (Number.isSafeInteger(v) && v > 0 ? v : undefined);
/** A positive finite price (USD per million tokens), or undefined: models.dev's 0 means "not offered or not published". */
const usd = (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);

/** The four prices Loupe bills with, left out where not published. */
function prices(c) {
  const out = {};
  for (const [key, from] of [['input', 'input'], ['output', 'output'], ['cacheRead', 'cache_read'], ['cacheWrite', 'cache_write']]) {
    const v = usd(c?.[from]);
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * A model's list price as Loupe keeps it: input and output (both needed, or
 * the model has no price), cache read and write where published, and the
 * tiers (above `size` input tokens the whole request is priced at the tier).
 */
export function costOf(c) {
  const base = prices(c);
  if (base.input === undefined || base.output === undefined) return undefined;
  const tiers = (Array.isArray(c.tiers) ? c.tiers : [])
    .map((t) => ({ size: limit(t?.tier?.size), ...prices(t) }))
    .filter((t) => t.size !== undefined && t.input !== undefined && t.output !== undefined)
    .sort((a, b) => a.size - b.size);
  return tiers.length ? { ...base, tiers } : base;
}

/**
 * Builds the snapshot object from a models.dev-shaped catalog
 * ({ [provider]: { id, models: { [id]: { id, name, limit: { context, input?, output }, cost? } } } }),
 * keeping the providers in `keep` (all when null). Only the fields Loupe uses
 * are kept; entries are sorted so the file diffs well.
 */
export function buildSnapshot(providers, source, keep = KEPT_PROVIDERS) {
  const models = [];
  for (const [providerKey, provider] of Object.entries(providers)) {
    const providerId = provider?.id ?? providerKey;
    if (keep && !keep.includes(providerId)) continue;
    for (const [modelKey, m] of Object.entries(provider?.models ?? {})) {
      const entry = { provider: providerId, id: m?.id ?? modelKey, name: m?.name ?? modelKey };
      const context = limit(m?.limit?.context);
      const input = limit(m?.limit?.input);
      const output = limit(m?.limit?.output);
      if (context !== undefined) entry.context = context;
      if (input !== undefined) entry.input = input;
      if (output !== undefined) entry.output = output;
      const cost = costOf(m?.cost);
      if (cost !== undefined) entry.cost = cost;
      models.push(entry);
    }
  }
  models.sort((a, b) => (a.provider === b.provider ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : a.provider < b.provider ? -1 : 1));
  return {
    source,
    license: 'MIT, © models.dev (github.com/sst/models.dev); see resources/models/LICENSE',
    models,
  };
}

/** One model per line: small, readable and diff-friendly. */
export function formatSnapshot(snapshot) {
  const lines = snapshot.models.map((m) => `    ${JSON.stringify(m)}`);
  return `{\n  "source": ${JSON.stringify(snapshot.source)},\n  "license": ${JSON.stringify(snapshot.license)},\n  "models": [\n${lines.join(',\n')}\n  ]\n}\n`;
}

/** The snapshot text SOURCE_FILE produces. */
export function generateSnapshotText() {
  const providers = JSON.parse(readFileSync(SOURCE_FILE, 'utf8'));
  const source = `models.dev ${basename(SOURCE_FILE)} (data commit ${SOURCE_COMMIT.slice(0, 10)}), ${KEPT_PROVIDERS.length} providers`;
  return formatSnapshot(buildSnapshot(providers, source));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const text = generateSnapshotText();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(SNAPSHOT_FILE, 'utf8');
    } catch {}
    if (current !== text) {
      console.error('resources/models/catalog.json is stale: run npm run catalog:generate.');
      process.exit(1);
    }
    console.log('resources/models/catalog.json is up to date.');
  } else {
    writeFileSync(SNAPSHOT_FILE, text);
    console.log(`Wrote ${SNAPSHOT_FILE} (${JSON.parse(text).models.length} models, ${text.length} bytes).`);
  }
}
