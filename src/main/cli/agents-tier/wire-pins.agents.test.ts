// Pins that survive the CLI's own compaction (issue 37), with the real claude and codex: a run
// reads a file with the CLI's own tool; the scripted provider reports that turn's usage near the
// window; the user pins the segment in X-Ray. The CLI compacts its history itself (a summarizing
// request, then a summary in place of the turns): claude as its resumed follow-up starts, codex at
// the end of the turn that reported the usage. Every main request of the follow-up the provider
// receives after the compaction carries the pinned segment again, once, in Loupe's labelled
// block, every tool call paired; the run and X-Ray say so. Restored (unpinned), the next turn's
// requests do not carry it. gemini is not here: its follow-up after a tool turn falls back to a
// fresh session (tier.ts), and within one turn gemini 0.61 did not compress when tried (the read's
// reply reporting 900,000 of its 1,048,576-token window, then also with model.compressionThreshold
// 0.002 in its settings): its compression is covered by the request sequences of enforce/pins.spec.ts.
// Skipped, in one line, where npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../shared/contract/runs';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import type { Segment, ThreadManifest } from '../../../shared/contract/xray';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import { pairingProblem } from '../../core/testing/wire-requests';
import { parseRequest } from '../../core/wire/parse';
import { restoredHeader } from '../../core/wire/enforce/pins';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason, type TierHome } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());

const MARKER = 'PINNED-NOTES-MARKER-5e1b';
const times = (text: string, needle: string) => text.split(needle).length - 1;
/** Each CLI's own summarizing request (its compaction prompt): claude's, codex's. */
const isCompaction = (r: RecordedRequest) => /create a detailed summary of the conversation|CONTEXT CHECKPOINT COMPACTION/i.test(r.lastInput);

/**
 * How each CLI is made to compact on its own, offline: claude by its threshold in percent of its window
 * (without it, claude 2.1.332 resumed with -p did not compact at 190,000 of 200,000 reported tokens on
 * claude-sonnet-4-5, nor at 950,000 on its default model); codex by its token limit in config.toml.
 */
function compactSoon(bin: 'claude' | 'codex', home: TierHome): void {
  if (bin === 'claude') home.env.CLAUDE_AUTOCOMPACT_PCT_OVERRIDE = '50';
  else appendFileSync(join(home.env.CODEX_HOME!, 'config.toml'), 'model_auto_compact_token_limit = 100000\n');
}

