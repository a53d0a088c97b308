// A request the relay answers itself (a `block` request ceiling) reaches the relay once:
// the answer is in each API's own non-retryable error shape (providers.ts BLOCK_STATUS, with
// `x-should-retry: false`), so the real CLI stops at once and shows Loupe's reason instead of
// resending (claude 2.1.332 resent a 400 block six times, dropping a beta header each time).
// Counted on the wire: `loupe wire show --json` lists every request the relay received.
// The ask carries a secret: the blocked request's secret warning says it was not sent (item 6).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunDetail } from '../../../shared/contract/runs';
import type { WireSessionDetail } from '../../../shared/contract/wire-methods';
import { makeRepo, removeTempDirs } from '../../core/testing/fixtures';
import { startProvider } from '../../core/testing/providers';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Zx5Cv8Bn1Ma4'.repeat(3)}`;
afterAll(() => removeTempDirs());

describe.skipIf(skip !== null)('a blocked request is sent once', () => {
  for (const bin of ['claude', 'codex', 'gemini'] as const) {
    it(`${bin}: the relay sees each blocked request once, the CLI shows Loupe's reason, and no warning says it was sent`, async () => {
      const agent = TIER_AGENTS[bin];
      const provider = await startProvider(agent.api, { script: { turns: [{ reply: { text: 'Should never be asked.' } }] } });
      try {
        const home = tierHome(agent, provider.url);
        // codex with its own retry defaults (the tier turns them off elsewhere, for speed): a retryable answer would be resent.
        if (bin === 'codex') {
          const config = join(home.env.CODEX_HOME!, 'config.toml');
          writeFileSync(config, readFileSync(config, 'utf8').replace(/^(request|stream)_max_retries = 0\n/gm, ''));
        }
        const repo = makeRepo({ 'README.md': '# blocked once\n' });
        // The ask carries a secret (warn mode): its warning must not say it was sent (issue 31, item 6).
        const ran = await runCliForTest(['run', '--repo', repo, '--agent', bin, '--ask', `Say hello. GITHUB_TOKEN=${SECRET}`, '--max-request-bytes', '2000', '--request-policy', 'block'], home.env);
        expect(ran.code, ran.stderr + ran.stdout).toBe(3);
        expect(ran.stdout).toContain('Loupe blocked this request:');
        const runId = /Run (\S+) \(thread /.exec(ran.stdout)![1]!;
        const detail = JSON.parse((await runCliForTest(['runs', 'show', runId, '--json'], home.env)).stdout) as Pick<RunDetail, 'wire'>;
        const warnings = detail.wire.steps.flatMap((s) => s.warnings);
        const secretWarnings = warnings.filter((w) => w.kind === 'secret');
        expect(secretWarnings.length, JSON.stringify(warnings)).toBeGreaterThan(0);
        for (const w of secretWarnings) {
          expect(w.text).toMatch(/not sent: Loupe refused the request\.$/);
          expect(w.text).not.toContain('sent to the provider');
        }
        const shown = await Promise.all(detail.wire.sessions.map(async (id) => JSON.parse((await runCliForTest(['wire', 'show', id, '--json'], home.env)).stdout) as WireSessionDetail));
        const model = shown.flatMap((s) => s.requests).filter((r) => r.api !== null);
        const blocked = model.filter((r) => r.enforcement?.budget?.verdict === 'block');
        expect(blocked.length).toBe(model.length);
        // claude and codex make one model request before their first answer; gemini routes first (a small side call), then asks.
        expect(model.length, JSON.stringify(model.map((r) => [r.seq, r.requestBytes, r.status]))).toBe(bin === 'gemini' ? 2 : 1);
        // Each distinct body reached the relay once: a retry resends the same bytes.
        const sizes = blocked.map((r) => `${r.endpoint} ${r.enforcement!.budget!.bytes}`);
        expect(sizes.length, sizes.join('\n')).toBe(new Set(sizes).size);
        expect(provider.requests.filter((r) => r.method === 'POST')).toEqual([]);
      } finally {
        await provider.close();
      }
    }, 180_000);
  }
});

if (skip) console.log(`wire block-once ${skip}`);
