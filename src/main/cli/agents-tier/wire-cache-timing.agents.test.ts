// Evictions priced and timed by the cache (issue 37), with the real claude CLI against a scripted
// Anthropic provider that reports cache reads and writes on every reply: X-Ray's break-even for
// a segment equals the one computed from the recorded request's usage; evicted by default, it is
// pending (the provider keeps receiving it) while the cache is warm, and withheld from the first
// request after the cache's lifetime (LOUPE_CACHE_LIFETIME_SECONDS, here seconds, not 5 minutes);
// one evicted with --now is withheld from the very next request. The bodies the provider received
// prove each. Skipped, in one line, where npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { afterAll, describe, expect, it } from 'vitest';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import type { WireSessionSummary } from '../../../shared/contract/wire';
import type { Segment, ThreadManifest } from '../../../shared/contract/xray';
import { breakEvenFromRecord } from '../../core/testing/eviction-price';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import { parseRequest } from '../../core/wire/parse';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());

/** Long enough for the next turn to start inside it on a loaded machine; the test waits it out once. */
const LIFETIME_S = 30;

const mainCalls = (requests: readonly RecordedRequest[], text: string) =>
  requests.filter((r) => r.method === 'POST' && r.bodyText.includes(text) && (parseRequest('anthropic', 'POST', r.path.split('?')[0]!, Buffer.from(r.bodyText))?.tools.length ?? 0) > 0);