describe.skipIf(skip !== null)('pins through the CLIs\' real compaction', () => {
  for (const bin of ['claude', 'codex'] as const) {
  it(`${bin}: the pinned segment its auto-compaction dropped reaches the provider once, labelled; unpinned, not again`, async () => {
    const agent = TIER_AGENTS[bin];
    const isModelCall = (r: RecordedRequest) => r.method === 'POST' && parseRequest(agent.wire, 'POST', r.path.split('?')[0]!, Buffer.from(r.bodyText)) !== null;
    const notes = Array.from({ length: 40 }, (_, i) => `Line ${i} of the notes: item ${i * 3} is filed under ${String.fromCharCode(65 + (i % 26))}.`).join('\n');
    const pathIn = (r: RecordedRequest) => /(\/\S*ref-notes\.md)/.exec(r.lastInput)?.[1];
    const provider = await startProvider(agent.api, {
      script: {
        turns: [
          { when: isCompaction, reply: { text: '<summary>The user asked for the reference notes; they were read.</summary>', usage: { input: 2000, output: 50 } } },
          // The turn that read the notes ends with the window nearly full: claude compacts before its next turn.
          { when: (r) => r.toolResults.some((t) => t.includes(MARKER)) && !/what do the notes/i.test(r.lastInput), reply: { text: 'The notes are read.', usage: { input: 950_000, output: 20 } } },
          { when: /reference notes/i, reply: (r) => (pathIn(r) ? { toolCalls: [agent.readTool(pathIn(r)!)] } : { text: 'no file named' }) },
        ],
        otherwise: { text: 'Done.', usage: { input: 3000, output: 5 } },
      },
    });
    try {
      const home = tierHome(agent, provider.url);
      compactSoon(bin, home);
      const cli = async (args: string[]) => {
        const r = await runCliForTest(args, home.env);
        expect(r.code, `${r.stderr}\n${r.stdout.slice(0, 4000)}`).toBe(0);
        return r;
      };
      const repo = makeRepo({ 'README.md': '# pins\n', 'docs/ref-notes.md': `Notes.\n${MARKER}\n${notes}\n` });
      const run = async (ask: string, thread?: string) =>
        JSON.parse((await cli(['run', '--repo', repo, '--agent', bin, ...(thread ? ['--thread', thread] : []), '--ask', ask, '--json', ...(thread ? [] : ['docs/ref-notes.md'])])).stdout) as {
          runId: string;
          threadId: string;
          status: string;
        };
      const one = await run('Read the reference notes and say what they hold.');
      expect(one.status).toBe('succeeded');
      const manifest = JSON.parse((await cli(['xray', one.threadId, '--json'])).stdout) as ThreadManifest;
      const target = manifest.segments.find((s: Segment) => s.wire !== undefined && (s.kind === 'tool' || s.kind === 'file-read') && (s.preview.includes(MARKER) || s.preview.includes('ref-notes.md')));
      expect(target, JSON.stringify(manifest.segments.map((s) => [s.kind, s.preview.slice(0, 80)]))).toBeDefined();
      await cli(['xray', 'pin', one.threadId, target!.id]);

      const before = provider.requests.length;
      const two = await run('What do the notes say about item 9?', one.threadId);
      expect(two.status).toBe('succeeded');
      const shown = JSON.stringify(provider.requests.map((r) => [r.purpose, isCompaction(r), r.lastInput.slice(0, 120), times(r.bodyText, MARKER), r.reply?.usage]));
      // claude compacts as the resumed turn starts; codex at the end of the turn that reported the usage (before the pin).
      const compaction = provider.requests.findIndex(isCompaction);
      expect(compaction, shown).toBeGreaterThanOrEqual(0);
      // Every main request of the follow-up after the compaction: the CLI's body lacked the notes; the provider received them once, in Loupe's block.
      const after = provider.requests.slice(Math.max(before, compaction + 1)).filter((r) => isModelCall(r) && !isCompaction(r) && ((r.json as { tools?: unknown[] } | undefined)?.tools?.length ?? 0) > 0);
      expect(after.length, shown).toBeGreaterThanOrEqual(1);
      for (const r of after) {
        expect(times(r.bodyText, restoredHeader(target!.id)), shown).toBe(1);
        expect(times(r.bodyText, MARKER)).toBe(1);
        expect(pairingProblem(agent.wire, r.json)).toBeNull();
      }
      const detail = JSON.parse((await cli(['runs', 'show', two.runId, '--json'])).stdout) as Pick<RunDetail, 'wire'>;
      const said = detail.wire.steps.flatMap((s) => s.warnings).filter((w) => w.kind === 'pins');
      expect(said.map((w) => w.text)).toContainEqual(expect.stringContaining(`pinned segment ${target!.id} re-sent after the CLI's compaction`));
      // `loupe wire show --json`: the request's record says it, the outgoing check's finding beside the stage's.
      const shownWire = await Promise.all(detail.wire.sessions.map(async (id) => JSON.parse((await cli(['wire', 'show', id, '--json'])).stdout) as WireSessionDetail));
      const records = shownWire.flatMap((d) => d.requests).filter((q) => q.enforcement?.pins?.reinserted.some((p) => p.id === target!.id));
      expect(records.length).toBeGreaterThanOrEqual(1);
      for (const q of records) expect(q.enforcement!.check).toMatchObject({ ok: true, reinserted: [target!.id] });
      const xray = JSON.parse((await cli(['xray', one.threadId, '--json'])).stdout) as ThreadManifest;
      expect(xray.wire!.requests.some((q) => q.reinsertedPinned.some((p) => p.id === target!.id))).toBe(true);

      // Unpinned (restore removes the pin): the next turn's requests do not carry it.
      await cli(['xray', 'restore', one.threadId, target!.id]);
      const sent = provider.requests.length;
      expect((await run('Thanks.', one.threadId)).status).toBe('succeeded');
      const three = provider.requests.slice(sent).filter(isModelCall);
      expect(three.length).toBeGreaterThan(0);
      for (const r of three) expect(r.bodyText).not.toContain(MARKER);
    } finally {
      await provider.close();
    }
  }, 300_000);
  }
});

if (skip) console.log(`wire pins ${skip}`);
