// context.inspect with `previews: false` and context.previews (issue 24: the Inspector's wait for
// its first row): the answer leaves the previews out and is otherwise the same document; each
// preview comes afterwards by content hash, exactly as the inspection made it (secrets redacted);
// a hash Loupe does not hold answers null. The default answer (the `loupe inspect --json`
// document) keeps every preview. Real fixture repository, the real runtime.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InspectResult } from '../../../shared/contract/context';
import { makeRuntime, removeTempDirs } from '../testing/fixtures';
import { makeInspectFixture, type InspectFixture } from '../testing/inspect-fixture';
import type { Runtime } from '../runtime';

let fx: InspectFixture;
let runtime: Runtime;
beforeAll(() => {
  fx = makeInspectFixture();
  runtime = makeRuntime();
});
afterAll(async () => {
  await runtime.close();
  removeTempDirs();
});

const PATHS = ['src', 'big', 'README.md'];

describe('context.inspect without previews, then context.previews', () => {
  it('answers the same document without the previews, and gives each one afterwards by hash, redacted', async () => {
    const whole: InspectResult = await runtime.call('context.inspect', { repo: fx.repo, paths: PATHS });
    expect(whole.files.length).toBeGreaterThan(3);
    expect(whole.files.every((f) => typeof f.preview === 'string')).toBe(true);

    const bare = await runtime.call('context.inspect', { repo: fx.repo, paths: PATHS, previews: false });
    expect(bare.files.some((f) => 'preview' in f)).toBe(false);
    expect(bare).toEqual({ ...whole, files: whole.files.map(({ preview: _, ...f }) => f) });
    // The point of it: the answer is a small part of the whole.
    expect(JSON.stringify(bare).length).toBeLessThan(JSON.stringify(whole).length / 4);

    const { previews } = await runtime.call('context.previews', { sha256: bare.files.map((f) => f.sha256) });
    expect(previews).toEqual(whole.files.map((f) => f.preview));
    const secret = previews[bare.files.findIndex((f) => f.path === 'src/secret-config.ts')]!;
    expect(secret).toContain('[redacted');
    expect(JSON.stringify(previews)).not.toContain(fx.secrets.githubToken.slice(4, 16));
    expect(JSON.stringify(previews)).not.toContain(fx.secrets.awsKeyId.slice(4, 16));
  });

  it('answers null for content Loupe does not hold, and refuses what is not a sha256', async () => {
    const held = (await runtime.call('context.inspect', { repo: fx.repo, paths: ['README.md'], previews: false })).files[0]!;
    const { previews } = await runtime.call('context.previews', { sha256: ['0'.repeat(64), held.sha256] });
    expect(previews[0]).toBeNull();
    expect(previews[1]).toEqual(expect.any(String));
    await expect(runtime.call('context.previews', { sha256: ['README.md'] })).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('refuses a previews flag that is not true or false, saying so', async () => {
    await expect(runtime.call('context.inspect', { repo: fx.repo, paths: ['README.md'], previews: 'no' as unknown as boolean })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('previews must be true or false'),
    });
  });
});
