// `loupe run` and the wire (issue 31): with nothing set on a fresh data folder, a claude run
// records its requests; a request-budget block exits 3 and `loupe runs show --json` carries
// the request budget and the blocked request (not `budget: null, exceeded: []` alone). A
// stand-in claude that sends one real request through the relay to a scripted provider.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../shared/contract/runs';
import { fakeWireClaudeDir } from '../../core/testing/fake-wire-claude';
import { makeRepo, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { startProvider, type ScriptedProvider } from '../../core/testing/providers';
import { runCliForTest as cli } from '../testing';

let provider: ScriptedProvider | null = null;
afterEach(async () => {
  await provider?.close();
  provider = null;
});
afterAll(removeTempDirs);

async function envFor(): Promise<NodeJS.ProcessEnv> {
  provider = await startProvider('anthropic', { script: { turns: [{ reply: { text: 'hello', usage: { input: 30, output: 2 } } }] } });
  return { PATH: process.env.PATH, HOME: tempDir(), LOUPE_USER_DATA: tempDir(), LOUPE_AGENT_PATH: fakeWireClaudeDir(), ANTHROPIC_BASE_URL: provider.url, ANTHROPIC_API_KEY: 'sk-ant-cli-not-a-key' };
}

describe('loupe run on the wire', () => {
  it('records a claude run by default on a fresh data folder', async () => {
    const env = await envFor();
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const ran = await cli(['run', '--repo', repo, '--ask', 'Say hello', '--agent', 'claude', '--json', 'a.txt'], env);
    expect(ran.code, ran.stderr).toBe(0);
    const { runId } = JSON.parse(ran.stdout) as { runId: string };
    const shown = JSON.parse((await cli(['runs', 'show', runId, '--json'], env)).stdout) as Pick<RunDetail, 'steps' | 'wire'>;
    expect(shown.wire.sessions).toHaveLength(1);
    expect(shown.wire.steps[0]).toMatchObject({ requests: 1, reportedInput: 30 });
    expect(provider!.turns()).toHaveLength(1);
  });

  it('a request-budget block: exit 3, and runs show --json names the request budget and the blocked request', async () => {
    const env = await envFor();
    const repo = makeRepo({ 'a.txt': 'alpha\n' });
    const ran = await cli(['run', '--repo', repo, '--ask', 'Say hello', '--agent', 'claude', '--max-request-bytes', '300', '--json', 'a.txt'], env);
    expect(ran.code).toBe(3);
    const { runId } = JSON.parse(ran.stdout) as { runId: string };
    const shown = JSON.parse((await cli(['runs', 'show', runId, '--json'], env)).stdout) as Pick<RunDetail, 'steps' | 'wire'>;
    const step = shown.steps[0]!;
    expect(step).toMatchObject({ outcome: 'blocked', budget: null, exceeded: [], requestBudget: { maxRequestBytes: 300, policy: 'block' } });
    expect(step.wireBlock).toMatchObject({ seq: 1, exceeded: [{ ceiling: 'maxRequestBytes', limit: 300 }] });
    expect(provider!.turns()).toHaveLength(0);
    const text = (await cli(['runs', 'show', runId], env)).stdout;
    expect(text).toContain('request budget (on the wire): block at 300 bytes per request');
    expect(text).toMatch(/blocked on the wire: request 1 of \S+, maxRequestBytes [\d,]+ > 300/);
  });
});
