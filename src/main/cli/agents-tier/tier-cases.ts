// The agents tier's cases, the same for each real CLI: a tool loop, a resumed follow-up, a
// fresh-session fallback when the CLI's session is gone, a blocked step that starts
// nothing, the provider's usage in evidence, and the CLI's own transcript in
// `loupe sessions` and its X-Ray. The first turn also serves the wire (issue 21): every
// model request recorded as the provider received it, and a secret in a file the agent
// reads warned about (the default, warn: forwarded as read), one CLI start for all of it
// (the tier's time limit). Each *.agents.test.ts calls agentsTier(bin).
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../shared/contract/runs';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import type { AgentBin } from '../../core/testing/agents';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest, type Script, type ScriptedProvider } from '../../core/testing/providers';
import { parseRequest } from '../../core/wire/parse';
import { runCliForTest } from '../testing';
import { dropSessions, promptTotal, TIER_AGENTS, tierHome, tierSkipReason, type TierHome } from './tier';

const CASE_TIMEOUT_MS = 120_000;
// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Vb8Nc3Rt6Yh1'.repeat(3)}`;

interface StepDoc {
  kind: string;
  outcome: string;
  resumed: boolean;
  promptBytes: number;
  totalBytes: number;
  approxTokens: number;
  sections: { name: string; bytes: number }[];
  history: unknown;
  reported: Record<string, number> | null;
  message: string | null;
  agentVersion: string | null;
}

