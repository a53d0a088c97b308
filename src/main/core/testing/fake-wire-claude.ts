// A stand-in for Claude Code that talks to its provider (test helper, for specs and e2e):
// it reads the prompt on stdin, sends it as one Messages request to $ANTHROPIC_BASE_URL
// (where a run's relay points it), and prints Claude Code's stream-json: a success with the
// provider's usage, or an error with the answer's text when the request is refused (a
// relay block). One request, no retries, so a test sees exactly one exchange. Loupe's
// relay, enforcement, parsers and evidence stay the real ones.
import { chmodSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = `
const args = process.argv.slice(2);
if (args.includes('--version')) { process.stdout.write('2.1.332 (Claude Code)\\n'); process.exit(0); }
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
  const prompt = Buffer.concat(chunks).toString('utf8');
  const session = 'fake-wire-' + process.pid;
  const line = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
  line({ type: 'system', subtype: 'init', session_id: session, tools: ['Read'], model: 'claude-sonnet-4-5', claude_code_version: '2.1.332' });
  const res = await fetch(process.env.ANTHROPIC_BASE_URL + '/v1/messages', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'anthropic-version': '2023-06-01', 'x-api-key': process.env.ANTHROPIC_API_KEY || 'sk-ant-fake' },
    body: JSON.stringify({ model: 'claude-sonnet-4-5', max_tokens: 64, system: 'You are a fake Claude Code.', messages: [{ role: 'user', content: prompt }] }),
  });
  const text = await res.text();
  if (!res.ok) {
    line({ type: 'result', subtype: 'error_during_execution', is_error: true, result: 'API Error: ' + res.status + ' ' + text, session_id: session });
    process.exit(1);
  }
  const reply = JSON.parse(text);
  const said = (reply.content || []).map((c) => c.text || '').join('');
  const usage = reply.usage || {};
  line({ type: 'assistant', message: { id: reply.id, type: 'message', role: 'assistant', model: reply.model, content: [{ type: 'text', text: said }], usage }, parent_tool_use_id: null, session_id: session });
  line({ type: 'result', subtype: 'success', is_error: false, result: said, session_id: session, usage });
});
`;

/** A folder holding an executable `claude` as described above (put it on LOUPE_AGENT_PATH). */
export function fakeWireClaudeDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-fake-wire-claude-')));
  const file = join(dir, 'claude');
  writeFileSync(file, `#!${process.execPath}\n${SCRIPT}`);
  chmodSync(file, 0o755);
  return dir;
}
