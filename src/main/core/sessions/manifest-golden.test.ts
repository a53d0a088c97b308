// The manifest of every fixture transcript, through the same path as `loupe xray --session`
// (parse, previews redacted, the bundled catalog's window, the manifest), compared with the
// one stored in manifest-golden.json: written by the reader as it was before issue 38's
// speed work, so a faster reader that changes one byte of any manifest fails here.
// Regenerate (only when a change of output is meant): LOUPE_WRITE_GOLDEN=1 npx vitest run <this file>.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../catalog/catalog';
import { snapshotEntries } from '../catalog/entries';
import { resolveModel } from '../catalog/resolve';
import { manifestFromSession } from './manifest';
import { parseSessionFile } from './parse';
import { catalogWindowFor, redactSessionPreviews } from './session-store';

const ROOT = join(__dirname, '../../../..');
const FX = join(ROOT, 'fixtures/sessions');
const GOLDEN = join(__dirname, 'manifest-golden.json');
const NOW = new Date('2026-12-02T12:00:00.000Z');

/** Every transcript-like file under fixtures/sessions (subagent files are read through their main file). */
function fixtureFiles(dir = FX): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'subagents') out.push(...fixtureFiles(p));
    } else if (/\.jsonl?$/.test(name) && !name.endsWith('.meta.json')) out.push(p);
  }
  return out;
}

/** The manifest's JSON with what depends on the checkout (absolute paths, file times) made neutral. */
async function manifestJson(file: string): Promise<string> {
  const catalog = buildCatalog({ snapshot: snapshotEntries().entries, modelsDev: null, list: null });
  let manifest;
  try {
    const { session } = await parseSessionFile(file, { now: () => NOW });
    await redactSessionPreviews(session);
    manifest = manifestFromSession(session, await catalogWindowFor(session.model, async (id) => resolveModel(catalog, id)), { now: NOW });
  } catch (err) {
    return JSON.stringify({ error: (err as { code?: string }).code ?? String(err) });
  }
  const json = JSON.stringify(manifest, null, 2);
  return json.split(JSON.stringify(ROOT).slice(1, -1)).join('<root>').replace(/"mtimeMs": [0-9.e+]+/g, '"mtimeMs": 0');
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('session manifests of the fixture transcripts (issue 38: byte for byte as before)', () => {
  const files = fixtureFiles();
  const golden: Record<string, { sha256: string; chars: number }> = existsSync(GOLDEN) ? JSON.parse(readFileSync(GOLDEN, 'utf8')) : {};

  it('covers every fixture transcript, the 3 MB spotter session among them', () => {
    expect(files.length).toBeGreaterThanOrEqual(20);
    expect(Object.keys(golden).sort()).toEqual(files.map((f) => relative(FX, f)).sort());
  });

  it.each(files.map((f) => [relative(FX, f), f]))('%s', async (rel, file) => {
    const json = await manifestJson(file);
    if (process.env.LOUPE_WRITE_GOLDEN === '1') {
      const all = existsSync(GOLDEN) ? JSON.parse(readFileSync(GOLDEN, 'utf8')) : {};
      all[rel] = { sha256: sha(json), chars: json.length };
      writeFileSync(GOLDEN, `${JSON.stringify(Object.fromEntries(Object.entries(all).sort()), null, 2)}\n`);
      return;
    }
    const want = golden[rel];
    if (!want || want.sha256 !== sha(json)) writeFileSync(join(tmpdir(), `manifest-golden-${rel.replaceAll('/', '_')}.json`), json);
    expect({ chars: json.length, sha256: sha(json) }).toEqual(want);
  });
});
