// The wire tells the truth (issue 31's matrix) with the real gemini against the scripted Gemini
// provider that saves every body. gemini's resume of a turn that used a tool is refused by the
// API (tier.ts), so its conversation here is asks and replies: {evict, summarize, pin, restore}
// on the thread's resumed CLI session × {redact, warn}, a reply that held a secret evicted, then
// the thread as a fresh session, then block and warn on the request budget; asserted on the
// bodies the provider received and on `loupe wire show --json` and `loupe xray --json`.
// Skipped, in one line, where npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../shared/contract/runs';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import type { Segment, ThreadManifest } from '../../../shared/contract/xray';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import { parseRequest } from '../../core/wire/parse';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());

// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Lk8Jh5Gf2Ds1'.repeat(3)}`;
const marker = (name: string) => `GEMINI-TRUTH-${name.toUpperCase()}-MARKER`;
const ledger = (name: string, secret = false) =>
  [`${marker(name)}`, ...Array.from({ length: 8 }, (_, i) => `Entry ${i} of the ${name} ledger sits on rack ${name}-${i * 11}.`), ...(secret ? [`GITHUB_TOKEN=${SECRET}`] : [])].join('\n');
const SUMMARY = 'The second ledger lists eight racks.';
const modelCalls = (requests: readonly RecordedRequest[]) => requests.filter((r) => r.method === 'POST' && parseRequest('gemini', 'POST', r.path.split('?')[0]!, Buffer.from(r.bodyText)) !== null);