describe.skipIf(skip !== null)('evictions timed by the cache with the real claude CLI', () => {
  it("the shown break-even is the recorded usage's; deferred until the cache's lifetime, and --now on the next request", async () => {
    const agent = TIER_AGENTS.claude;
    const first = 'CACHE-FIRST-5e1a';
    const big = 'CACHE-BIG-77c3';
    const second = 'CACHE-SECOND-2b9d';
    const third = 'CACHE-THIRD-c4f0';
    const pathIn = (r: RecordedRequest, name: string) => new RegExp(`(/\\S*${name})`).exec(r.lastInput)?.[1];
    const home = tierHome(agent, 'http://127.0.0.1:9');
    home.env.LOUPE_CACHE_LIFETIME_SECONDS = String(LIFETIME_S);
    const cli = async (args: string[]) => {
      const r = await runCliForTest(args, home.env);
      expect(r.code, `${r.stderr}\n${r.stdout.slice(0, 3000)}`).toBe(0);
      return r;
    };
    // A warm cache on every reply: most of the prompt read, a little written.
    const usage = { input: 30, cacheRead: 200_000, cacheWrite: 2_000 };
    const read = (marker: string, file: string, next?: string) => ({
      when: (r: RecordedRequest) => r.toolResults.some((t) => t.includes(marker)),
      reply: (r: RecordedRequest) => (next ? { toolCalls: [agent.readTool(paths.get(next)!)], usage } : { text: `Read ${file}.`, usage }),
    });
    const paths = new Map<string, string>();
    const ask = (pattern: RegExp, file: string) => ({
      when: pattern,
      reply: (r: RecordedRequest) => {
        const path = pathIn(r, file.replace('.', '\\.'));
        if (path) paths.set(file, path);
        return path ? { toolCalls: [agent.readTool(path)], usage } : { text: `no ${file} named`, usage };
      },
    });
    const provider = await startProvider(agent.api, {
      script: {
        turns: [
          read(big, 'big.md'),
          {
            when: (r) => r.toolResults.some((t) => t.includes(first)),
            // The big file sits beside the notes.
            reply: () => ({ toolCalls: [agent.readTool(paths.get('ref-notes.md')!.replace(/ref-notes\.md$/, 'big.md'))], usage }),
          },
          read(second, 'second.md'),
          read(third, 'third.md'),
          ask(/reference notes/i, 'ref-notes.md'),
          ask(/read the second file/i, 'second.md'),
          ask(/read the third file/i, 'third.md'),
        ],
        otherwise: { text: 'Thanks.', usage },
      },
    });
    Object.assign(home.env, agent.configure(home.home, provider.url));
    try {
      const notes = Array.from({ length: 30 }, (_, i) => `Note ${i}: item ${i * 3} is filed under ${String.fromCharCode(65 + (i % 26))}.`).join('\n');
      const bigText = Array.from({ length: 600 }, (_, i) => `Line ${i} of the big file holds the value ${i * 13}.`).join('\n');
      const repo = makeRepo({
        'README.md': '# cache\n',
        'docs/ref-notes.md': `Notes.\n${first}\n${notes}\n`,
        'docs/big.md': `Big.\n${big}\n${bigText}\n`,
        'docs/second.md': `Second.\n${second}\n${notes}\n`,
        'docs/third.md': `Third.\n${third}\n`,
      });
      let threadId = '';
      const run = async (text: string, files: string[]) => {
        const out = JSON.parse((await cli(['run', '--repo', repo, '--agent', 'claude', '--model', 'claude-sonnet-4-5', ...(threadId ? ['--thread', threadId] : []), '--ask', text, '--json', ...files])).stdout) as {
          threadId: string;
          status: string;
        };
        expect(out.status).toBe('succeeded');
        threadId = out.threadId;
      };
      const xray = async () => JSON.parse((await cli(['xray', threadId, '--json'])).stdout) as ThreadManifest;
      const segmentWith = (m: ThreadManifest, marker: string, file: string) =>
        m.segments.find((s: Segment) => s.wire !== undefined && (s.kind === 'tool' || s.kind === 'file-read') && (s.preview.includes(marker) || s.label?.includes(file) === true));
      /** The thread's latest main request as recorded (the one X-Ray prices against). */
      const latestMain = async () => {
        const sessions = JSON.parse((await cli(['wire', 'list', '--json'])).stdout) as WireSessionSummary[];
        for (const s of sessions) {
          const detail = JSON.parse((await cli(['wire', 'show', s.id, '--json'])).stdout) as WireSessionDetail;
          for (const q of [...detail.requests].reverse()) {
            if (q.api === null) continue;
            const full = (JSON.parse((await cli(['wire', 'show', s.id, '--request', String(q.seq), '--json'])).stdout) as WireSessionDetail).request!;
            if (full.tools.length > 0) return full;
          }
        }
        throw new Error('no main request recorded');
      };

      // Turn 1: the notes (the segment to evict), then a big file after them.
      await run('Read the reference notes, then the big file.', ['docs/ref-notes.md', 'docs/big.md']);
      const before = await xray();
      const target = segmentWith(before, first, 'ref-notes.md');
      expect(target?.eviction?.price, JSON.stringify(before.segments.map((s) => [s.kind, s.label, s.preview.slice(0, 60)]))).toBeTruthy();
      const price = target!.eviction!.price!;
      expect(price.cacheReported).toBe(true);
      expect(price.basis).toBe('list price');
      // The break-even X-Ray shows is the one the recorded request's usage gives.
      const recorded = await latestMain();
      expect(price.breakEven).toEqual({ kind: 'requests', requests: breakEvenFromRecord(recorded, target!.id) });
      expect(price.breakEven.kind === 'requests' && price.breakEven.requests, JSON.stringify({ target, segs: recorded.segments.map((g) => [g.kind, g.tokens.tokens, g.preview.slice(0, 50)]), usage: recorded.usage, split: recorded.split })).toBeGreaterThan(2);

      // Evicted by default: pending, with its price said before it applies.
      const evicted = await cli(['xray', 'evict', threadId, target!.id]);
      expect(evicted.stderr).toContain('pending: still sent');
      expect(evicted.stderr).toMatch(/pays back after \d+ requests/);
      expect(evicted.stderr).toContain('--now');
      expect(segmentWith(await xray(), first, 'ref-notes.md')!.eviction!.state).toBe('pending');

      // Turn 2, inside the cache's lifetime: the provider receives the notes on every request.
      const sent2 = provider.requests.length;
      await run('Now read the second file.', ['docs/second.md']);
      const turn2 = mainCalls(provider.requests.slice(sent2), 'read the second file');
      expect(turn2.length).toBeGreaterThanOrEqual(2);
      for (const r of turn2) {
        expect(r.bodyText).toContain(first);
        expect(r.bodyText).not.toContain('Loupe withheld');
      }
      const afterTwo = await latestMain();
      expect(afterTwo.enforcement?.evictions?.pending?.map((p) => p.id)).toContain(target!.id);
      expect(segmentWith(await xray(), first, 'ref-notes.md')!.eviction!.state).toBe('pending');

      // The cache's lifetime passes with no request; turn 3's first request is the first after it: withheld there and after.
      const ended = Date.parse(afterTwo.at) + afterTwo.durationMs;
      await new Promise((r) => setTimeout(r, Math.max(0, ended + LIFETIME_S * 1000 + 500 - Date.now())));
      const sent3 = provider.requests.length;
      await run('Now read the third file.', ['docs/third.md']);
      const turn3 = mainCalls(provider.requests.slice(sent3), 'read the third file');
      expect(turn3.length).toBeGreaterThanOrEqual(2);
      for (const r of turn3) {
        expect(r.bodyText).not.toContain(first);
        expect(r.bodyText).toContain(`restore segment ${target!.id}`);
      }
      const applied = segmentWith(await xray(), first, 'ref-notes.md')!;
      expect(applied.eviction).toMatchObject({ state: 'applied', applied: { reason: 'lifetime' } });

      // Apply now: the second file's result, withheld from the very next request with the cache warm.
      const secondSeg = segmentWith(await xray(), second, 'second.md')!;
      const now = await cli(['xray', 'evict', '--now', threadId, secondSeg.id]);
      expect(now.stderr).toContain("withholds it from the CLI's next request");
      const sent4 = provider.requests.length;
      await run('Say thanks.', []);
      const turn4 = mainCalls(provider.requests.slice(sent4), 'Say thanks');
      expect(turn4.length).toBeGreaterThanOrEqual(1);
      expect(turn4[0]!.bodyText).not.toContain(second);
      expect(turn4[0]!.bodyText).not.toContain(first);
      expect(segmentWith(await xray(), second, 'second.md')!.eviction).toMatchObject({ state: 'applied', applied: { reason: 'now' } });
    } finally {
      await provider.close();
    }
  }, 400_000);
});

if (skip) console.log(`wire cache timing ${skip}`);
