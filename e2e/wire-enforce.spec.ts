// Enforcement on the wire in the app (issue 21): a `loupe run` of the real claude, against
// a scripted provider, whose requests go over a `warn` request ceiling and carry a secret
// from a file the agent read. The run's output shows each warning as it happened, and its
// evidence lists them under "On the wire". Skipped where the agents are not installed
// (LOUPE_AGENTS_DIR). With LOUPE_SCREENSHOTS, writes 1280x800 screenshots, light and dark.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { agentsBin, agentsMissing } from '../src/main/core/testing/agents';
import { startProvider, type ScriptedProvider } from '../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test } from './fixtures';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;
const root = join(__dirname, '..');

/** Runs `node bin/loupe.js ARGS` to its end; resolves with its exit code and output. */
function loupe(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [join(root, 'bin', 'loupe.js'), ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => done({ code, out }));
  });
}

// A made-up GitHub token (a recognised format); built here so no token sits in the source.
const SECRET = `ghp_${'Wq7Zx2Lm9Pk4'.repeat(3)}`;

test.describe('enforcement on the wire in the app', () => {
  test.skip(agentsMissing() !== null, agentsMissing() ?? '');
  let provider: ScriptedProvider | null = null;
  test.afterEach(async () => {
    await provider?.close();
  });

  test('a run over its warn request ceiling, with a secret read: the warnings show in the output and the evidence', async ({ page, host }) => {
    test.setTimeout(180_000);
    const repo = makeRepo({ 'deploy/notes.md': `Deploy notes.\nGITHUB_TOKEN=${SECRET}\nEND-OF-NOTES\n`, 'src/app.ts': 'export const app = 1;\n' });
    provider = await startProvider('anthropic', {
      script: {
        turns: [
          { when: (r) => r.toolResults.some((t) => t.includes('END-OF-NOTES')), reply: { text: 'Read the deploy notes.' } },
          { reply: { toolCalls: [{ name: 'Read', input: { file_path: join(repo, 'deploy/notes.md') } }] } },
        ],
      },
    });
    const home = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-enforce-home-')));
    mkdirSync(join(home, '.claude'), { recursive: true });
    writeFileSync(join(home, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true }));
    const env = {
      PATH: `${agentsBin()}:${process.env.PATH}`,
      HOME: home,
      TERM: 'dumb',
      LOUPE_USER_DATA: host.userDataDir,
      LOUPE_AGENT_PATH: agentsBin(),
      ANTHROPIC_BASE_URL: provider.url,
      ANTHROPIC_API_KEY: 'sk-ant-e2e-enforce-not-a-key',
    };
    const ran = await loupe(
      ['run', '--repo', repo, '--agent', 'claude', '--ask', 'Read deploy/notes.md.', '--max-request-tokens', '5000', '--request-policy', 'warn'],
      env,
    );
    expect(ran.code, ran.out).toBe(0);
    expect(ran.out).toContain('Loupe on the wire: Request');

    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'Runs', exact: true }).click();
    await page.locator('.run-row, [data-testid="run-row"]').first().click();
    const live = page.getByTestId('wire-warning');
    await expect(live.filter({ hasText: 'recognised secret' })).toHaveCount(1);
    await expect(live.filter({ hasText: 'request ceiling (warn): sent' }).first()).toBeVisible();
    await expect(live.first()).toHaveAttribute('data-action', 'warn');
    // The warning names the secret's kind and place, never its value.
    for (const text of await live.allTextContents()) expect(text).not.toContain(SECRET.slice(4, 16));
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      await live.filter({ hasText: 'recognised secret' }).scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir, `wire-enforce-output-${scheme}.png`) });
      }
    }
    await page.getByRole('tab', { name: /Evidence/ }).click();
    const listed = page.getByTestId('step-wire-warnings');
    await expect(listed.locator('li[data-kind="secret"]')).toHaveCount(1);
    await expect(listed.locator('li[data-kind="request-budget"]').first()).toContainText('over your 5,000-token request ceiling');
    await expect(page.getByTestId('evidence')).not.toContainText(SECRET.slice(4, 16));
    if (outDir) {
      await listed.scrollIntoViewIfNeeded();
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: join(outDir, `wire-enforce-evidence-${scheme}.png`) });
      }
    }
  });
});
