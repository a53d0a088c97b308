// The agents tier through the app's browser host: a claude run started and followed over the
// host's HTTP contract (what the renderer calls), against a scripted Anthropic provider.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../shared/contract/runs';
import { makeRepo, makeRuntime, removeTempDirs, tempDir } from '../../core/testing/fixtures';
import { startProvider } from '../../core/testing/providers';
import { startHost } from '../../host/server';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

afterAll(removeTempDirs);

describe.skipIf(tierSkipReason() !== null)('agents tier: the real claude through the browser host', () => {
  it('runs.start over HTTP: the agent reads the staged file with its tool, the run and its evidence come back over runs.get', async () => {
    const agent = TIER_AGENTS.claude;
    const marker = `HOST-MARKER-${randomBytes(4).toString('hex')}`;
    const provider = await startProvider('anthropic', {
      script: {
        turns: [
          { when: (r) => r.toolResults.some((t) => t.includes(marker)), reply: { text: `Quoted: ${marker}`, usage: { input: 1500, output: 9, cacheRead: 70, cacheWrite: 11 } } },
          { when: 'through the host', reply: (r) => ({ toolCalls: [agent.readTool(/(\/\S*notes\.md)/.exec(r.lastInput)![1]!)], usage: { input: 1400, output: 4 } }) },
        ],
      },
    });
    const home = tierHome(agent, provider.url);
    const runtime = makeRuntime({ env: home.env, userDataDir: home.env.LOUPE_USER_DATA });
    const host = await startHost({ runtime, rendererDir: tempDir() });
    try {
      const call = async <T>(method: string, body: unknown): Promise<T> => {
        const res = await fetch(`http://127.0.0.1:${host.port}/api/rpc/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-loupe-token': host.token },
          body: JSON.stringify(body),
        });
        const doc = (await res.json()) as { ok: boolean; result?: T; error?: unknown };
        if (!doc.ok) throw new Error(`${method}: ${JSON.stringify(doc.error)}`);
        return doc.result as T;
      };
      const repo = makeRepo({ 'notes.md': `Host notes.\n${marker}\n` });
      const started = await call<RunDetail>('runs.start', { repo, ask: 'Quote the marker, through the host.', paths: ['notes.md'], attachments: [], settings: { agent: 'claude', loop: {} } });
      let detail = started;
      for (let i = 0; i < 600 && detail.run.status === 'running'; i++) {
        await new Promise((r) => setTimeout(r, 200));
        detail = await call<RunDetail>('runs.get', { runId: started.run.id });
      }
      expect(detail.run.status, JSON.stringify(detail.events.slice(-5))).toBe('succeeded');
      const turns = provider.turns();
      expect(turns).toHaveLength(2);
      expect(turns[1]!.toolResults.join('\n')).toContain(marker);
      const texts = detail.events.flatMap((e) => (e.event.type === 'agent' && e.event.event.type === 'text' ? [e.event.event.text] : []));
      expect(texts).toContain(`Quoted: ${marker}`);
      expect(detail.steps[0]).toMatchObject({ kind: 'fresh', outcome: 'launched', agentVersion: '2.1.332' });
      expect(detail.steps[0]!.reported).toMatchObject({ inputTokens: 2900, outputTokens: 13, cacheReadTokens: 70, cacheCreationTokens: 11, contextTokens: 1581, promptTokens: 1400 });
    } finally {
      await host.close();
      await runtime.close();
      await provider.close();
    }
  }, 120_000);
});
