// `loupe models` and `loupe fold` run in-process through runCli, over a real SQLite user-data folder.
import { afterAll, describe, expect, it } from 'vitest';
import type { ModelList } from '../../../shared/contract/models';
import { trimToBudget, type FoldRow } from '../../../shared/fold';
import { createRuntime } from '../../core/runtime';
import { removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { sendJson, startLocalServer } from '../../core/testing/http-server';
import { runCliForTest } from '../testing';

afterAll(removeTempDirs);

const env = () => ({ LOUPE_USER_DATA: tempDir('loupe-cli-models-') });

const history: FoldRow[] = [
  { role: 'user', content: 'a'.repeat(1000) },
  { role: 'assistant', text: 'reading', toolCalls: [{ toolName: 'read', toolCallId: 'c1', args: { path: 'x.ts' } }] },
  { role: 'tool', toolName: 'read', toolCallId: 'c1', result: 'b'.repeat(500_000) },
  { role: 'user', content: '漢字と絵文字 😀 '.repeat(10_000), pinned: true },
  { role: 'assistant', text: 'done' },
];

describe('loupe models', () => {
  it('--json prints exactly the models.list answer, filtered by --search', async () => {
    const e = env();
    const { code, stdout, stderr } = await runCliForTest(['models', '--json', '--search', 'openai gpt-4.1'], e);
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const list = JSON.parse(stdout) as ModelList;
    const runtime = createRuntime({ host: 'browser', userDataDir: e.LOUPE_USER_DATA });
    expect(list).toEqual(await runtime.call('models.list', { query: 'openai gpt-4.1' }));
    await runtime.close();
    expect(list.models.length).toBeGreaterThan(0);
    expect(list.models.every((m) => /openai/.test(m.id) && /gpt-4\.1/.test(m.id))).toBe(true);
  });

  it('prints a table with window, source, reserve and budget, and marks missing windows as the default', async () => {
    const { code, stdout } = await runCliForTest(['models', '--search', 'cloudflare-workers-ai'], env());
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ID\s+WINDOW\s+SOURCE\s+RESERVE\s+BUDGET\s+OUTPUT$/m);
    expect(stdout).toMatch(/cloudflare-workers-ai\/\S+\s+200,000\s+default\s+30,000\s+170,000/);
    expect(stdout).toMatch(/source "default" means Loupe uses 200,000/);
    expect(stdout).toMatch(/Refresh: off/);
  });

  it('with refresh on and a failing source, notes it on stderr and answers from the snapshot', async () => {
    const server = await startLocalServer((_req, res) => sendJson(res, { error: 'down' }, 502));
    const e = env();
    const runtime = createRuntime({ host: 'browser', userDataDir: e.LOUPE_USER_DATA });
    await runtime.call('models.setSettings', { refreshEnabled: true, modelsDevUrl: `${server.url}/api.json` });
    await runtime.close();
    const { code, stdout, stderr } = await runCliForTest(['models', '--json', '--search', 'openai/gpt-4.1'], e);
    await server.close();
    expect(code).toBe(0);
    expect(stderr).toMatch(/models\.dev refresh failed \(.*answered 502.*\); using the bundled snapshot/);
    expect((JSON.parse(stdout) as ModelList).models[0]).toMatchObject({ source: 'snapshot' });
    expect(server.hits).toEqual(['/api.json']);
  });
});

describe('loupe fold', () => {
  it('--json prints the kept rows and counts for the model’s budget', async () => {
    const { code, stdout, stderr } = await runCliForTest(['fold', '--model', 'anthropic/claude-3-5-haiku-20241022', '--json'], env(), JSON.stringify(history));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const out = JSON.parse(stdout);
    expect(out.model).toMatchObject({ window: 200_000, source: 'snapshot', budget: 170_000 });
    const expected = trimToBudget(history, 170_000);
    expect(out.rows).toEqual(expected.rows);
    expect(out.keptIndices).toEqual([3, 4]);
    expect(out.counts).toEqual({ input: 5, kept: 2, dropped: 3, evicted: 0, strippedCalls: 0 });
    expect(out.estimatedTokens).toBeLessThanOrEqual(170_000);
  });

  it('accepts { rows, currentUserContent } and explains the result in text', async () => {
    const input = { rows: history, currentUserContent: 'next question' };
    const { code, stdout } = await runCliForTest(['fold', '--model', 'gpt-4.1'], env(), JSON.stringify(input));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^Model openai\/gpt-4\.1 \(GPT-4\.1\): window 1,047,576 \(snapshot\), reserve 157,136, budget 890,440 tokens\./m);
    expect(stdout).toMatch(/Keeps 5 of 5 rows: 0 dropped/);
    expect(stdout).toMatch(/including the current message/);
    expect(stdout).toMatch(/\n\s+3\s+user\s+[\d,]+\s+漢字と絵文字 😀 .*\[pinned\]/);
  });

  it('uses the default window for an unknown model, and says so', async () => {
    const { code, stdout, stderr } = await runCliForTest(['fold', '--model', 'my-private-model', '--json'], env(), JSON.stringify(history));
    expect(code).toBe(0);
    expect(stderr).toMatch(/"my-private-model" is in no catalog; using the default window 200,000/);
    expect(JSON.parse(stdout).model).toMatchObject({ source: 'default', budget: 170_000, known: false });
  });

  it('exits 2 with a clear message on bad input', async () => {
    const cases: [string[], string, RegExp][] = [
      [['fold', '--model', 'gpt-4.1'], '{nope', /standard input is not valid JSON/],
      [['fold', '--model', 'gpt-4.1'], '', /expects a JSON array of rows/],
      [['fold', '--model', 'gpt-4.1'], '[{"role":"user","content":3},{"role":"tool","toolName":"t","toolCallId":"c"}]', /rows\.0\.content: must be a string\n\s+rows\.1: a tool row needs a result/],
      [['fold', '--model', 'gpt-4.1'], '{"rows":[],"extra":1}', /Unrecognized key: "extra"/],
      [['fold'], '[]', /--model ID is required/],
    ];
    for (const [argv, stdin, message] of cases) {
      const { code, stdout, stderr } = await runCliForTest(argv, env(), stdin);
      expect({ code, stdout }, stdin).toEqual({ code: 2, stdout: '' });
      expect(stderr).toMatch(message);
    }
  });
});
