// The wire with the real CLIs: a `loupe run` of claude, codex and gemini goes through
// Loupe's relay by default, and what the wire recorded is what the scripted provider
// received: as many model requests, the same bytes each, the same split. The file the
// agent reads holds a secret: by default (warn) the provider receives it as read, and the
// run records a warning (kind, where; never the value): the issue 21 case that shares
// this run (wire-enforce.agents.test.ts has the redact one). Skipped, in one line, where
// npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../shared/contract/runs';
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

// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Vb8Nc3Rt6Yh1'.repeat(3)}`;

describe.skipIf(skip !== null)('the wire with the real CLIs', () => {
  for (const bin of ['claude', 'codex', 'gemini'] as const) {
    it(`records every model request ${bin} sends, as the provider received it`, async () => {
      const agent = TIER_AGENTS[bin];
      const marker = `WIRE-MARKER-${bin}`;
      const repo = makeRepo({ 'README.md': '# wire\n', 'docs/ref-notes.md': `Notes.\nGITHUB_TOKEN=${SECRET}\n${marker}\n` });
      const file = join(repo, 'docs/ref-notes.md');
      const provider = await startProvider(agent.api, {
        script: {
          turns: [
            { when: (r) => r.toolResults.some((t) => t.includes(marker)), reply: { text: `Quoted ${marker}`, usage: { input: 900, cacheRead: 300, output: 9 } } },
            // Not staged (a staged copy is redacted): the agent reads the repository's own file.
            { reply: { toolCalls: [agent.readTool(file)], usage: { input: 800, output: 4 } } },
          ],
        },
      });
      try {
        const home = tierHome(agent, provider.url);
        const ran = await runCliForTest(['run', '--repo', repo, '--agent', bin, '--ask', 'Read docs/ref-notes.md and quote the marker line.', '--json'], home.env);
        expect(ran.code, ran.stderr).toBe(0);
        const runId = (JSON.parse(ran.stdout) as { runId: string }).runId;
        const shown = JSON.parse((await runCliForTest(['runs', 'show', runId, '--json'], home.env)).stdout) as Pick<RunDetail, 'wire'>;
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

        // The secret in the file (warn, the default): the provider received it as the tool read it; the run warns, without the value.
        expect(received.at(-1)!.toolResults.some((t) => t.includes(SECRET) && t.includes(marker))).toBe(true);
        expect(shown.wire.steps.flatMap((s) => s.warnings)).toContainEqual(expect.objectContaining({ kind: 'secret', action: 'warn', text: expect.stringContaining('a tool result') }));
        const value = SECRET.slice(4, 16);
        // Not in what the wire recorded (the run's wire, every request's record); the run's own log keeps what the CLI printed.
        expect(JSON.stringify(shown.wire) + JSON.stringify(details)).not.toContain(value);
      } finally {
        await provider.close();
      }
    }, 180_000);
  }
});

if (skip) console.log(`wire ${skip}`);
