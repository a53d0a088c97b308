// The spend ceiling on the wire with the real CLIs against the scripted providers (issue 36):
// - the provider reports a first request that costs more than the run's ceiling (a large
//   cache write); the next request, which would cross it, is answered by Loupe before the
//   provider sees it (the server's saved bodies: none carries the tool result), the step
//   ends blocked with the ceiling and the running total, `loupe run` exits 3;
// - the same under `loupe wrap` (claude), which exits 3;
// - warn: the request is recorded over the ceiling and forwarded, the run succeeds;
// - `loupe cost --json` over that data folder (runs, a wrap, the CLIs' transcripts) equals
//   the sum of its requests' list prices as `loupe wire show` prices them.
// Skipped, in one line, where npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { chmodSync, copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CostReport } from '../../../shared/contract/cost';
import type { RunDetail } from '../../../shared/contract/runs';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider, type RecordedRequest } from '../../core/testing/providers';
import type { AgentBin } from '../../core/testing/agents';
import { parseRequest } from '../../core/wire/parse';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
const FX = join(__dirname, '../../../../fixtures/sessions');
afterAll(() => removeTempDirs());

const modelCalls = (bin: AgentBin, requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST' && parseRequest(TIER_AGENTS[bin].wire, 'POST', r.path.split('?')[0]!, Buffer.from(r.bodyText)) !== null);

/**
 * The first turn reads a file and reports a 60,000-token cache write on top of the request's own
 * size (bytes / 4): enough to put the run over each ceiling below, small enough for the CLI's
 * window (claude compacts a context it is told is near full).
 */
function script(bin: AgentBin, file: string) {
  const agent = TIER_AGENTS[bin];
  return {
    turns: [
      { when: (r: RecordedRequest) => r.toolResults.some((t) => t.includes('END-OF-NOTES')), reply: { text: 'Read the notes.' } },
      { reply: { toolCalls: [agent.readTool(file)], usage: { cacheWrite: 60_000 } } },
    ],
  };
}

/**
 * Each CLI's ceiling: its first request (Loupe's count of it: claude's ≈ 50,000 tokens, codex's and
 * gemini's fewer) fits under it; after the reported first turn, any further request crosses it.
 * claude-sonnet-4-5: ≈ 30,000–50,000 × $3 / M = $0.09–0.15 before (fewer without project settings);
 * after, ≥ $0.09 + 60,000 × $3.75 / M = $0.315, and the next request adds only its cache read: $0.20 sits
 * well between the two (a ceiling near $0.30 decided on a cent).
 * codex's gpt-5: first ≤ 40,000 × $1.25 / M = $0.05; after, ≥ 60,000 × $1.25 / M = $0.075.
 * gemini (its default model): in tokens, first < 60,000, after > 60,000.
 */
const CEILING: Record<AgentBin, { flags: string[]; text: RegExp }> = {
  claude: { flags: ['--model', 'claude-sonnet-4-5', '--max-spend-usd', '0.20'], text: /\$[\d,.]+ at list price with this request \(spent \$[\d,.]+\), over your \$0\.20 run spend ceiling/ },
  codex: { flags: ['--max-spend-usd', '0.06'], text: /\$[\d,.]+ at list price with this request \(spent \$[\d,.]+\), over your \$0\.06 run spend ceiling/ },
  gemini: { flags: ['--max-spend-tokens', '60000'], text: /[\d,]+ tokens with this request \(spent [\d,]+\), over your 60,000-token run spend ceiling/ },
};

describe.skipIf(skip !== null)('the spend ceiling on the wire with the real CLIs', () => {
  for (const bin of ['claude', 'codex', 'gemini'] as const) {
    it(`${bin}: the request that would cross a block ceiling is answered by Loupe before the provider sees it; exit 3`, async () => {
      const agent = TIER_AGENTS[bin];
      const repo = makeRepo({ 'README.md': '# spend\n', 'notes.md': 'Notes.\nEND-OF-NOTES\n' });
      const provider = await startProvider(agent.api, { script: script(bin, join(repo, 'notes.md')) });
      try {
        const home = tierHome(agent, provider.url);
        const ran = await runCliForTest(['run', '--repo', repo, '--agent', bin, '--ask', 'Read notes.md.', ...CEILING[bin].flags, '--spend-policy', 'block'], home.env);
        expect(ran.code, ran.stderr + ran.stdout).toBe(3);
        const received = modelCalls(bin, provider.requests);
        // The expensive first turn reached the provider; the request carrying its tool result never did.
        expect(received.some((r) => r.reply?.toolCalls?.length)).toBe(true);
        expect(received.filter((r) => r.toolResults.some((t) => t.includes('END-OF-NOTES')))).toEqual([]);
        expect(ran.stdout).toContain('Loupe blocked this request:');
        const runId = /Run (\S+) \(thread /.exec(ran.stdout)![1]!;
        const detail = JSON.parse((await runCliForTest(['runs', 'show', runId, '--json'], home.env)).stdout) as Pick<RunDetail, 'run' | 'steps' | 'wire'>;
        expect(detail.run.status).toBe('blocked');
        const step = detail.steps.at(-1)!;
        expect(step.outcome).toBe('blocked');
        // The ceiling and the running total, in the step's evidence.
        expect(step.message).toMatch(/^Blocked on the wire by the spend budget: request \d+ would have made /);
        expect(step.message).toMatch(CEILING[bin].text);
        const warnings = detail.wire.steps.flatMap((s) => s.warnings);
        expect(warnings).toContainEqual(expect.objectContaining({ kind: 'spend-budget', action: 'block' }));
      } finally {
        await provider.close();
      }
    }, 180_000);
  }

  it('claude: warn records the request over the ceiling and forwards it; loupe cost --json equals the sum of the requests', async () => {
    const agent = TIER_AGENTS.claude;
    const repo = makeRepo({ 'README.md': '# spend\n', 'notes.md': 'Notes.\nEND-OF-NOTES\n' });
    const provider = await startProvider(agent.api, { script: script('claude', join(repo, 'notes.md')) });
    try {
      const home = tierHome(agent, provider.url);
      const ran = await runCliForTest(['run', '--repo', repo, '--agent', 'claude', '--ask', 'Read notes.md.', ...CEILING.claude.flags, '--spend-policy', 'warn', '--json'], home.env);
      expect(ran.code, ran.stderr).toBe(0);
      expect(modelCalls('claude', provider.requests).some((r) => r.toolResults.some((t) => t.includes('END-OF-NOTES')))).toBe(true);
      const runId = (JSON.parse(ran.stdout) as { runId: string }).runId;
      const detail = JSON.parse((await runCliForTest(['runs', 'show', runId, '--json'], home.env)).stdout) as Pick<RunDetail, 'run' | 'wire'>;
      expect(detail.run.status).toBe('succeeded');
      expect(detail.wire.steps.flatMap((s) => s.warnings)).toContainEqual(expect.objectContaining({ kind: 'spend-budget', action: 'warn' }));
      // Loupe's list price of the step's requests beside the CLI's own figure (claude's total_cost_usd): the same prices.
      const shown = (await runCliForTest(['runs', 'show', runId], home.env)).stdout;
      const cost = /cost: \$([\d.,]+) list price \(Loupe, from the wire\); the CLI said \$([\d.,]+)/.exec(shown);
      expect(cost, shown).not.toBeNull();
      const listed = detail.wire.steps[0]!.listPrice!.usd;
      expect(Math.abs(Number(cost![2]!.replace(/,/g, '')) - listed) / listed).toBeLessThan(0.01);

      // A wrapped session in the same data folder (the same script answers it).
      const onPath = join(home.home, 'wrap-path');
      mkdirSync(onPath);
      writeFileSync(join(onPath, 'claude'), `#!/bin/sh\nexec '${join(home.env.LOUPE_AGENT_PATH!, 'claude')}' "$@" < /dev/null\n`);
      chmodSync(join(onPath, 'claude'), 0o755);
      const env = { ...home.env, LOUPE_AGENT_PATH: onPath, PATH: `${onPath}:${home.env.PATH}` };
      // The file is outside the test's working folder: Read is allowed up front (claude -p cannot ask).
      const wrapped = await runCliForTest(['wrap', '--repo', repo, '--', 'claude', '--model', 'claude-sonnet-4-5', '--allowedTools', 'Read', '-p', `Read ${join(repo, 'notes.md')}.`], env);
      expect(wrapped.code, wrapped.stderr).toBe(0);

      // And a transcript Loupe never saw on the wire: the spotter session (its price: session-costs.spec.ts).
      const project = join(home.home, '.claude', 'projects', '-home-marco-projects-spotter');
      mkdirSync(project, { recursive: true });
      copyFileSync(join(FX, 'claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl'), join(project, '4d5611e5-241a-462a-8d15-5122611a9569.jsonl'));

      // The data folder's sessions: every wire session's priced requests, and the CLIs' transcripts in HOME.
      const report = JSON.parse((await runCliForTest(['cost', '--json', '--by', 'session'], home.env)).stdout) as CostReport;
      const sessions = JSON.parse((await runCliForTest(['wire', 'list', '--json'], home.env)).stdout) as { id: string }[];
      expect(sessions.length).toBe(2);
      let sum = 0;
      let requests = 0;
      for (const s of sessions) {
        const d = JSON.parse((await runCliForTest(['wire', 'show', s.id, '--json'], home.env)).stdout) as WireSessionDetail;
        for (const c of d.costs!.requests) {
          expect(c.price.kind, `request ${c.seq} of ${d.requests.find((r) => r.seq === c.seq)?.model}`).toBe('priced');
          if (c.price.kind === 'priced') sum += c.price.usd;
          requests += 1;
        }
      }
      // Both sessions wrote transcripts to HOME; they are the wire's own requests and are not counted twice.
      // The imported one is counted: its 139 requests, $9.53.
      expect(report.sources.imported.requests).toBe(139);
      expect(report.sources.imported.usd).toBeCloseTo(9.52614975, 6);
      expect(report.total.requests).toBe(requests + 139);
      expect(report.total.usd).toBeCloseTo(sum + 9.52614975, 6);
      expect(report.total.usd).toBeCloseTo(report.groups.reduce((n, g) => n + g.totals.usd, 0), 9);
      expect(report.sources.run.usd + report.sources.wrap.usd).toBeCloseTo(sum, 9);
      expect(report.groups.map((g) => g.source).sort()).toEqual(['imported', 'run', 'wrap']);
      expect(report.notes.join(' ')).toMatch(/not counted again/);
      // The CLI's own figure (Claude's total_cost_usd from the scripted usage) beside Loupe's.
      expect(report.total.cliUsd).not.toBeNull();
    } finally {
      await provider.close();
    }
  }, 300_000);

  it('claude under loupe wrap: the request that would cross the ceiling is blocked, and wrap exits 3', async () => {
    const agent = TIER_AGENTS.claude;
    const repo = makeRepo({ 'README.md': '# wrapped\n', 'notes.md': 'Notes.\nEND-OF-NOTES\n' });
    const provider = await startProvider(agent.api, { script: script('claude', join(repo, 'notes.md')) });
    try {
      const home = tierHome(agent, provider.url);
      const onPath = join(home.home, 'wrap-path');
      mkdirSync(onPath);
      writeFileSync(join(onPath, 'claude'), `#!/bin/sh\nexec '${join(home.env.LOUPE_AGENT_PATH!, 'claude')}' "$@" < /dev/null\n`);
      chmodSync(join(onPath, 'claude'), 0o755);
      const env = { ...home.env, LOUPE_AGENT_PATH: onPath, PATH: `${onPath}:${home.env.PATH}` };
      const ran = await runCliForTest(['wrap', '--repo', repo, '--max-spend-usd', '0.20', '--spend-policy', 'block', '--', 'claude', '--model', 'claude-sonnet-4-5', '-p', `Read ${join(repo, 'notes.md')}.`], env);
      expect(ran.code, ran.stderr).toBe(3);
      expect(ran.stderr).toMatch(/over your \$0\.20 session spend ceiling/);
      expect(modelCalls('claude', provider.requests).filter((r) => r.toolResults.some((t) => t.includes('END-OF-NOTES')))).toEqual([]);
    } finally {
      await provider.close();
    }
  }, 180_000);
});

if (skip) console.log(`wire spend ${skip}`);
