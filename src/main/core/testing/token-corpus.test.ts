// The corpus built from what is installed has the kinds and sizes the estimate-error
// figures were measured on (src/shared/tokens/estimate-error.ts), and builds itself again
// when its sources change.
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ESTIMATE_ERROR } from '../../../shared/tokens/estimate-error';
import { removeTempDirs, tempDir } from './fixtures';
import { CORPUS_KINDS, ensureCorpus, loadCorpus } from './token-corpus';

afterAll(removeTempDirs);

describe('token corpus', () => {
  it('holds every kind, each within 15% of the bytes its estimate-error figures were measured on', () => {
    const corpus = loadCorpus();
    for (const kind of CORPUS_KINDS) {
      const bytes = corpus.filter((f) => f.kind === kind).reduce((n, f) => n + Buffer.byteLength(f.text), 0);
      const measured = ESTIMATE_ERROR.kinds[kind].bytes;
      expect(Math.abs(bytes - measured) / measured, `${kind}: ${bytes} bytes, measured on ${measured}`).toBeLessThan(0.15);
    }
    expect(corpus.map((f) => f.name)).toEqual([
      'prose/license-texts.txt',
      'prose/npm-docs.md',
      'code/zod-src.ts',
      'cjk/typescript-diagnostics.txt',
      'json/models-dev.json',
      'json/models-dev.pretty.json',
    ]);
    const json = corpus.filter((f) => f.kind === 'json');
    expect(() => json.map((f) => JSON.parse(f.text) as unknown)).not.toThrow();
    expect(json[1]!.text).toMatch(/^\{\n {2}"/);
    expect(corpus.find((f) => f.kind === 'cjk')!.text).toMatch(/[\u4e00-\u9fff]/);
  });

  it('is built again when its sources change', () => {
    // In a root of its own (the same node_modules and data), so the shared corpus other files read is left alone.
    const root = tempDir('loupe-corpus-');
    for (const name of ['node_modules', 'data']) symlinkSync(join(process.cwd(), name), join(root, name));
    const dir = ensureCorpus(root);
    expect(dir).toBe(join(root, '.cache', 'token-corpus'));
    const stamp = join(dir, 'sources.json');
    const sources = readFileSync(stamp, 'utf8');
    writeFileSync(join(dir, 'code', 'zod-src.ts'), 'stale');
    writeFileSync(stamp, sources.replace(/"zod":"[^"]*"/, '"zod":"0.0.0"'));
    expect(ensureCorpus(root)).toBe(dir);
    expect(readFileSync(stamp, 'utf8')).toBe(sources);
    expect(readFileSync(join(dir, 'code', 'zod-src.ts'), 'utf8')).not.toBe('stale');
  });
});