describe.skipIf(skip !== null)('the wire tells the truth with the real gemini', () => {
  for (const secrets of ['redact', 'warn'] as const) {
    it(`gemini, secrets ${secrets}: evict, summarize, pin and restore on the resumed session, then fresh; block and warn`, async () => {
      const agent = TIER_AGENTS.gemini;
      const provider = await startProvider(agent.api, {
        script: {
          turns: [
            // A fresh session's one prompt holds the whole history: its own ask is matched first.
            { when: /fresh look/i, reply: { text: 'Looked again.' } },
            { when: /first ledger/i, reply: { text: `The first ledger:\n${ledger('evict', true)}` } },
            { when: /second ledger/i, reply: { text: `The second ledger:\n${ledger('summarize')}` } },
            { when: /say done/i, reply: { text: 'Done.' } },
          ],
          otherwise: { text: 'Noted.' },
        },
      });
      try {
        const home = tierHome(agent, provider.url);
        const repo = makeRepo({ 'README.md': '# gemini truth\n' });
        const cli = async (args: string[], code = 0) => {
          const r = await runCliForTest(args, home.env);
          expect(r.code, `${args.join(' ')}\n${r.stderr}\n${r.stdout.slice(0, 3000)}`).toBe(code);
          return r;
        };
        let threadId = '';
        const run = async (ask: string, extra: string[] = [], code = 0) => {
          const r = await cli(['run', '--repo', repo, '--agent', 'gemini', '--wire-secrets', secrets, ...(threadId ? ['--thread', threadId] : []), '--ask', ask, '--json', ...extra], code);
          return JSON.parse(r.stdout) as { runId: string; threadId: string; status: string };
        };
        const xray = async () => JSON.parse((await cli(['xray', threadId, '--json'])).stdout) as ThreadManifest;

        const one = await run(`Tell me the first ledger, ${marker('pin-ask')}.`);
        expect(one.status).toBe('succeeded');
        threadId = one.threadId;
        expect((await run(`Now the second ledger, ${marker('restore-ask')}.`)).status).toBe('succeeded');
        const before = await xray();
        const shownAs = JSON.stringify(before.segments.map((s) => [s.id, s.kind, s.preview.slice(0, 60), s.wire]));
        const only = (pick: (s: Segment) => boolean): Segment => {
          const found = before.segments.filter(pick);
          expect(found.map((s) => [s.id, s.kind]), shownAs).toHaveLength(1);
          return found[0]!;
        };
        // On the wire each ask is the prompt Loupe gave gemini (its notes, then the task): turn 1's, then turn 2's.
        const asks = before.segments.filter((s) => s.wire !== undefined && s.kind === 'user' && s.preview.startsWith('# Notes from Loupe'));
        expect(asks, shownAs).toHaveLength(2);
        const seg = {
          evict: only((s) => s.wire !== undefined && s.kind === 'assistant' && s.preview.includes(marker('evict'))),
          // The thread's last reply: in no request yet; the relay withholds it from the next one that carries it.
          summarize: only((s) => s.kind === 'assistant' && s.preview.includes(marker('summarize'))),
          pin: asks[0]!,
          restore: asks[1]!,
        };
        await cli(['xray', 'evict', threadId, seg.evict.id]);
        await cli(['xray', 'summarize', threadId, seg.summarize.id, '--summary', SUMMARY]);
        await cli(['xray', 'pin', threadId, seg.pin.id]);
        await cli(['xray', 'evict', threadId, seg.restore.id]);
        await cli(['xray', 'restore', threadId, seg.restore.id]);

        // Resumed: every request that carries the conversation has it as directed.
        const sent = provider.requests.length;
        const three = await run('Say done.');
        expect(three.status).toBe('succeeded');
        const carried = modelCalls(provider.requests.slice(sent)).filter((r) => r.bodyText.includes(marker('pin-ask')));
        expect(carried.length).toBeGreaterThanOrEqual(1);
        for (const r of carried) {
          expect(r.bodyText).not.toContain(marker('evict'));
          expect(r.bodyText).not.toContain(SECRET.slice(4, 16));
          expect(r.bodyText).toContain(`restore segment ${seg.evict.id}`);
          expect(r.bodyText).not.toContain(marker('summarize'));
          expect(r.bodyText).toContain(SUMMARY);
          expect(r.bodyText).toContain(marker('restore-ask'));
        }
        const detail = JSON.parse((await cli(['runs', 'show', three.runId, '--json'])).stdout) as Pick<RunDetail, 'wire'>;
        const shown = await Promise.all(detail.wire.sessions.map(async (id) => JSON.parse((await cli(['wire', 'show', id, '--json'])).stdout) as WireSessionDetail));
        const main = shown.flatMap((s) => (s.request?.segments.some((g) => g.id === seg.pin.id) ? [s.request] : []));
        expect(main.length).toBeGreaterThanOrEqual(1);
        for (const r of main) {
          expect(r.enforcement?.check).toMatchObject({ ok: true, failures: [], secretsAbsent: secrets === 'redact' ? true : null });
          expect(r.enforcement!.check!.withheld).toEqual(expect.arrayContaining([{ id: seg.evict.id, as: 'evicted' }, { id: seg.summarize.id, as: 'summarized' }]));
        }
        const after = await xray();
        expect(after.segments.find((s) => s.id === seg.evict.id)).toMatchObject({ status: 'evicted', wire: { withheld: true } });
        expect(after.segments.find((s) => s.id === seg.summarize.id)).toMatchObject({ status: 'summarized', wire: { withheld: true } });
        expect(after.segments.find((s) => s.id === seg.restore.id)).toMatchObject({ status: 'active', wire: { withheld: false } });

        // Fresh: Loupe's history, the same directives applied.
        const sentFresh = provider.requests.length;
        expect((await run('Take a fresh look.', ['--fresh'])).status).toBe('succeeded');
        const fresh = modelCalls(provider.requests.slice(sentFresh)).filter((r) => r.bodyText.includes('fresh look'));
        expect(fresh.length).toBeGreaterThanOrEqual(1);
        for (const r of fresh) {
          expect(r.bodyText).not.toContain(marker('evict'));
          expect(r.bodyText).not.toContain(SECRET.slice(4, 16));
          expect(r.bodyText).not.toContain(marker('summarize'));
          expect(r.bodyText).toContain(SUMMARY);
          expect(r.bodyText).toContain(marker('restore-ask'));
        }

        // Block: the provider receives nothing, each refused request reached the relay once.
        const sentBlock = provider.requests.length;
        const blocked = await run('Say done.', ['--max-request-bytes', '2000', '--request-policy', 'block'], 3);
        expect(blocked.status).toBe('blocked');
        expect(modelCalls(provider.requests.slice(sentBlock))).toEqual([]);
        // Warn: forwarded, the excess recorded.
        const warned = await run('Say done.', ['--max-request-bytes', '2000', '--request-policy', 'warn']);
        expect(warned.status).toBe('succeeded');
        const w = JSON.parse((await cli(['runs', 'show', warned.runId, '--json'])).stdout) as Pick<RunDetail, 'wire'>;
        expect(w.wire.steps.flatMap((s) => s.warnings)).toContainEqual(expect.objectContaining({ kind: 'request-budget', action: 'warn' }));
        expect(JSON.stringify([shown, after]).includes(SECRET.slice(4, 16))).toBe(false);
      } finally {
        await provider.close();
      }
    }, 400_000);
  }
});

if (skip) console.log(`wire truth (gemini) ${skip}`);
