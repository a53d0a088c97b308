// A stand-in for the Claude Code CLI, which cannot reach Anthropic from here: it reads the
// prompt on stdin and answers in Claude Code's stream-json with a usage report from a mock
// provider that counts like the real session in fixtures/sessions/claude/spotter did
// (about ×1.4 the bytes / 4 estimate, plus ~18k tokens of the CLI's own prompt, varying a
// little from run to run). Loupe's parsers, evidence and calibration are the real ones.
import { chmodSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = `
const args = process.argv.slice(2);
if (args.includes('--version')) { process.stdout.write('2.1.197 (Claude Code)\\n'); process.exit(0); }
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c)).on('end', () => {
  const bytes = Buffer.concat(chunks).length;
  const ratio = 1.36 + ((bytes * 7919) % 13) / 100;
  const context = Math.round(Math.ceil(bytes / 4) * ratio) + 18000;
  const session = 'fake-' + bytes.toString(16) + '-' + process.pid;
  const usage = { input_tokens: 40, cache_creation_input_tokens: context - 40, cache_read_input_tokens: 0, output_tokens: 12 };
  const line = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
  line({ type: 'system', subtype: 'init', session_id: session, tools: ['Read', 'Bash'], model: 'claude-sonnet-4', claude_code_version: '2.1.197' });
  line({ type: 'assistant', message: { id: 'msg_' + process.pid, type: 'message', role: 'assistant', model: 'claude-sonnet-4', content: [{ type: 'text', text: 'Done: I read the notes.' }], usage }, parent_tool_use_id: null, session_id: session });
  line({ type: 'result', subtype: 'success', is_error: false, result: 'Done: I read the notes.', session_id: session, total_cost_usd: 0.01, usage });
});
`;

/** A folder holding an executable `claude` that behaves as described above (put it on LOUPE_AGENT_PATH). */
export function fakeClaudeDir(): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'loupe-fake-claude-')));
  const file = join(dir, 'claude');
  writeFileSync(file, `#!${process.execPath}\n${SCRIPT}`);
  chmodSync(file, 0o755);
  return dir;
}
