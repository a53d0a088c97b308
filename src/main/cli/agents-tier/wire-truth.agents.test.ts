// The wire tells the truth (issue 31), with the real claude and codex against the scripted
// providers that save every body: {evict, summarize, restore, pin} × {redact on, off} on the
// thread's resumed CLI session, then the same thread as a fresh session (history Loupe
// assembles), then block and warn on the request budget. Each is asserted on the bodies the
// provider received and on what `loupe wire show --json`, `loupe xray --json` and the run say.
// One thread per secrets mode, reused for every assertion (five CLI starts each).
// Redact on is issue 31's item 1: a tool result that held a secret, evicted, was reported
// withheld while every later request carried it (ids recorded from the redacted body).
// Skipped, in one line, where npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../shared/contract/runs';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import type { Segment, ThreadManifest } from '../../../shared/contract/xray';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import { pairingProblem } from '../../core/testing/wire-requests';
import { parseRequest } from '../../core/wire/parse';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());

// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Mn3Bv6Cx9Zl2'.repeat(3)}`;
const FILES = ['evict', 'summarize', 'pin', 'restore'] as const;
type Role = (typeof FILES)[number];
const marker = (role: Role) => `WIRE-TRUTH-${role.toUpperCase()}-MARKER`;
/** Each file's text: its marker and lines distinctive enough for the outgoing check's text scan; the evicted one holds the secret. */
const fileText = (role: Role) =>
  [`# ${role}`, marker(role), ...Array.from({ length: 12 }, (_, i) => `Line ${i} of the ${role} notes: entry ${i * 13} belongs to shelf ${role}-${i}.`), ...(role === 'evict' ? [`GITHUB_TOKEN=${SECRET}`] : []), ''].join('\n');
const SUMMARY = 'The summarize file lists twelve shelf entries.';
const LAST_REPLY = 'The four notes are read, WIRE-TRUTH-LAST-REPLY.';

/**
 * The body with each message's tool results in the order of the calls they answer: claude sends
 * the results of parallel calls in the order they finished, which the API accepts (pairing is by id).
 */
function resultsInCallOrder(json: unknown): unknown {
  const b = structuredClone(json) as { messages: { role: string; content: string | { type: string; id?: string; tool_use_id?: string }[] }[] };
  b.messages.forEach((m, i) => {
    const prev = b.messages[i - 1];
    if (i === 0 || typeof m.content === 'string' || !prev || typeof prev.content === 'string') return;
    const order = prev.content.filter((c) => c.type === 'tool_use').map((c) => c.id);
    const rank = (c: { type: string; tool_use_id?: string }) => (c.type === 'tool_result' ? order.indexOf(c.tool_use_id) : -1);
    if (order.length) m.content = [...m.content].sort((x, y) => rank(x) - rank(y));
  });
  return b;
}

const modelCalls = (requests: readonly RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && parseRequest(r.api === 'anthropic' ? 'anthropic' : r.api === 'gemini' ? 'gemini' : 'openai', 'POST', r.path.split('?')[0]!, Buffer.from(r.bodyText)) !== null);

