// Evictions the model really loses, with the real CLIs: a run's thread shows the CLI's own
// segments on the wire; one evicted in X-Ray (`loupe xray evict`) is withheld from every
// later request of the thread's resumed CLI session (the scripted provider never receives
// its text, only Loupe's placeholder), the CLI finishes its turn normally with its tool
// calls still paired with their results, and X-Ray says how much was withheld; restored,
// the next request carries it again. claude and codex lose a file's tool result; gemini
// (whose resume of a turn that used a tool the API refuses, tier.ts) loses a reply.
// Skipped, in one line, where npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { afterAll, describe, expect, it } from 'vitest';
import type { Segment, ThreadManifest } from '../../../shared/contract/xray';
import type { AgentBin } from '../../core/testing/agents';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import { pairingProblem } from '../../core/testing/wire-requests';
import { parseRequest } from '../../core/wire/parse';
import type { WireProvider } from '../../core/wire/providers';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const PROVIDER: Record<AgentBin, WireProvider> = { claude: 'anthropic', codex: 'openai', gemini: 'gemini' };
const skip = tierSkipReason();

afterAll(() => removeTempDirs());

/** The model calls the provider received (the turns and the CLI's side calls). */
const modelCalls = (bin: AgentBin, requests: readonly RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && parseRequest(PROVIDER[bin], 'POST', r.path.split('?')[0]!, Buffer.from(r.bodyText)) !== null);

/** A placeholder provider address for the home, set again once the provider listens. */
const provider0 = (_bin: AgentBin) => 'http://127.0.0.1:9';

