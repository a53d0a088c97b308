// The window an imported session is drawn against comes from what the session proves (issue 22, item 3):
// a Claude Code session of claude-opus-4-6 (1M in the catalog, behind an opt-in) that auto-compacted at
// 170,251 tokens is drawn against 200,000, not 1,000,000; the provider's count and the unknown system part are said.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionManifest } from '../../../shared/contract/sessions';
import { reserveTokens } from '../../../shared/fold';
import { makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';
import { claudeLines, writeJsonl } from './testing';

afterAll(removeTempDirs);

/** A Claude Code session of `model`: a reply, an auto compaction at `preTokens`, a reply reported at `reported` tokens. */
function opusSession(model: string, preTokens: number, reported: number): string {
  const c = claudeLines('/work/repo');
  const usage = (n: number) => ({ input_tokens: 10, cache_creation_input_tokens: 1000, cache_read_input_tokens: n - 1010, output_tokens: 50 });
  const reply = (id: string, text: string, n: number) => {
    const line = c.assistant(id, { type: 'text', text }, usage(n));
    return { ...line, message: { ...line.message, model } };
  };
  return writeJsonl(join(tempDir(), 'opus.jsonl'), [
    c.user('Refactor the cache'),
    reply('m1', 'Reading the cache module.', 90_000),
    c.boundary(preTokens),
    c.summary('This session is being continued from a previous conversation.'),
    c.user('Go on'),
    reply('m2', 'Done: the cache is warmed before the build.', reported),
  ]);
}

describe('the window of an imported session', () => {
  it('is the 200,000 standard window when the session shows no opt-in to the catalog’s 1M, proven by its auto-compaction; the provider’s count and the unknown system part are said', async () => {
    const rt = makeRuntime();
    const m = (await rt.call('xray.manifest', { sessionFile: opusSession('claude-opus-4-6', 170_251, 106_060) })) as SessionManifest;
    expect(m.model).toMatchObject({ id: expect.stringContaining('claude-opus-4-6'), window: 200_000, reserve: reserveTokens(200_000) });
    expect(m.model.source).toBe('the session: auto-compacted at 170,251 tokens, as in a 200,000-token window (the catalog’s 1,000,000 needs an opt-in the session does not show)');
    expect(m.reported?.contextTokens).toBe(106_060);
    expect(m.systemUnknown).toMatch(/^The CLI’s own system prompt and tool definitions: unknown, not in the transcript/);
    await rt.close();
  });

  it('is the catalog’s long window when the session proves it (a count past 200,000)', async () => {
    const rt = makeRuntime();
    const m = (await rt.call('xray.manifest', { sessionFile: opusSession('claude-opus-4-6', 240_000, 260_000) })) as SessionManifest;
    expect(m.model.window).toBe(1_000_000);
    expect(m.model.source).toMatch(/^catalog \w/);
    await rt.close();
  });
});
