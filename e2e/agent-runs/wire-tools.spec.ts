// Tool definitions against their use with the real claude in the app (issue 37): `loupe wrap --
// claude` with two stdio MCP servers in its HOME against the scripted provider; claude defers MCP
// tools (its ToolSearch reminder lists them by name), the scripted model loads mcp__notes__search
// and calls it. X-Ray's Tools panel shows the loaded tool as deferred with its call, the others
// listed by name only, and `claude mcp remove idle` for the server never called. Skipped where the
// agents are not installed. With LOUPE_SCREENSHOTS, writes 1280x800 screenshots in light and dark.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { agentsMissing } from '../../src/main/core/testing/agents';
import { mcpServerScript } from '../../src/main/core/testing/mcp-stdio-server';
import { startProvider, type RecordedRequest, type ScriptedProvider } from '../../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test } from '../fixtures';
import { claudeEnv, loupe } from '../loupe-cli';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;
const toolsOf = (r: RecordedRequest) => ((r.json as { tools?: { name?: string }[] } | undefined)?.tools ?? []).map((t) => t.name ?? '');

test.describe('tool definitions against their use with the real claude', () => {
  test.skip(agentsMissing() !== null, agentsMissing() ?? '');
  let provider: ScriptedProvider | null = null;
  test.afterEach(async () => {
    await provider?.close();
  });

  test('the Tools panel shows the tool ToolSearch loaded as deferred with its call, the rest by name only, and the remove command', async ({ page, host }) => {
    test.setTimeout(180_000);
    provider = await startProvider('anthropic', {
      script: {
        turns: [
          { when: (r) => r.toolResults.some((t) => t.includes('NOTES-FOUND')), reply: { text: 'The notes say NOTES-FOUND.', usage: { input: 40, cacheRead: 60_000, cacheWrite: 100, output: 12 } } },
          { when: (r) => toolsOf(r).includes('mcp__notes__search'), reply: { toolCalls: [{ name: 'mcp__notes__search', input: { q: 'cache' } }], usage: { input: 30, cacheRead: 60_000, output: 20 } } },
          { when: (r) => toolsOf(r).includes('ToolSearch'), times: 1, reply: { toolCalls: [{ name: 'ToolSearch', input: { query: 'select:mcp__notes__search', max_results: 5 } }], usage: { input: 30, cacheWrite: 60_000, output: 20 } } },
        ],
      },
    });
    const repo = makeRepo({ 'README.md': '# tools\n' });
    const env = claudeEnv(host.userDataDir, provider.url);
    const script = mcpServerScript();
    const server = (name: string) => ({ type: 'stdio', command: process.execPath, args: [script, name] });
    writeFileSync(join(env.HOME!, '.claude.json'), JSON.stringify({ hasCompletedOnboarding: true, mcpServers: { notes: server('notes'), idle: server('idle') } }));
    const wrapped = await loupe(['wrap', '--repo', repo, '--', 'claude', '-p', 'Search the notes for cache.', '--allowedTools', 'mcp__notes__search', '--model', 'claude-sonnet-4-5'], env);
    expect(wrapped.code, wrapped.out).toBe(0);
    expect(wrapped.out).toContain('NOTES-FOUND');

    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    const picker = page.locator('#xray-thread');
    const option = picker.locator('optgroup[label^="Wire sessions"] option', { hasText: 'claude (wrapped)' });
    await expect(option).toHaveCount(1);
    await picker.selectOption(await option.getAttribute('value'));
    const panel = page.getByTestId('wire-tools');
    await expect(panel).toBeVisible();
    const search = panel.locator('tr[data-tool="mcp__notes__search"]');
    await expect(search.locator('.wire-tool-deferred')).toHaveText('deferred');
    // Sent in the two requests after ToolSearch loaded it, listed by name in the first, called once.
    await expect(search.locator('td').nth(3)).toHaveText('2');
    await expect(search.locator('td').nth(4)).toHaveText('1');
    await expect(search.locator('td').nth(6)).toHaveText('1');
    // Never loaded: listed by name in each of the 3 requests, no definition sent.
    await expect(panel.locator('tr[data-tool="mcp__idle__ping"]')).toHaveCount(0);
    await expect(page.getByTestId('wire-tools-names').locator('[data-tool="mcp__idle__ping"]')).toHaveText('mcp__idle__ping (idle) in 3');
    await expect(page.getByTestId('wire-tools-unused').getByTestId('wire-tool-remove')).toHaveText('claude mcp remove idle');
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await panel.evaluate((el) => el.scrollIntoView({ block: 'start' }));
        await page.screenshot({ path: join(outDir, `wire-tools-claude-${scheme}.png`) });
      }
    }
  });
});