describe.skipIf(skip !== null)('evictions on the wire with the real CLIs', () => {
  for (const bin of ['claude', 'codex', 'gemini'] as const) {
    it(`${bin}: an evicted segment is withheld from the resumed session's requests, and restored it is back`, async () => {
      const agent = TIER_AGENTS[bin];
      const first = `EVICT-FIRST-${bin}-7c1f`;
      const second = `EVICT-SECOND-${bin}-9a2e`;
      const third = `EVICT-THIRD-${bin}-4d8b`;
      let secondPath = '';
      const notes = Array.from({ length: 60 }, (_, i) => `Line ${i} of the notes: item ${i * 7} is filed under ${String.fromCharCode(65 + (i % 26))}.`).join('\n');
      // gemini's first turn makes no tool call (its resume of one is refused): its reply carries the marker.
      const replyWithMarker = bin === 'gemini';
      const pathIn = (r: RecordedRequest, name: string) => new RegExp(`(/\\S*${name})`).exec(r.lastInput)?.[1];
      const home = tierHome(agent, provider0(bin));
      let threadId = '';
      let target: Segment | undefined;
      const cli = async (args: string[]) => {
        const r = await runCliForTest(args, home.env);
        expect(r.code, `${r.stderr}\n${r.stdout.replace(/"sections"[\s\S]*?"presetRef"/g, "").slice(0, 6000)}`).toBe(0);
        return r;
      };
      const xray = async () => JSON.parse((await cli(['xray', threadId, '--json'])).stdout) as ThreadManifest;
      const isTarget = (s: Segment) =>
        s.wire !== undefined && (replyWithMarker ? s.kind === 'assistant' && s.preview.includes(first) : (s.kind === 'tool' || s.kind === 'file-read') && (s.preview.includes(first) || s.preview.includes('ref-notes.md')));
      let evictedAt = -1;
      let holdError: Error | null = null;
      /** The user's eviction in X-Ray, while the CLI waits: the target is found on the wire and evicted. */
      const evictNow = async () => {
        // The request before this one is recorded when its response has ended: wait for it (a few seconds at most).
        let manifest = await xray();
        for (let i = 0; i < 40 && !manifest.segments.some(isTarget); i++) {
          await new Promise((r) => setTimeout(r, 250));
          manifest = await xray();
        }
        target = manifest.segments.find(isTarget);
        expect(target, JSON.stringify(manifest.segments.map((s) => [s.kind, s.preview.slice(0, 80), s.wire]))).toBeDefined();
        const evicted = await cli(['xray', 'evict', threadId, target!.id]);
        expect(evicted.stderr).toContain("withholds it from the CLI's next request");
        expect(evicted.stderr).toContain('prompt cache is invalidated');
        evictedAt = provider.requests.length;
      };
      const provider = await startProvider(agent.api, {
        script: {
          turns: [
            { when: (r) => r.toolResults.some((t) => t.includes(third)), reply: { text: 'The files are read.' } },
            {
              when: (r) => r.toolResults.some((t) => t.includes(second)),
              times: 1,
              reply: () => ({ toolCalls: [agent.readTool(secondPath.replace(/second\.md$/, 'third.md'))] }),
              // Mid-session: while the CLI waits for this answer, the user evicts the segment in X-Ray.
              async hold() {
                holdError = null;
                try {
                  await evictNow();
                } catch (err) {
                  holdError = err as Error;
                  throw err;
                }
              },
            },
            { when: (r) => r.toolResults.some((t) => t.includes(first)), reply: { text: 'The first file is read.' } },
            {
              when: /read the second file/i,
              reply: (r) => {
                secondPath = pathIn(r, 'second\\.md') ?? '';
                return secondPath ? { toolCalls: [agent.readTool(secondPath)] } : { text: 'no second file named' };
              },
            },
            {
              when: /reference notes/i,
              reply: (r) =>
                replyWithMarker
                  ? { text: `The notes say ${first}.\n${notes}` }
                  : pathIn(r, 'ref-notes\\.md')
                    ? { toolCalls: [agent.readTool(pathIn(r, 'ref-notes\\.md')!)] }
                    : { text: 'no file named' },
            },
          ],
          otherwise: { text: 'Done.' },
        },
      });
      Object.assign(home.env, agent.configure(home.home, provider.url));
      try {
        const repo = makeRepo({ 'README.md': '# evict\n', 'docs/ref-notes.md': `Notes.\n${first}\n${notes}\n`, 'docs/second.md': `Second.\n${second}\n`, 'docs/third.md': `Third.\n${third}\n` });
        const run = async (ask: string, files: string[]) =>
          JSON.parse((await cli(['run', '--repo', repo, '--agent', bin, ...(threadId ? ['--thread', threadId] : []), '--ask', ask, '--json', ...files])).stdout) as {
            runId: string;
            threadId: string;
            status: string;
          };

        // Turn 1: the CLI reads the notes (gemini: replies with their marker).
        const one = await run('Read the reference notes and say what they hold.', ['docs/ref-notes.md']);
        expect(one.status).toBe('succeeded');
        threadId = one.threadId;

        // Turn 2, the CLI's own session resumed; evicted while it waits for its first answer: no later request carries the text.
        const sentBefore = provider.requests.length;
        const two = await run('Now read the second file, then the third.', ['docs/second.md', 'docs/third.md']).catch((err: Error) => {
          throw holdError ?? err;
        });
        // Set by the provider's hold (a closure the compiler does not follow).
        const failed = holdError as Error | null;
        if (failed) throw failed;
        expect(two.status).toBe('succeeded');
        expect(evictedAt, JSON.stringify(provider.requests.slice(sentBefore).map((r) => [r.purpose, r.turn, r.reply?.status, r.lastInput.slice(0, 300)]))).toBeGreaterThan(sentBefore);
        const later = modelCalls(bin, provider.requests.slice(evictedAt));
        const main = later.filter((r) => r.bodyText.includes('read the second file'));
        expect(main.length).toBeGreaterThanOrEqual(1);
        for (const r of later) expect(r.bodyText).not.toContain(first);
        for (const r of main) {
          expect(r.bodyText).toContain(`restore segment ${target!.id}`);
          expect(pairingProblem(PROVIDER[bin], r.json)).toBeNull();
        }
        // The turn finished normally: the third file was read after the eviction, and answered.
        expect(main.at(-1)!.toolResults.some((t) => t.includes(third))).toBe(true);
        expect(main.at(-1)!.reply?.text).toBe('The files are read.');
        const after = await xray();
        expect(after.segments.find((s) => s.id === target!.id)).toMatchObject({ status: 'evicted', wire: { withheld: true } });
        expect(after.wire!.requests.some((q) => q.withheldSegments >= 1 && q.withheldBytes > 0 && q.forwardedBytes < q.bodyBytes)).toBe(true);

        // Restored: the next turn's request carries the segment again.
        await cli(['xray', 'restore', threadId, target!.id]);
        const sentRestore = provider.requests.length;
        const three = await run('Say thanks.', []);
        expect(three.status).toBe('succeeded');
        const turnThree = modelCalls(bin, provider.requests.slice(sentRestore)).filter((r) => r.bodyText.includes('Say thanks') && r.reply?.status === 200);
        expect(turnThree.length).toBeGreaterThanOrEqual(1);
        expect(turnThree.at(-1)!.bodyText).toContain(first);
        expect(turnThree.at(-1)!.bodyText).not.toContain('Loupe withheld');
        // On the wire itself: every request of the resumed CLI session (it carries turn two, the second file) has the segment back,
        // gemini's too (its resume is refused by the API, tier.ts, after the relay forwarded it; the fallback's prompt is Loupe's own).
        const resumed = modelCalls(bin, provider.requests.slice(sentRestore)).filter((r) => r.purpose !== 'utility' && r.bodyText.includes('Say thanks') && r.bodyText.includes(second));
        expect(resumed.length).toBeGreaterThanOrEqual(1);
        for (const r of resumed) {
          expect(r.bodyText).toContain(first);
          expect(r.bodyText).not.toContain('Loupe withheld');
        }
      } finally {
        await provider.close();
      }
    }, 300_000);
  }
});

if (skip) console.log(`wire evictions ${skip}`);
