// Tool definitions as parsed for `loupe wire tools` (issue 37): MCP servers by each CLI's naming,
// definitions sent deferred, and the tools Claude Code's ToolSearch reminder lists by name only.
import { describe, expect, it } from 'vitest';
import { parseAnthropic } from './anthropic';
import { parseGemini } from './gemini';
import { parseOpenAI } from './openai';

describe('tool definitions on the wire', () => {
  it('claude: mcp__<server>__<tool>; defer_loading marks a deferred definition; the ToolSearch reminder’s names are listed, not sent', () => {
    const reminder = '<system-reminder>\nThe following deferred tools are now available via ToolSearch. Their schemas are NOT loaded — use ToolSearch with query "select:<name>" to load them:\nWebFetch\nmcp__idle__ping\nmcp__notes__tag\n</system-reminder>';
    const p = parseAnthropic({
      model: 'claude-sonnet-4-5',
      tools: [{ name: 'Read', input_schema: {} }, { name: 'mcp__notes__search', input_schema: {}, defer_loading: true }],
      messages: [{ role: 'user', content: [{ type: 'text', text: reminder }, { type: 'text', text: 'hi' }] }],
    });
    expect(p.tools.map((t) => [t.name, t.origin, t.deferred ?? false])).toEqual([
      ['Read', 'built-in', false],
      ['mcp__notes__search', 'mcp:notes', true],
    ]);
    expect(p.deferredTools).toEqual(['WebFetch', 'mcp__idle__ping', 'mcp__notes__tag']);
    expect(parseAnthropic({ messages: [{ role: 'user', content: 'no reminder' }] }).deferredTools).toBeUndefined();
  });

  it('gemini: mcp_<server>_<tool> (the Gemini CLI’s own naming), built-ins stay built-in', () => {
    const p = parseGemini({ tools: [{ functionDeclarations: [{ name: 'read_file' }, { name: 'mcp_notes_search_all' }] }], contents: [] }, '/v1beta/models/gemini-2.5-pro:generateContent');
    expect(p.tools.map((t) => [t.name, t.origin])).toEqual([
      ['read_file', 'built-in'],
      ['mcp_notes_search_all', 'mcp:notes'],
    ]);
  });

  it('codex: an MCP server’s tools in a namespace mcp__<server> are recorded by their qualified names; its own namespaces stay built-in', () => {
    // The shape the real codex 0.171 sent with a stdio MCP server `notes` in its config.toml.
    const p = parseOpenAI({
      model: 'gpt-5',
      tools: [
        { type: 'function', name: 'exec_command', parameters: {} },
        { type: 'namespace', name: 'multi_agent_v1', tools: [{ type: 'function', name: 'spawn_agent', parameters: {} }] },
        { type: 'namespace', name: 'mcp__notes', description: 'Tools in the mcp__notes namespace.', tools: [{ type: 'function', name: 'search', parameters: {} }, { type: 'function', name: 'tag', parameters: {} }] },
      ],
      input: [],
    });
    expect(p.tools.map((t) => [t.name, t.origin])).toEqual([
      ['exec_command', 'built-in'],
      ['spawn_agent', 'built-in'],
      ['mcp__notes__search', 'mcp:notes'],
      ['mcp__notes__tag', 'mcp:notes'],
    ]);
  });
});
