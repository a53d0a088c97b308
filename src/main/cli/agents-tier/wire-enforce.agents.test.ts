// Enforcement on the wire with the real CLIs against the scripted providers (issue 21):
// - a request over a `block` request ceiling: the provider receives no model request,
//   the CLI shows Loupe's message and exits non-zero, the step ends blocked, `loupe run`
//   exits 3; the same with `loupe wrap` (claude);
// - a secret in a file the agent reads, with --wire-secrets redact: recorded, and the
//   provider never receives it (its tool result replaced, the call/result pairing valid).
// The default (warn: recorded, forwarded as read) shares the first turn of tier-cases.ts.
// claude, codex and gemini each; every run is one CLI start (the tier's time limit).
// Skipped, in one line, where npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../shared/contract/runs';
import type { AgentBin } from '../../core/testing/agents';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import { pairingProblem } from '../../core/testing/wire-requests';
import { parseRequest } from '../../core/wire/parse';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());

/** The model requests the server received (turns, side calls), as opposed to probes. */
const modelCalls = (bin: AgentBin, requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && parseRequest(TIER_AGENTS[bin].wire, 'POST', r.path.split('?')[0]!, Buffer.from(r.bodyText)) !== null);

// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Wq7Zx2Lm9Pk4'.repeat(3)}`;

