// A stand-in for Claude Code with tools (test helper, for the `loupe wire tools` test and its
// e2e): three Messages requests to $ANTHROPIC_BASE_URL offering two built-in tools and two MCP
// servers' tools (`mcp__notes__search`, `mcp__idle__ping`), and listing one more by name only in
// a ToolSearch reminder as Claude Code does (`mcp__notes__lookup`, its definition never sent); the
// second and third carry one call to mcp__notes__search and one to Read (the third repeats them as
// history); mcp__idle__ping is never called. Loupe's relay, parsers and records stay the real ones.
import { chmodSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const TOOLS_MODEL = 'claude-sonnet-4-5';
/** The tools offered, in the order sent; each one's server (null: built-in) and the calls the session makes to it. */
export const TOOLS_OFFERED: { name: string; server: string | null; calls: number }[] = [
  { name: 'Read', server: null, calls: 1 },
  { name: 'Bash', server: null, calls: 0 },
  { name: 'mcp__notes__search', server: 'notes', calls: 1 },
  { name: 'mcp__idle__ping', server: 'idle', calls: 0 },
];
/** A tool the requests list by name only (Claude Code's ToolSearch reminder), its definition never sent. */
export const TOOL_LISTED = 'mcp__notes__lookup';
/**
 * A scripted provider's usage for these requests, counting a body as bytes / 4: the first
 * request writes its prompt to the cache, the later ones read that much and pay the rest fresh.
 */
export function toolsUsage(): (bodyText: string) => { input: number; cacheWrite: number; cacheRead: number; output: number } {
  let cached = 0;
  return (bodyText) => {
    const prompt = Math.ceil(Buffer.byteLength(bodyText) / 4);
    if (!cached) {
      cached = prompt;
      return { input: 0, cacheWrite: prompt, cacheRead: 0, output: 10 };
    }
    return { input: prompt - cached, cacheWrite: 0, cacheRead: cached, output: 10 };
  };
}

/** The CLI's system prompt: long, as a real CLI's is (tools are then a part of the request, not most of it). */
const SYSTEM = `You are a fake claude. ${'Follow the house rules, read before you write, and say what you changed. '.repeat(60)}`;

function bodies() {
  const tool = (name: string) => ({ name, description: `The ${name} tool.`, input_schema: { type: 'object', properties: { q: { type: 'string', description: `What ${name} takes. `.repeat(20) } } } });
  const tools = TOOLS_OFFERED.map((t) => tool(t.name));
  const calls = [
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_01', name: 'mcp__notes__search', input: { q: 'cache' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'found: cache notes' }] },
    { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_02', name: 'Read', input: { file_path: '/repo/a.ts' } }] },
    { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_02', content: 'export const a = 1;' }] },
  ];
  const reminder = `<system-reminder>\nThe following deferred tools are now available via ToolSearch. Their schemas are NOT loaded — use ToolSearch with query "select:<name>" to load them:\n${TOOL_LISTED}\n</system-reminder>`;
  const ask = { role: 'user', content: [{ type: 'text', text: reminder }, { type: 'text', text: 'find the cache notes' }] };
  return [[ask], [ask, ...calls], [ask, ...calls, { role: 'assistant', content: 'Done.' }, { role: 'user', content: 'thanks' }]].map((messages) => ({
    model: TOOLS_MODEL,
    max_tokens: 5,
    system: SYSTEM,
    tools,
    messages,
  }));
}

/** A folder holding an executable `claude` as described above (put it on LOUPE_AGENT_PATH). */
export function fakeToolsClaudeDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-fake-tools-claude-')));
  const script = join(dir, 'claude');
  writeFileSync(
    script,
    `#!${process.execPath}
if (process.argv.includes('--version')) { console.log('2.1.332 (Claude Code)'); process.exit(0); }
const bodies = ${JSON.stringify(bodies())};
(async () => {
  for (const body of bodies) {
    const r = await fetch(process.env.ANTHROPIC_BASE_URL + '/v1/messages', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': process.env.ANTHROPIC_API_KEY },
      body: JSON.stringify(body),
    });
    await r.text();
  }
  process.exit(0);
})();
`,
  );
  chmodSync(script, 0o755);
  return dir;
}
