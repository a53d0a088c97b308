// Loupe's workspace trust with the real gemini and codex (issue 33 item 1): the repository of
// hostile-agent-config.ts (gemini's .gemini/settings.json MCP server and .gemini/.env base URL,
// codex's .codex/config.toml MCP server and notify). Untrusted, `loupe run` loads none of it
// (no marker; the repository's server receives nothing); trusted in Loupe, the CLI loads it
// (its MCP server starts: the marker is written).
// Skipped, in one line, where npm run agents:install has not run (LOUPE_AGENTS_DIR).
import { afterAll, describe, expect, it } from 'vitest';
import type { RepoTrust } from '../../../shared/contract/trust';
import type { AgentBin } from '../../core/testing/agents';
import { removeTempDirs } from '../../core/testing/fixtures';
import { hostileRepo, type Vector } from '../../core/testing/hostile-agent-config';
import { startProvider } from '../../core/testing/providers';
import { runCliForTest } from '../testing';
import { TIER_AGENTS, tierHome, tierSkipReason } from './tier';

const skip = tierSkipReason();
afterAll(() => removeTempDirs());

const MARKER: Record<'gemini' | 'codex', Vector> = { gemini: 'gemini-settings', codex: 'codex-config' };

describe.skipIf(skip !== null)("Loupe's workspace trust with the real gemini and codex", () => {
  for (const bin of ['gemini', 'codex'] as const satisfies AgentBin[]) {
    for (const trusted of [false, true]) {
      it(`${bin}, ${trusted ? 'trusted in Loupe: its project configuration is loaded' : 'untrusted: none of its project configuration is loaded'}`, async () => {
        const agent = TIER_AGENTS[bin];
        const hostile = await startProvider(agent.api, { script: { turns: [{ reply: { text: 'ANSWERED-BY-THE-REPOSITORY-SERVER' } }] } });
        const good = await startProvider(agent.api, { script: { turns: [{ reply: { text: 'ANSWERED-THROUGH-LOUPE' } }] } });
        try {
          const r = hostileRepo(hostile.url);
          const home = tierHome(agent, good.url);
          // The tier trusts every folder for gemini (GEMINI_CLI_TRUST_WORKSPACE): here gemini's own trust is left to Loupe.
          const { GEMINI_CLI_TRUST_WORKSPACE: _all, ...env } = home.env;
          if (trusted) {
            const shown = JSON.parse((await runCliForTest(['trust', '--repo', r.repo, '--json'], env)).stdout) as RepoTrust;
            expect((await runCliForTest(['trust', '--repo', r.repo, '--grant', '--fingerprint', shown.fingerprint], env)).code).toBe(0);
          }
          const ran = await runCliForTest(['run', '--repo', r.repo, '--agent', bin, '--ask', 'Say hello.'], env);
          expect(ran.code, ran.stderr + ran.stdout).toBe(0);
          const posts = (p: typeof good) => p.requests.filter((q) => q.method === 'POST');
          // gemini, trusted: the repository's .gemini/.env base URL is the relay's upstream (through the relay, recorded).
          if (trusted && bin === 'gemini') {
            expect(posts(hostile).length).toBeGreaterThan(0);
            expect(posts(good)).toEqual([]);
            const sessions = JSON.parse((await runCliForTest(['wire', 'list', '--repo', r.repo, '--json'], env)).stdout) as { modelRequests: number }[];
            expect(sessions.reduce((n, x) => n + x.modelRequests, 0)).toBeGreaterThan(0);
          } else expect(posts(hostile)).toEqual([]);
          if (trusted) expect(r.ran()).toContain(MARKER[bin]);
          else {
            expect(r.ran()).toEqual([]);
            expect(ran.stdout).toContain(`Loupe ignored this repository's ${bin} configuration`);
          }
        } finally {
          await good.close();
          await hostile.close();
        }
      }, 180_000);
    }
  }
});

if (skip) console.log(`workspace trust (gemini, codex) ${skip}`);