export function agentsTier(bin: AgentBin): void {
  const skip = tierSkipReason();
  // One line for the whole tier (the claude file is the one that says it).
  if (skip && bin === 'claude') console.log(skip);

  describe.skipIf(skip !== null)(`agents tier: the real ${bin} against a scripted provider`, () => {
    const agent = TIER_AGENTS[bin];
    const marker = `TIER-MARKER-${bin}-${randomBytes(4).toString('hex')}`;
    const ask = {
      one: `Read the reference notes and quote the marker line (${bin}, turn one).`,
      two: 'Which marker line did you quote? (turn two)',
      three: 'Say the marker line once more. (turn three)',
    };
    let calls = 0;
    // Distinct counts per call, so a sum, a first or a last is told apart from any other.
    const usage = () => {
      const k = ++calls;
      return { input: 1000 + 17 * k, output: 5 + k, cacheRead: 40 + k, cacheWrite: 3 + k };
    };
    const script: Script = {
      turns: [
        { when: (r) => r.toolResults.some((t) => t.includes(marker)), reply: () => ({ text: `Quoted: ${marker}`, usage: usage() }) },
        { when: ask.three, reply: () => ({ text: `Again: ${marker}`, usage: usage() }) },
        { when: ask.two, reply: () => ({ text: `I quoted ${marker}`, usage: usage() }) },
        {
          when: ask.one,
          reply: (r) => {
            const path = /(\/\S*ref-notes\.md)/.exec(r.lastInput)?.[1];
            // Two reads at once: the staged notes, and the repository's own deploy file (not staged: a staged copy is redacted).
            return path ? { toolCalls: [agent.readTool(path), agent.readTool(join(repo, 'deploy.env'))], usage: usage() } : { text: 'The prompt named no reference file.', usage: usage() };
          },
        },
      ],
    };

    let provider: ScriptedProvider;
    let home: TierHome;
    let repo: string;
    let threadId = '';
    beforeAll(async () => {
      provider = await startProvider(agent.api, { script });
      home = tierHome(agent, provider.url);
      repo = makeRepo({ 'README.md': '# tier\n', 'docs/ref-notes.md': `Reference notes.\n${marker}\n`, 'deploy.env': `GITHUB_TOKEN=${SECRET}\nDEPLOY-END\n` });
    });
    afterAll(async () => {
      await provider.close();
      removeTempDirs();
    });

    const loupe = (args: string[]) => runCliForTest(args, home.env);
    /** The requests the provider refused, for a failure message. */
    const refused = () =>
      provider.requests
        .filter((q) => (q.reply?.status ?? 0) >= 400)
        .map((q) => `${q.path} ${q.reply?.status}: ${JSON.stringify(q.json, (k, v) => (k === 'text' || k === 'tools' || k === 'systemInstruction' ? '…' : v)).slice(0, 4000)}`)
        .join('\n');
    /** `loupe run` as typed, then the run's evidence (`loupe runs show --json`) and the model calls it caused. */
    async function run(args: string[]) {
      const from = provider.requests.length;
      const out = await loupe(['run', '--repo', repo, '--agent', bin, ...args]);
      const m = /Run (r[0-9a-f]+) \(thread (t[0-9a-f]+)\): (\w+)\./.exec(out.stdout);
      expect(m, `${out.stdout}\n${out.stderr}`).not.toBeNull();
      const shown = JSON.parse((await loupe(['runs', 'show', m![1]!, '--json'])).stdout) as { run: { status: string }; steps: StepDoc[] };
      const requests = provider.requests.slice(from);
      return { ...out, runId: m![1]!, threadId: m![2]!, status: shown.run.status, steps: shown.steps, requests, turns: requests.filter((r) => r.purpose === 'turn') };
    }
    const modelCalls = (requests: RecordedRequest[]) => requests.filter((r) => r.purpose === 'turn' || r.purpose === 'utility');

    it('a turn with a tool loop: the agent reads the staged file with its own tool and quotes it; usage in evidence as reported', async () => {
      const r = await run(['--ask', ask.one, 'docs/ref-notes.md']);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.status).toBe('succeeded');
      threadId = r.threadId;
      // The tool call named the staged copy (not the repository's file), and its result came back from the CLI's own tool.
      expect(r.turns).toHaveLength(2);
      const read = JSON.stringify(r.turns[0]!.reply!.toolCalls![0]!.input);
      expect(read).toContain(home.env.LOUPE_USER_DATA);
      expect(r.turns[1]!.toolResults.join('\n')).toContain(marker);
      expect(r.turns[1]!.toolResults.join('\n')).toContain('DEPLOY-END');
      expect(r.stdout).toContain(`Quoted: ${marker}`);
      const [step] = r.steps;
      expect(step).toMatchObject({ kind: 'fresh', outcome: 'launched', resumed: false });
      expect(step!.agentVersion).toMatch(/^\d+\.\d+\.\d+/);
      // The provider's usage as the CLI reported it, beside Loupe's own measure of what it wrote.
      const { costUsd: _priced, ...reported } = step!.reported ?? {};
      expect(reported).toEqual(agent.expectedUsage(modelCalls(r.requests)));
      expect(step!.approxTokens).toBe(Math.ceil(step!.totalBytes / 4));
      expect(step!.promptBytes).toBeGreaterThan(0);

      // The wire: every model request (the turns and the CLI's side calls) recorded as the provider received it.
      const shown = JSON.parse((await loupe(['runs', 'show', r.runId, '--json'])).stdout) as Pick<RunDetail, 'wire'>;
      expect(shown.wire.notes).toEqual([]);
      const details: WireSessionDetail[] = [];
      for (const id of shown.wire.sessions) details.push(JSON.parse((await loupe(['wire', 'show', id, '--json'])).stdout) as WireSessionDetail);
      const recorded = details.flatMap((d) => d.requests.filter((q) => q.api !== null));
      const received = r.requests.filter((q) => q.method === 'POST' && parseRequest(agent.wire, 'POST', q.path.split('?')[0]!, Buffer.from(q.bodyText)) !== null);
      expect(received.length).toBeGreaterThanOrEqual(2);
      expect(recorded.map((q) => q.requestBytes)).toEqual(received.map((q) => Buffer.byteLength(q.bodyText)));
      for (const [i, q] of recorded.entries()) {
        const parsed = parseRequest(agent.wire, 'POST', received[i]!.path.split('?')[0]!, Buffer.from(received[i]!.bodyText))!;
        expect(q.split).toMatchObject({ systemBytes: parsed.systemBytes, toolBytes: parsed.toolBytes, messageBytes: parsed.messageBytes });
        expect(q.status).toBe(received[i]!.reply?.status ?? 200);
      }
      // The turn that read the files: its tool results are segments, and the provider's usage is on it, in every API's terms.
      const last = details.at(-1)!.request!;
      expect(last.segments.filter((s) => s.kind === 'tool').length).toBeGreaterThanOrEqual(2);
      expect(last.usage?.input).toBe(promptTotal(r.turns[1]!));
      expect(last.tools.length).toBeGreaterThan(0);
      // The secret in the deploy file (warn, the default): the provider received it as read; the run warns, never with the value.
      expect(r.turns[1]!.toolResults.some((t) => t.includes(SECRET))).toBe(true);
      expect(shown.wire.steps.flatMap((s) => s.warnings)).toContainEqual(expect.objectContaining({ kind: 'secret', action: 'warn', text: expect.stringContaining('a tool result') }));
      expect(JSON.stringify(shown.wire) + JSON.stringify(details)).not.toContain(SECRET.slice(4, 16));
    }, CASE_TIMEOUT_MS);

    it.runIf(agent.followUp === 'falls-back')('a follow-up: the resumed session is refused by the provider, and a fresh one with Loupe history answers', async () => {
      const r = await run(['--thread', threadId, '--ask', ask.two]);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.steps.map((s) => [s.kind, s.outcome, s.resumed])).toEqual([
        ['resume', 'failed', true],
        ['fallback', 'launched', false],
      ]);
      // The resumed session did reach the provider with the earlier turn (and was refused in the API's words).
      const resumed = r.requests.find((q) => q.reply?.status === 400)!;
      expect(resumed.bodyText).toContain(ask.one);
      expect(resumed.bodyText).toContain(marker);
      expect(r.steps[0]!.message).toMatch(/number of function response parts/);
      expect(r.steps[1]!.sections.map((s) => s.name)).toContain('history');
      expect(r.turns.at(-1)!.lastInput).toContain(`Quoted: ${marker}`);
      expect(r.stdout).toContain(`I quoted ${marker}`);
    }, CASE_TIMEOUT_MS);

    it.runIf(agent.followUp === 'resumes')('a follow-up resumes the CLI session: the provider receives the earlier turn', async () => {
      const r = await run(['--thread', threadId, '--ask', ask.two]);
      expect(r.code, refused() || r.stdout + r.stderr).toBe(0);
      expect(r.steps.map((s) => [s.kind, s.outcome, s.resumed])).toEqual([['resume', 'launched', true]]);
      // Loupe sent no history of its own: the CLI's session carried it.
      expect(r.steps[0]!.sections.map((s) => s.name)).not.toContain('history');
      expect(r.turns[0]!.lastInput).not.toContain(ask.one);
      expect(r.turns[0]!.bodyText).toContain(ask.one);
      expect(r.turns[0]!.bodyText).toContain(`Quoted: ${marker}`);
      expect(r.stdout).toContain(`I quoted ${marker}`);
    }, CASE_TIMEOUT_MS);

    it('the CLI session gone: the resume fails, and a fresh session carries Loupe history, measured again', async () => {
      dropSessions(agent, home.home);
      const r = await run(['--thread', threadId, '--ask', ask.three]);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.steps.map((s) => [s.kind, s.outcome])).toEqual([
        ['resume', 'failed'],
        ['fallback', 'launched'],
      ]);
      const [resume, fallback] = r.steps;
      expect(fallback!.resumed).toBe(false);
      expect(fallback!.sections.map((s) => s.name)).toContain('history');
      expect(fallback!.history).not.toBeNull();
      expect(fallback!.promptBytes).toBeGreaterThan(resume!.promptBytes);
      // The fresh session's first request holds the earlier turns as Loupe folded them into the prompt.
      const first = r.turns.at(-1)!;
      expect(first.lastInput).toContain(ask.one);
      expect(first.lastInput).toContain(`Quoted: ${marker}`);
      expect(first.lastInput).toContain(ask.three);
      expect(r.stdout).toContain(`Again: ${marker}`);
    }, CASE_TIMEOUT_MS);

    it('a blocked step: nothing reaches the provider and no agent process starts, not even a version probe', async () => {
      const launches = home.launches().length;
      const requests = provider.requests.length;
      const r = await run(['--thread', threadId, '--ask', 'Blocked, never sent.', '--max-prompt-bytes', '10', '--policy', 'block']);
      expect(r.code).toBe(3);
      expect(r.status).toBe('blocked');
      expect(r.steps.map((s) => s.outcome)).toEqual(['blocked']);
      expect(provider.requests.length).toBe(requests);
      expect(home.launches().slice(launches)).toEqual([]);
    }, CASE_TIMEOUT_MS);

    it("the CLI's transcript is found by `loupe sessions list --repo`, and its X-Ray shows the provider's count", async () => {
      const listed = await loupe(['sessions', 'list', '--repo', repo, '--json']);
      expect(listed.code, listed.stderr).toBe(0);
      const list = JSON.parse(listed.stdout) as { sessions: { file: string; cli: string; lastContext: { tokens: number } | null }[]; unreadable: number };
      expect(list.unreadable).toBe(0);
      const sessions = list.sessions.filter((s) => s.cli === agent.sessionCli);
      // The fallback's session (the earlier one was removed to make the resume fail).
      expect(sessions.length, listed.stdout).toBeGreaterThanOrEqual(1);
      const newest = sessions[0]!;
      const expected = agent.sessionContext(provider.turns().at(-1)!);
      expect(newest.lastContext).toMatchObject(expected);
      const xray = await loupe(['xray', '--session', newest.file, '--json']);
      expect(xray.code, xray.stderr).toBe(0);
      const manifest = JSON.parse(xray.stdout) as { reported: { contextTokens: number } | null; session: { unknownTypes: Record<string, number> }; segments: { kind: string }[] };
      expect(manifest.reported?.contextTokens).toBe(expected.tokens);
      // Every record the pinned CLI writes is read for what it is (issue 34, item 1): none is an unknown segment.
      expect(manifest.session.unknownTypes).toEqual({});
      expect(manifest.segments.filter((s) => s.kind === 'unknown')).toEqual([]);
    }, CASE_TIMEOUT_MS);
  });
}