describe.skipIf(skip !== null)('the wire tells the truth with the real CLIs', () => {
  const cases = (['claude', 'codex'] as const).flatMap((bin) => (['redact', 'warn'] as const).map((secrets) => ({ bin, secrets })));
  for (const { bin, secrets } of cases) {
    it(`${bin}, secrets ${secrets}: evict, summarize, pin and restore hold on every request that leaves, resumed and fresh; block and warn on the request budget`, async () => {
      const agent = TIER_AGENTS[bin];
      const wire = agent.wire;
      const repo = makeRepo({ 'README.md': '# truth\n', ...Object.fromEntries(FILES.map((f) => [`notes/${f}.md`, fileText(f)])) });
      const paths = FILES.map((f) => join(repo, `notes/${f}.md`));
      const provider = await startProvider(agent.api, {
        script: {
          turns: [
            // A fresh session's one prompt holds the whole history (the earlier asks too): its own ask is matched first.
            { when: /fresh look/i, reply: { text: 'Looked again.' } },
            { when: (r) => r.toolResults.some((t) => t.includes(marker('restore'))), reply: { text: LAST_REPLY } },
            // claude reads the four in one answer (parallel calls); codex one after the other.
            ...(bin === 'claude'
              ? [{ when: /read the four notes/i, reply: { toolCalls: paths.map((p) => agent.readTool(p)) } }]
              : [
                  ...FILES.slice(1).map((f, i) => ({ when: (r: RecordedRequest) => r.toolResults.some((t) => t.includes(marker(FILES[i]!))), reply: { toolCalls: [agent.readTool(paths[i + 1]!)] } })),
                  { when: /read the four notes/i, reply: { toolCalls: [agent.readTool(paths[0]!)] } },
                ]),
            { when: /say done/i, reply: { text: 'Done.' } },
          ],
          otherwise: { text: 'Noted.' },
        },
      });
      try {
        const home = tierHome(agent, provider.url);
        const cli = async (args: string[], code = 0) => {
          const r = await runCliForTest(args, home.env);
          expect(r.code, `${args.join(' ')}\n${r.stderr}\n${r.stdout.slice(0, 3000)}`).toBe(code);
          return r;
        };
        let threadId = '';
        const run = async (ask: string, extra: string[] = [], code = 0) => {
          const r = await cli(['run', '--repo', repo, '--agent', bin, '--wire-secrets', secrets, ...(threadId ? ['--thread', threadId] : []), '--ask', ask, '--json', ...extra], code);
          return JSON.parse(r.stdout) as { runId: string; threadId: string; status: string };
        };
        const xray = async () => JSON.parse((await cli(['xray', threadId, '--json'])).stdout) as ThreadManifest;
        const wireOf = async (runId: string) => {
          const detail = JSON.parse((await cli(['runs', 'show', runId, '--json'])).stdout) as Pick<RunDetail, 'run' | 'steps' | 'wire'>;
          const sessions = await Promise.all(detail.wire.sessions.map(async (id) => JSON.parse((await cli(['wire', 'show', id, '--json'])).stdout) as WireSessionDetail));
          return { detail, sessions };
        };

        // Turn 1: claude reads the four notes (one answer, four Read calls).
        const one = await run('Read the four notes.');
        expect(one.status).toBe('succeeded');
        threadId = one.threadId;
        const before = await xray();
        const segmentOf = (m: ThreadManifest, role: Role): Segment => {
          const found = m.segments.filter((s) => s.wire !== undefined && (s.kind === 'tool' || s.kind === 'file-read') && (s.preview.includes(marker(role)) || s.preview.includes(`notes/${role}.md`)));
          // One segment per tool result: the transcript's and the wire's ids agree (redacted or not).
          expect(found.map((s) => [s.id, s.kind, s.label]), JSON.stringify(m.segments.map((s) => [s.id, s.kind, s.label, s.preview.slice(0, 60), s.wire]))).toHaveLength(1);
          return found[0]!;
        };
        const seg = Object.fromEntries(FILES.map((f) => [f, segmentOf(before, f)])) as Record<Role, Segment>;

        const evicted = await cli(['xray', 'evict', threadId, seg.evict.id]);
        await cli(['xray', 'summarize', threadId, seg.summarize.id, '--summary', SUMMARY]);
        // codex's tool calls are in another form in Loupe's transcript (`command` via bash) than on the wire (`exec_command`):
        // X-Ray lists both copies; the wire's is enforced on the resumed session, and Loupe says the fresh history holds
        // the transcript's copy, which the user directs too.
        const twin = (role: Role) => before.segments.find((s) => s.wire === undefined && s.kind === 'tool' && s.preview.includes(`notes/${role}.md`));
        if (bin === 'codex') {
          expect(evicted.stderr).toContain("a fresh session's history, assembled from Loupe's transcript, carries the transcript's copy");
          const twinEvicted = await cli(['xray', 'evict', threadId, twin('evict')!.id]);
          // The relay never sees that copy: said as intent for the resumed session, not as enforced.
          expect(twinEvicted.stderr).toContain('intent: the next turn resumes the CLI session');
          await cli(['xray', 'summarize', threadId, twin('summarize')!.id, '--summary', SUMMARY]);
        } else {
          expect(twin('evict')).toBeUndefined();
          expect(evicted.stderr).not.toContain('transcript');
        }
        await cli(['xray', 'pin', threadId, seg.pin.id]);
        await cli(['xray', 'evict', threadId, seg.restore.id]);
        await cli(['xray', 'restore', threadId, seg.restore.id]);
        // The thread's last reply is in no request yet; the relay withholds it from the next one (item 8: not "intent").
        const lastReply = before.segments.find((s) => s.kind === 'assistant' && s.preview.includes(LAST_REPLY))!;
        expect(lastReply).toBeDefined();
        const evictedReply = await cli(['xray', 'evict', threadId, lastReply.id]);
        expect(evictedReply.stderr).toContain("enforced: Loupe's relay withholds it from the CLI's next request");
        expect(evictedReply.stderr).not.toContain('intent');

        // Turn 2: the CLI's own session resumed; every request that carries the notes has them as directed.
        const sent2 = provider.requests.length;
        const two = await run('Say done.');
        expect(two.status).toBe('succeeded');
        const carried = modelCalls(provider.requests.slice(sent2)).filter((r) => r.bodyText.includes(marker('pin')));
        expect(carried.length).toBeGreaterThanOrEqual(1);
        for (const r of carried) {
          expect(r.bodyText).not.toContain(marker('evict'));
          expect(r.bodyText).not.toContain(SECRET.slice(4, 16));
          expect(r.bodyText).toContain(`restore segment ${seg.evict.id}`);
          expect(r.bodyText).not.toContain(marker('summarize'));
          expect(r.bodyText).toContain(SUMMARY);
          expect(r.bodyText).toContain(marker('restore'));
          expect(r.bodyText).not.toContain(LAST_REPLY);
          expect(pairingProblem(wire, wire === 'anthropic' ? resultsInCallOrder(r.json) : r.json)).toBeNull();
        }
        // What Loupe says is what left: the wire's records and X-Ray.
        const w2 = await wireOf(two.runId);
        const main2 = w2.sessions.flatMap((s) => (s.request && s.request.segments.some((g) => g.id === seg.pin.id) ? [s.request] : []));
        expect(main2.length).toBeGreaterThanOrEqual(1);
        for (const r of main2) {
          expect(r.enforcement?.check).toMatchObject({ ok: true, failures: [] });
          expect(r.enforcement!.check!.withheld).toEqual(expect.arrayContaining([{ id: seg.evict.id, as: 'evicted' }, { id: seg.summarize.id, as: 'summarized' }]));
          expect(r.enforcement!.check!.secretsAbsent).toBe(secrets === 'redact' ? true : null);
          const mark = new Map(r.segments.map((g) => [g.id, g.withheld]));
          expect([mark.get(seg.evict.id), mark.get(seg.summarize.id), mark.get(seg.pin.id), mark.get(seg.restore.id)]).toEqual(['evicted', 'summarized', undefined, undefined]);
        }
        const after = await xray();
        const status = (id: string) => after.segments.find((s) => s.id === id);
        expect(status(seg.evict.id)).toMatchObject({ status: 'evicted', wire: { withheld: true } });
        expect(status(seg.summarize.id)).toMatchObject({ status: 'summarized', wire: { withheld: true } });
        expect(status(seg.pin.id)).toMatchObject({ status: 'pinned', wire: { withheld: false } });
        expect(status(seg.restore.id)).toMatchObject({ status: 'active', wire: { withheld: false } });
        expect(after.wire!.requests.some((q) => q.withheldSegments >= 2)).toBe(true);

        // Turn 3: the thread as a fresh session: Loupe assembles the history, with the same directives applied.
        const sent3 = provider.requests.length;
        const three = await run('Take a fresh look.', ['--fresh']);
        expect(three.status).toBe('succeeded');
        const fresh = modelCalls(provider.requests.slice(sent3)).filter((r) => r.bodyText.includes('fresh look'));
        expect(fresh.length).toBeGreaterThanOrEqual(1);
        for (const r of fresh) {
          expect(r.bodyText).not.toContain(marker('evict'));
          expect(r.bodyText).not.toContain(SECRET.slice(4, 16));
          expect(r.bodyText).not.toContain(marker('summarize'));
          expect(r.bodyText).toContain(SUMMARY);
          expect(r.bodyText).toContain(marker('pin'));
          expect(r.bodyText).toContain(marker('restore'));
        }

        // Turn 4: over a block request ceiling: the relay answers once, the provider receives nothing, the run is blocked.
        const sent4 = provider.requests.length;
        const four = await run('Say done.', ['--max-request-bytes', '2000', '--request-policy', 'block'], 3);
        expect(four.status).toBe('blocked');
        expect(modelCalls(provider.requests.slice(sent4))).toEqual([]);
        const w4 = await wireOf(four.runId);
        const blocked = w4.sessions.flatMap((s) => s.requests).filter((r) => r.api !== null);
        expect(blocked.map((r) => [r.answeredBy, r.enforcement?.budget?.verdict])).toEqual([['relay', 'block']]);
        expect(w4.detail.steps.at(-1)!.message).toMatch(/^Blocked on the wire by the request budget: request \d+ was [\d,]+ bytes, over your 2,000-byte request ceiling\./);
        const warnings4 = w4.detail.wire.steps.flatMap((s) => s.warnings);
        // Nothing left: no warning on that request says it was sent.
        for (const w of warnings4) expect(w.text).not.toMatch(/sent to the provider \(|replaced before it was sent/);

        // Turn 5: over a warn ceiling: forwarded, the excess recorded.
        const sent5 = provider.requests.length;
        const five = await run('Say done.', ['--max-request-bytes', '2000', '--request-policy', 'warn']);
        expect(five.status).toBe('succeeded');
        expect(modelCalls(provider.requests.slice(sent5)).length).toBeGreaterThanOrEqual(1);
        const w5 = await wireOf(five.runId);
        expect(w5.detail.wire.steps.flatMap((s) => s.warnings)).toContainEqual(expect.objectContaining({ kind: 'request-budget', action: 'warn' }));
        for (const r of modelCalls(provider.requests.slice(sent5)).filter((x) => x.bodyText.includes(marker('pin')))) {
          expect(r.bodyText).not.toContain(marker('evict'));
          expect(r.bodyText).toContain(SUMMARY);
        }

        // Never the secret's value in what Loupe recorded or says.
        const said = JSON.stringify([w2.sessions, w4.sessions, w5.sessions, after]);
        expect(said).not.toContain(SECRET.slice(4, 16));
      } finally {
        await provider.close();
      }
    }, 400_000);
  }
});

if (skip) console.log(`wire truth ${skip}`);
