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
    const { code, stdout } = await runCliForTest(['models', '--search', 'openai/gpt-image'], env());
    expect(code).toBe(0);
    expect(stdout).toMatch(/^ID\s+WINDOW\s+SOURCE\s+RESERVE\s+BUDGET\s+OUTPUT$/m);
    expect(stdout).toMatch(/openai\/gpt-image-1\s+200,000\s+default\s+30,000\s+170,000/);
    expect(stdout).toMatch(/source "default" means Loupe uses 200,000/);
    // Plain words for the user, no internal method names.
    expect(stdout).toMatch(/Refresh: off \(turn it on in the app: Settings → Models\)/);
    expect(stdout).not.toMatch(/models\.\w+ method|setSettings/);
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
    const { code, stdout, stderr } = await runCliForTest(['fold', '--model', 'anthropic/claude-3-5-sonnet-20241022', '--json'], env(), JSON.stringify(history));
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
    const out = JSON.parse(stdout);
    expect(out.model).toMatchObject({ window: 200_000, source: 'snapshot', budget: 170_000, matchedBy: 'id' });
    expect(out.input).toEqual({ shapes: ['loupe'], notes: [] });
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
    expect(stdout).toMatch(/^"gpt-4\.1" is one of \d+ entries; using OpenAI's own entry, openai\/gpt-4\.1\.$/m);
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

  it('--safe folds in the model best available count: exact for GPT, a stated factor for Claude', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ role: 'user', content: `{"row": ${i}, "data": [${'1, '.repeat(3000)}0]}` }));
    const gpt = JSON.parse((await runCliForTest(['fold', '--model', 'openai/gpt-4o', '--safe', '--json'], env(), JSON.stringify(rows))).stdout);
    expect(gpt).toMatchObject({ countedBy: 'exact', label: 'exact (o200k_base)', fits: true });
    const plainGpt = JSON.parse((await runCliForTest(['fold', '--model', 'openai/gpt-4o', '--json'], env(), JSON.stringify(rows))).stdout);
    expect(plainGpt.countedTokens).toBeUndefined();
    const claude = await runCliForTest(['fold', '--model', 'anthropic/claude-3-5-haiku-20241022', '--safe'], env(), JSON.stringify(rows));
    expect(claude.code).toBe(0);
    expect(claude.stdout).toMatch(/in the safer count, estimate × 1\.5 \(family-default, 0 runs\)/);
    expect(claude.stdout).toMatch(/not publish Claude's tokenizer/);
    const plain = JSON.parse((await runCliForTest(['fold', '--model', 'anthropic/claude-3-5-haiku-20241022', '--json'], env(), JSON.stringify(rows))).stdout);
    const safe = JSON.parse((await runCliForTest(['fold', '--model', 'anthropic/claude-3-5-haiku-20241022', '--safe', '--json'], env(), JSON.stringify(rows))).stdout);
    expect(safe.counts.kept).toBeLessThan(plain.counts.kept);
    expect(safe.countedTokens).toBeLessThanOrEqual(safe.budget);
  });

  it('exits 2 with a clear message on bad input', async () => {
    const cases: [string[], string, RegExp][] = [
      [['fold', '--model', 'gpt-4.1'], '{nope', /standard input is not valid JSON/],
      [['fold', '--model', 'gpt-4.1'], '', /expects a conversation history as JSON on standard input: OpenAI chat messages, Anthropic messages or Loupe rows/],
      [['fold', '--model', 'gpt-4.1'], '[{"role":"user","content":3},{"role":"tool","toolName":"t","toolCallId":"c"}]', /^loupe fold: input\[0\]\.content: is number, expected a string or an array of content parts\. Expected OpenAI/],
      [['fold', '--model', 'gpt-4.1'], '[{"role":"tool","toolName":"t","toolCallId":"c"}]', /^loupe fold: input\[0\]: a tool row needs a result, or ok: false with an error\./],
      [['fold', '--model', 'gpt-4.1'], '{"data":[]}', /has no "messages" or "rows" array/],
      [['fold'], '[]', /--model ID is required/],
      [['fold', '--model', 'gpt-4.1', '--bogus'], '[]', /^loupe fold: unknown option --bogus\nUsage: loupe fold/],
    ];
    for (const [argv, stdin, message] of cases) {
      const { code, stdout, stderr } = await runCliForTest(argv, env(), stdin);
      expect({ code, stdout }, stdin).toEqual({ code: 2, stdout: '' });
      expect(stderr).toMatch(message);
      // One line of problem, then the usage line: never a page of schema errors.
      expect(stderr.trimEnd().split('\n').length, stdin).toBeLessThanOrEqual(2);
    }
  });

  it('reads OpenAI and Anthropic message arrays, and notes what it leaves out', async () => {
    const openai = {
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'read a.ts' }] },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'read', arguments: '{"path":"a.ts"}' } }] },
        { role: 'tool', tool_call_id: 'call_1', content: 'export {}' },
        { role: 'assistant', content: 'It is empty.' },
      ],
    };
    const a = await runCliForTest(['fold', '--model', 'gpt-4.1'], env(), JSON.stringify(openai));
    expect(a.code).toBe(0);
    expect(a.stdout).toMatch(/Keeps 4 of 4 rows \(read from OpenAI messages\): 0 dropped/);
    expect(a.stderr).toBe('loupe fold: note: 1 system prompt was left out: a system prompt is sent every turn, not trimmed as history.\n');
    const anthropic = [
      { role: 'user', content: 'read b.ts' },
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'b.ts' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'x' }] },
    ];
    const b = await runCliForTest(['fold', '--model', 'claude-sonnet-4-5', '--json'], env(), JSON.stringify(anthropic));
    expect(b.code).toBe(0);
    const out = JSON.parse(b.stdout);
    expect(out.input).toEqual({ shapes: ['anthropic'], notes: [] });
    expect(out.rows.map((r: FoldRow) => r.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it("resolves a short id to the maker's entry and says so; an ambiguous id lists the candidates", async () => {
    const short = await runCliForTest(['fold', '--model', 'CLAUDE-SONNET-4'], env(), '[{"role":"user","content":"hi"}]');
    expect(short.code).toBe(0);
    expect(short.stdout).toMatch(/^Model anthropic\/claude-sonnet-4-0 \(.*\): window 200,000 \(snapshot\)/m);
    expect(short.stdout).toMatch(/^"CLAUDE-SONNET-4" is not an exact id at Anthropic; using Anthropic's own anthropic\/claude-sonnet-4-0/m);
    // Offered by Azure (128k) and Ollama Cloud (163,840), not by DeepSeek itself in this catalog.
    const ambiguous = await runCliForTest(['fold', '--model', 'deepseek-v3.2'], env(), '[]');
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toBe(
      'loupe fold: "deepseek-v3.2" is ambiguous: 2 providers offer it with different windows, and none of them makes it: azure/deepseek-v3.2 (128,000), ollama-cloud/deepseek-v3.2 (163,840). Pass one of them as provider/model. (invalid-input)\n',
    );
  });
});
