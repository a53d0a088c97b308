// The records Claude Code 2.1.332 writes into its own transcript (issue 34, item 1), read from a
// transcript the real CLI writes here against a scripted provider: `prompt_snapshot` and
// `api-request-shape` are the CLI's system prompt and tool definitions (system sections, once),
// the rendered attachments (environment, model, git status, date, attribution) are context the
// CLI adds, and `api-request-blob`, `api-request`, `cost-state`, `atis-latch`, `tools-used` are
// bookkeeping: never conversation. X-Ray's used count of the session is within 30% of what the
// provider reported, and "Continue as a Loupe thread" from it carries none of those records into
// the requests the provider receives. Skipped, in one line, where npm run agents:install has not run.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SessionManifest } from '../../../shared/contract/sessions';
import { meterOf } from '../../../shared/xray/meter';
import { makeRepo, makeRuntime, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import { waitForRun } from '../../core/testing/runs';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());

/** What the provider counts: the whole request body at bytes / 4 (the scripted provider's stand-in for its tokenizer). */
const counted = (r: RecordedRequest) => ({ input: Math.ceil(Buffer.byteLength(r.bodyText) / 4), output: 12 });

/** Text of every message the provider received (not the system field, not the tool definitions). */
const messagesText = (r: RecordedRequest) => JSON.stringify((r.json as { messages?: unknown }).messages ?? []);

describe.skipIf(skip !== null)('Claude Code 2.1.332 transcript records', () => {
  it('are system sections and bookkeeping, never conversation; X-Ray counts within 30% of the provider; a continuation carries none of them', async () => {
    const agent = TIER_AGENTS.claude;
    const provider = await startProvider(agent.api, {
      script: {
        turns: [
          { when: (r) => r.toolResults.some((t) => t.includes('NOTES-MARKER')), reply: (r) => ({ text: 'The notes say NOTES-MARKER.', usage: counted(r) }) },
          { when: (r) => /notes\.md/.test(r.lastInput) && r.toolResults.length === 0, reply: (r) => ({ toolCalls: [agent.readTool(/(\/\S*notes\.md)/.exec(r.lastInput)![1]!)], usage: counted(r) }) },
          { reply: (r) => ({ text: 'Carried on.', usage: counted(r) }) },
        ],
      },
    });
    const home = tierHome(agent, provider.url);
    const repo = makeRepo({ 'README.md': '# records\n', 'notes.md': 'NOTES-MARKER in the notes\n' });
    const r = await runCliForTest(['run', '--repo', repo, '--agent', 'claude', '--ask', 'Read notes.md and quote it', 'notes.md'], home.env);
    expect(r.code, r.stdout + r.stderr).toBe(0);

    const projects = join(home.home, '.claude', 'projects');
    const [dir] = readdirSync(projects);
    const file = join(projects, dir!, readdirSync(join(projects, dir!)).find((f) => f.endsWith('.jsonl'))!);
    const shown = await runCliForTest(['xray', '--session', file, '--json'], home.env);
    expect(shown.code, shown.stderr).toBe(0);
    const m = JSON.parse(shown.stdout) as SessionManifest;
    expect(m.session.cliVersion).toBe('2.1.332');
    // No record of the CLI's own is conversation, or unknown.
    expect(m.session.unknownTypes).toEqual({});
    expect(m.segments.filter((s) => s.kind === 'unknown')).toEqual([]);
    for (const s of m.segments) expect(s.preview, s.id).not.toMatch(/prompt_snapshot|api-request|cost-state|"type":"(environment|model|date|session_context)"/);
    // The one user segment is Loupe's prompt (its notes, then the ask).
    expect(m.segments.filter((s) => s.kind === 'user').map((s) => s.preview)).toEqual([expect.stringMatching(/^# Notes from Loupe/)]);
    // The system prompt and the tool definitions: one section each, as the request shape carried them.
    const titles = m.system.map((s) => s.title);
    expect(titles.filter((t) => t === 'Claude Code system prompt')).toHaveLength(1);
    expect(titles.filter((t) => t.startsWith('Claude Code tool definitions ('))).toHaveLength(1);
    expect(titles).toEqual(expect.arrayContaining(['Claude Code environment', 'Claude Code date', 'Claude Code session context']));
    // X-Ray's used count against the provider's report of the last request: within 30%.
    const last = m.session.lastPoint!;
    const used = meterOf(m).used;
    expect(Math.abs(used - last.reported) / last.reported, `used ${used}, reported ${last.reported}`).toBeLessThan(0.3);

    // Continue as a Loupe thread: the requests the provider receives carry none of the CLI's records as turns.
    const rt = makeRuntime({ userDataDir: home.env.LOUPE_USER_DATA, env: home.env });
    try {
      const from = provider.requests.length;
      const done = await rt.call('sessions.continue', { sessionFile: file, repo, ask: 'Carry on', settings: { agent: 'claude', wire: false } });
      const run = await waitForRun(rt, done.run.run.id);
      expect(run.run.status).toBe('succeeded');
      const turns = provider.requests.slice(from).filter((q) => q.purpose === 'turn');
      expect(turns.length).toBeGreaterThan(0);
      const systemPromptLine = 'You are an agent working with the user toward their goals';
      for (const q of turns) {
        const text = messagesText(q);
        expect(text).not.toMatch(/prompt_snapshot|api-request-shape|api-request-blob|requestDigest|totalCostUSD|atis-latch/);
        // Claude's system prompt is in the request's system field (the new session's own), never in a message.
        expect(text).not.toContain(systemPromptLine);
        expect(JSON.stringify((q.json as { system?: unknown }).system)).toContain(systemPromptLine);
      }
      // What the session said is still carried: the tool result's marker and the reply.
      expect(turns.map(messagesText).join('\n')).toContain('NOTES-MARKER');
    } finally {
      await rt.close();
      await provider.close();
    }
  }, 240_000);
});
