// A tiny stdio MCP server for tests (newline-delimited JSON-RPC, as the MCP stdio transport
// frames it): started as `node server.js NAME`, `notes` offers search and tag, any other name one
// tool, ping; a tools/call answers NOTES-FOUND. The CLIs under test start it from their own
// configuration (claude's ~/.claude.json, gemini's settings.json, codex's config.toml).
import { mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const MCP_SERVER = `
const name = process.argv[2];
const tools = name === 'notes'
  ? [{ name: 'search', description: 'Searches the team notes for a phrase.', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } },
     { name: 'tag', description: 'Tags a note.', inputSchema: { type: 'object', properties: { id: { type: 'string' }, tag: { type: 'string' } } } }]
  : [{ name: 'ping', description: 'Pings a server nobody uses.', inputSchema: { type: 'object', properties: {} } }];
let buf = '';
const send = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
process.stdin.on('data', (c) => {
  buf += c;
  let i;
  while ((i = buf.indexOf('\\n')) >= 0) {
    const line = buf.slice(0, i).trim();
    buf = buf.slice(i + 1);
    if (!line) continue;
    const m = JSON.parse(line);
    if (m.id === undefined) continue;
    if (m.method === 'initialize') send({ jsonrpc: '2.0', id: m.id, result: { protocolVersion: m.params.protocolVersion, capabilities: { tools: {} }, serverInfo: { name, version: '1.0.0' } } });
    else if (m.method === 'tools/list') send({ jsonrpc: '2.0', id: m.id, result: { tools } });
    else if (m.method === 'tools/call') send({ jsonrpc: '2.0', id: m.id, result: { content: [{ type: 'text', text: 'NOTES-FOUND' }] } });
    else send({ jsonrpc: '2.0', id: m.id, error: { code: -32601, message: 'no such method' } });
  }
});
`;

/** Writes the server's script into a new temp folder; returns its path (run it with process.execPath). */
export function mcpServerScript(): string {
  const file = join(realpathSync(mkdtempSync(join(tmpdir(), 'loupe-mcp-server-'))), 'server.js');
  writeFileSync(file, MCP_SERVER);
  return file;
}
