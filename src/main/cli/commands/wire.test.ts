import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeRepo, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { startProvider, type ScriptedProvider } from '../../core/testing/providers';
import { runCliForTest } from '../testing';

let provider: ScriptedProvider | null = null;
afterEach(async () => {
  await provider?.close();
  provider = null;
});
afterAll(() => removeTempDirs());

/** A stand-in `claude` on LOUPE_AGENT_PATH: one Messages request to $ANTHROPIC_BASE_URL, then exit 7. */
function fakeClaude(): string {
  const dir = tempDir('loupe-fake-claude-');
  const script = join(dir, 'claude');
  writeFileSync(
    script,
    `#!${process.execPath}
fetch(process.env.ANTHROPIC_BASE_URL + '/v1/messages', {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': process.env.ANTHROPIC_API_KEY },
  body: JSON.stringify({ model: 'claude-test', max_tokens: 5, system: 'You are a fake claude.', messages: [{ role: 'user', content: process.argv.slice(2).join(' ') }] }),
}).then((r) => r.text()).then(() => process.exit(7));
`,
  );
  chmodSync(script, 0o755);
  return dir;
}

describe('loupe wrap and loupe wire', () => {
  it('runs the CLI through a relay, passes its exit code through, and lists and shows what it sent', async () => {
    provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'wrapped', usage: { input: 21, output: 2 } } }] } });
    const data = tempDir('loupe-data-');
    // A repository (made with git): --repo names the one the session belongs to.
    const repo = makeRepo({ 'src/a.ts': 'export const a = 1;\n' });
    const env = { PATH: process.env.PATH, HOME: tempDir(), LOUPE_USER_DATA: data, LOUPE_AGENT_PATH: fakeClaude(), ANTHROPIC_BASE_URL: provider.url, ANTHROPIC_API_KEY: 'sk-ant-wrap-secret-999' };
    const wrapped = await runCliForTest(['wrap', '--repo', repo, '--', 'claude', 'hello', 'there'], env);
    expect(wrapped.code).toBe(7);
    expect(wrapped.stderr).toMatch(/recording claude's requests as wire session [0-9a-f-]{36}/);
    expect(provider.turns()).toHaveLength(1);

    const list = await runCliForTest(['wire', 'list', '--repo', repo, '--json'], env);
    const sessions = JSON.parse(list.stdout) as { id: string; kind: string; modelRequests: number; reportedInput: number }[];
    expect(sessions).toMatchObject([{ kind: 'wrap', modelRequests: 1, reportedInput: 21 }]);
    const show = await runCliForTest(['wire', 'show', sessions[0]!.id, '--json'], env);
    const detail = JSON.parse(show.stdout);
    expect(detail.request).toMatchObject({ seq: 1, model: 'claude-test', requestBytes: Buffer.byteLength(provider.turns()[0]!.bodyText), usage: { input: 21 } });
    // The fake joins its arguments: Loupe put --setting-sources user first (the folder is trusted neither in Loupe nor by claude).
    expect(detail.request.segments.map((s: { preview: string }) => s.preview)).toEqual(['--setting-sources user hello there']);
    expect(show.stdout).not.toContain('sk-ant-wrap-secret-999');
    const text = await runCliForTest(['wire', 'show', sessions[0]!.id], env);
    expect(text.stdout).toContain('[system] You are a fake claude.');
    const missing = await runCliForTest(['wire', 'show', sessions[0]!.id, '--request', '9'], env);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('has no request 9');
  });

  it('refuses a command it does not wrap', async () => {
    const r = await runCliForTest(['wrap', '--', 'vim'], { LOUPE_USER_DATA: tempDir() });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('loupe wrap runs claude, codex, gemini');
  });
});