describe.skipIf(skip !== null)('enforcement on the wire with the real CLIs', () => {
  for (const bin of ['claude', 'codex', 'gemini'] as const) {
    it(`${bin}: a request over the block ceiling is answered by Loupe; the provider receives none, the step ends blocked, exit 3`, async () => {
      const agent = TIER_AGENTS[bin];
      const provider = await startProvider(agent.api, { script: { turns: [{ reply: { text: 'Should never be asked.' } }] } });
      try {
        const home = tierHome(agent, provider.url);
        const repo = makeRepo({ 'README.md': '# blocked\n' });
        // Not --json: what the CLI printed (its error) is streamed to stdout as it arrives.
        const ran = await runCliForTest(['run', '--repo', repo, '--agent', bin, '--ask', 'Say hello.', '--max-request-bytes', '2000', '--request-policy', 'block'], home.env);
        expect(ran.code, ran.stderr + ran.stdout).toBe(3);
        expect(modelCalls(bin, provider.requests)).toEqual([]);
        // The CLI showed Loupe's message as its provider's error.
        expect(ran.stdout).toContain('Loupe blocked this request:');
        const runId = /Run (\S+) \(thread /.exec(ran.stdout)![1]!;
        const detail = JSON.parse((await runCliForTest(['runs', 'show', runId, '--json'], home.env)).stdout) as Pick<RunDetail, 'run' | 'steps' | 'wire'>;
        expect(detail.run.status).toBe('blocked');
        const step = detail.steps.at(-1)!;
        expect(step.outcome).toBe('blocked');
        expect(step.exitCode).not.toBe(0);
        expect(step.message).toMatch(/^Blocked on the wire by the request budget: request \d+ was [\d,]+ bytes, over your 2,000-byte request ceiling\./);
        const warnings = detail.wire.steps.flatMap((s) => s.warnings);
        expect(warnings.length).toBeGreaterThan(0);
        expect(warnings.every((w) => w.kind === 'request-budget' && w.action === 'block')).toBe(true);
      } finally {
        await provider.close();
      }
    }, 180_000);
  }

  it('claude under loupe wrap: the same block, and wrap exits 3', async () => {
    const agent = TIER_AGENTS.claude;
    const provider = await startProvider(agent.api, { script: { turns: [{ reply: { text: 'Should never be asked.' } }] } });
    try {
      const home = tierHome(agent, provider.url);
      const repo = makeRepo({ 'README.md': '# wrapped\n' });
      // wrap finds the user's own claude on PATH: the tier's wrapper of the real CLI. wrap hands it
      // this process's stdin, here the test worker's pipe that never closes, where a user has a
      // terminal: claude -p waits 3 s for data on such a pipe, so this claude reads /dev/null.
      const onPath = join(home.home, 'wrap-path');
      mkdirSync(onPath);
      writeFileSync(join(onPath, 'claude'), `#!/bin/sh\nexec '${join(home.env.LOUPE_AGENT_PATH!, 'claude')}' "$@" < /dev/null\n`);
      chmodSync(join(onPath, 'claude'), 0o755);
      const env = { ...home.env, LOUPE_AGENT_PATH: onPath, PATH: `${onPath}:${home.env.PATH}` };
      const ran = await runCliForTest(['wrap', '--repo', repo, '--max-request-bytes', '2000', '--request-policy', 'block', '--', 'claude', '-p', 'Say hello.'], env);
      expect(ran.code, ran.stderr).toBe(3);
      expect(ran.stderr).toMatch(/over your 2,000-byte request ceiling/);
      expect(modelCalls('claude', provider.requests)).toEqual([]);
      // Loupe's workspace trust: the folder is trusted neither in Loupe nor by claude.
      expect(home.launches()).toEqual(['--setting-sources user -p Say hello.']);
    } finally {
      await provider.close();
    }
  }, 180_000);

  for (const bin of ['claude', 'codex', 'gemini'] as const) {
    it(`${bin}: a secret in a file the agent reads is never received by the provider (redact), and is recorded`, async () => {
      const agent = TIER_AGENTS[bin];
      const repo = makeRepo({ 'README.md': '# secrets\n', 'deploy/notes.md': `Deploy notes.\nGITHUB_TOKEN=${SECRET}\nEND-OF-NOTES\n` });
      const file = join(repo, 'deploy/notes.md');
      const provider = await startProvider(agent.api, {
        script: {
          turns: [
            { when: (r) => r.toolResults.some((t) => t.includes('END-OF-NOTES')), reply: { text: 'Read the notes.' } },
            { reply: { toolCalls: [agent.readTool(file)] } },
          ],
        },
      });
      try {
        const home = tierHome(agent, provider.url);
        const ran = await runCliForTest(['run', '--repo', repo, '--agent', bin, '--ask', 'Read deploy/notes.md.', '--wire-secrets', 'redact', '--json'], home.env);
        expect(ran.code, ran.stderr).toBe(0);
        const received = modelCalls(bin, provider.requests);
        // The turn that carried the file's text reached the provider, its secret replaced, the CLI's tool result still paired with its call.
        const carried = received.filter((r) => r.bodyText.includes('END-OF-NOTES'));
        expect(carried.length).toBeGreaterThan(0);
        for (const r of carried) {
          expect(r.toolResults.some((t) => t.includes('END-OF-NOTES') && t.includes('[redacted'))).toBe(true);
          expect(pairingProblem(agent.wire, r.json)).toBeNull();
        }
        expect(received.filter((r) => r.bodyText.includes(SECRET.slice(4, 16)))).toEqual([]);
        expect(carried.at(-1)!.reply?.text).toBe('Read the notes.');
        const runId = (JSON.parse(ran.stdout) as { runId: string }).runId;
        const detail = JSON.parse((await runCliForTest(['runs', 'show', runId, '--json'], home.env)).stdout) as Pick<RunDetail, 'run' | 'wire'>;
        expect(detail.run.status).toBe('succeeded');
        const warnings = detail.wire.steps.flatMap((s) => s.warnings);
        expect(warnings).toContainEqual(expect.objectContaining({ kind: 'secret', action: 'redact', text: expect.stringContaining('a tool result') }));
        // Recorded, never the value: not in the run's wire, not in any request's record.
        const records = await Promise.all(detail.wire.sessions.map(async (id) => (await runCliForTest(['wire', 'show', id, '--json'], home.env)).stdout));
        expect(records.join('')).toMatch(/"mode": ?"redact"/);
        expect(JSON.stringify(detail.wire) + records.join('')).not.toContain(SECRET.slice(4, 16));
      } finally {
        await provider.close();
      }
    }, 180_000);
  }
});

if (skip) console.log(`wire enforcement ${skip}`);
