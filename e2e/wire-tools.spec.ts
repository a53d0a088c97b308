// Tool definitions against their use in the app (issue 37): a stand-in `claude` sends three
// requests through `loupe wrap`'s relay to the scripted Anthropic provider, offering built-in
// tools and two MCP servers' (one never called); X-Ray's wire view shows each tool's definition
// tokens, requests, calls, list price and cost share exactly as `loupe wire tools --json` gives
// them, and the command that removes the unused server. With LOUPE_SCREENSHOTS, writes 1280x800
// screenshots in light and dark.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { WireToolsReport } from '../src/shared/contract/wire-tools';
import { formatUsd } from '../src/shared/cost/price';
import { formatInt } from '../src/shared/format';
import { shareText } from '../src/shared/wire/tool-text';
import { fakeToolsClaudeDir, TOOL_LISTED, TOOLS_OFFERED, toolsUsage } from '../src/main/core/testing/fake-tools-claude';
import { startProvider, type ScriptedProvider } from '../src/main/core/testing/providers';
import { expect, makeRepo, openRepository, test } from './fixtures';
import { loupe } from './loupe-cli';

const outDir = process.env.LOUPE_SCREENSHOTS ? resolve(process.env.LOUPE_SCREENSHOTS) : null;

test.describe('tool definitions against their use in the app', () => {
  let provider: ScriptedProvider | null = null;
  test.afterEach(async () => {
    await provider?.close();
  });

  test('the wire view’s Tools panel shows what loupe wire tools says, with the command to remove an unused MCP server', async ({ page, host }) => {
    test.setTimeout(90_000);
    const usage = toolsUsage();
    provider = await startProvider('anthropic', { script: { turns: [{ reply: (r) => ({ text: 'ok', usage: usage(r.bodyText) }) }] } });
    const repo = makeRepo({ 'a.ts': 'export const a = 1;\n' });
    const bin = fakeToolsClaudeDir();
    const env = { PATH: `${bin}:${process.env.PATH}`, HOME: bin, TERM: 'dumb', LOUPE_USER_DATA: host.userDataDir, LOUPE_AGENT_PATH: bin, ANTHROPIC_BASE_URL: provider.url, ANTHROPIC_API_KEY: 'sk-ant-e2e-not-a-key' };
    const wrapped = await loupe(['wrap', '--repo', repo, '--', 'claude'], env);
    expect(wrapped.code, wrapped.out).toBe(0);
    expect(provider.turns()).toHaveLength(3);
    const sessionId = /wire session ([0-9a-f-]{36})/.exec(wrapped.out)![1]!;
    const cli = await loupe(['wire', 'tools', sessionId, '--json'], env);
    expect(cli.code, cli.out).toBe(0);
    const report = JSON.parse(cli.out) as WireToolsReport;

    await page.setViewportSize({ width: 1280, height: 800 });
    await openRepository(page, repo);
    await page.getByRole('button', { name: 'X-Ray', exact: true }).click();
    const picker = page.locator('#xray-thread');
    const option = picker.locator('optgroup[label^="Wire sessions"] option', { hasText: 'claude (wrapped)' });
    await expect(option).toHaveCount(1);
    await picker.selectOption(await option.getAttribute('value'));
    const panel = page.getByTestId('wire-tools');
    await expect(panel).toBeVisible();
    await expect(panel.locator('h2')).toHaveText('Tools (5, 2 MCP servers)');
    await expect(panel.locator('tbody tr')).toHaveCount(TOOLS_OFFERED.length);
    // Listed by name only (claude's ToolSearch reminder): no definition sent, one line below the table.
    await expect(page.getByTestId('wire-tools-names').locator(`[data-tool="${TOOL_LISTED}"]`)).toHaveText(`${TOOL_LISTED} (notes) in 3`);
    for (const { name, server, calls } of TOOLS_OFFERED) {
      const t = report.tools.find((x) => x.name === name)!;
      expect(t).toMatchObject({ server, calls, requests: 3 });
      const cells = panel.locator(`tr[data-tool="${name}"] td`);
      await expect(cells).toHaveText([
        name,
        server ?? 'built-in',
        new RegExp(`^${formatInt(t.definitionTokens)}( ~)?$`),
        '3',
        '—',
        formatInt(t.tokensSent),
        String(calls),
        formatUsd(t.usd!),
        shareText(t.share),
      ]);
    }
    const unused = page.getByTestId('wire-tools-unused');
    await expect(unused.locator('li')).toHaveCount(1);
    await expect(unused.getByTestId('wire-tool-remove')).toHaveText('claude mcp remove idle');
    if (outDir) {
      mkdirSync(outDir, { recursive: true });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await panel.scrollIntoViewIfNeeded();
        await panel.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await page.screenshot({ path: join(outDir, `wire-tools-${scheme}.png`) });
      }
    }
  });
});
