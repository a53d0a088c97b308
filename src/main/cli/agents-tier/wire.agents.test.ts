// The wire with the real CLIs: a `loupe run` of claude, codex and gemini goes through
// Loupe's relay by default, and what the wire recorded is what the scripted provider
// received: as many model requests, the same bytes each, the same split. Skipped, in
// one line, where npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { afterAll, describe, expect, it } from 'vitest';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import type { AgentBin } from '../../core/testing/agents';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import { parseRequest } from '../../core/wire/parse';
import type { WireProvider } from '../../core/wire/providers';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const PROVIDER: Record<AgentBin, WireProvider> = { claude: 'anthropic', codex: 'openai', gemini: 'gemini' };
const skip = tierSkipReason();

afterAll(() => removeTempDirs());

describe.skipIf(skip !== null)('the wire with the real CLIs', () => {
  for (const bin of ['claude', 'codex', 'gemini'] as const) {
    it(`records every model request ${bin} sends, as the provider received it`, async () => {
      const agent = TIER_AGENTS[bin];
      const marker = `WIRE-MARKER-${bin}`;
      const provider = await startProvider(agent.api, {
        script: {
          turns: [
            { when: (r) => r.toolResults.some((t) => t.includes(marker)), reply: { text: `Quoted ${marker}`, usage: { input: 900, cacheRead: 300, output: 9 } } },
            {
              reply: (r) => {
                const path = /(\/\S*ref-notes\.md)/.exec(r.lastInput)?.[1];
                return path ? { toolCalls: [agent.readTool(path)], usage: { input: 800, output: 4 } } : { text: 'no file named', usage: { input: 700, output: 3 } };
              },
            },
          ],
        },
      });
      try {
        const home = tierHome(agent, provider.url);
        const repo = makeRepo({ 'README.md': '# wire\n', 'docs/ref-notes.md': `Notes.\n${marker}\n` });
        const ran = await runCliForTest(['run', '--repo', repo, '--agent', bin, '--ask', 'Read the reference notes and quote the marker line.', '--json', 'docs/ref-notes.md'], home.env);
        expect(ran.code, ran.stderr).toBe(0);
        const runId = (JSON.parse(ran.stdout) as { runId: string }).runId;
        const shown = JSON.parse((await runCliForTest(['runs', 'show', runId, '--json'], home.env)).stdout) as { wire: { sessions: string[]; notes: string[] } };
        expect(shown.wire.notes).toEqual([]);
        const details: WireSessionDetail[] = [];
        for (const id of shown.wire.sessions) details.push(JSON.parse((await runCliForTest(['wire', 'show', id, '--json'], home.env)).stdout) as WireSessionDetail);
        const recorded = details.flatMap((d) => d.requests.filter((r) => r.api !== null));
        // Every model call the server answered (the turns and the CLI's side calls), in order.
        const received: RecordedRequest[] = provider.requests.filter((r) => r.method === 'POST' && parseRequest(PROVIDER[bin], 'POST', r.path.split('?')[0]!, Buffer.from(r.bodyText)) !== null);
        expect(received.length).toBeGreaterThanOrEqual(2);
        expect(recorded.map((r) => r.requestBytes)).toEqual(received.map((r) => Buffer.byteLength(r.bodyText)));
        for (const [i, r] of recorded.entries()) {
          const parsed = parseRequest(PROVIDER[bin], 'POST', received[i]!.path.split('?')[0]!, Buffer.from(received[i]!.bodyText))!;
          expect(r.split).toMatchObject({ systemBytes: parsed.systemBytes, toolBytes: parsed.toolBytes, messageBytes: parsed.messageBytes });
          expect(r.status).toBe(received[i]!.reply?.status ?? 200);
        }
        // The turn that read the file: its tool result is a segment, and the provider's usage is on it.
        const last = details.at(-1)!.request!;
        expect(last.segments.some((s) => s.kind === 'tool')).toBe(true);
        expect(last.usage?.input).toBe(1200); // 900 + 300 read from cache, in every API's terms
        expect(last.tools.length).toBeGreaterThan(0);
      } finally {
        await provider.close();
      }
    }, 180_000);
  }
});

if (skip) console.log(`wire ${skip}`);
