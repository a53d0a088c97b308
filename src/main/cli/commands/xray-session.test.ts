// `loupe xray --session` builds a runtime with sessions.manifest alone (issue 38): its output
// must be what the app's whole service table answers for the same transcript, byte for byte.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createRuntime } from '../../core/runtime';
import { removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { runCliForTest as run } from '../testing';

afterAll(removeTempDirs);

const FX = join(__dirname, '../../../../fixtures/sessions');
const neutral = (json: string) => json.replace(/"builtAt": "[^"]+"/, '"builtAt": "(time)"');

describe('loupe xray --session FILE --json', () => {
  it.each([
    'claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl',
    'codex/loupe-offline/sessions/2026/11/30/rollout-2026-11-30T09-32-45-01a22bcc-b2e5-7351-acf0-34fe2f105503.jsonl',
    'gemini/codemie-code/session-2025-12-01T21-45-5b959dae.json',
  ])('%s: the same JSON as the whole runtime’s sessions.manifest', async (rel) => {
    const file = join(FX, rel);
    const userData = tempDir();
    const cli = await run(['xray', '--session', file, '--json'], { LOUPE_USER_DATA: userData });
    expect(cli.code).toBe(0);
    const runtime = createRuntime({ host: 'browser', userDataDir: userData, env: { ...process.env, LOUPE_USER_DATA: userData } });
    try {
      const manifest = await runtime.call('sessions.manifest', { file });
      expect(manifest.segments.length).toBeGreaterThan(0);
      expect(neutral(cli.stdout)).toBe(neutral(`${JSON.stringify(manifest, null, 2)}\n`));
    } finally {
      await runtime.close();
    }
  });
});
