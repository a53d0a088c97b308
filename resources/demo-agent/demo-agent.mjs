#!/usr/bin/env node
// Loupe's demo agent: no model, no network, no dependencies. It speaks Claude
// Code's `-p --output-format stream-json --verbose` stream (Loupe reads it with
// the Claude Code parser) so the whole product can be tried offline and in e2e:
// it reads the prompt from stdin, really reads every reference file the prompt
// lists under "## Reference files" (one `- /absolute/path` per line), and
// reports what it found. Every reply says "Demo agent (no model)".
//
// Flags (as claude): -p, --output-format, --verbose, --model M, -r|--resume ID,
// --json-schema S, --add-dir D, --mcp-config C, --strict-mcp-config, -v|--version.
// Environment:
//   LOUPE_DEMO_HOME         folder of its sessions (JSON files), for --resume
//   LOUPE_DEMO_FAIL_RESUME  "1": every resume fails like an unknown session
//   LOUPE_DEMO_GATE         a file that holds the run back, for tests that act mid-run: the
//                           agent writes event N (0 is its first) only once the file holds a
//                           number above N, or "open"; absent or empty, it waits at event 0
//   LOUPE_CONTEXT_DIR       relative reference paths are resolved against it
import { randomUUID } from 'node:crypto';
import { chmodSync, closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';

const VERSION = '1.0.0';
const READ_LIMIT = 4096;
const GATE_POLL_MS = 20;
const SESSION_ID = /^[A-Za-z0-9_-]{1,100}$/;

function parseArgs(argv) {
  const o = { model: null, resume: null, schema: null, mcp: null, version: false, ignored: [] };
  const valueOf = (i) => (i < argv.length ? argv[i] : null);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '-v' || a === '--version') o.version = true;
    else if (a === '-p' || a === '--print' || a === '--verbose' || a === '--strict-mcp-config') continue;
    else if (a === '--output-format' || a === '--add-dir') i++;
    else if (a === '--model') o.model = valueOf(++i);
    else if (a === '-r' || a === '--resume') o.resume = valueOf(++i);
    else if (a === '--json-schema') o.schema = valueOf(++i);
    else if (a === '--mcp-config') o.mcp = valueOf(++i);
    else o.ignored.push(a);
  }
  return o;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const gate = process.env.LOUPE_DEMO_GATE || null;
let outputBytes = 0;
let emitted = 0;

/** Whether the gate file lets event number `n` out. */
function released(n) {
  let text = '';
  try {
    text = readFileSync(gate, 'utf8').trim();
  } catch {
    return false;
  }
  return text === 'open' || Number(text) > n;
}

async function emit(event) {
  if (gate) while (!released(emitted)) await sleep(GATE_POLL_MS);
  emitted++;
  process.stdout.write(JSON.stringify(event) + '\n');
}

async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

const sessionsDir = () => join(process.env.LOUPE_DEMO_HOME || join(tmpdir(), 'loupe-demo-agent'), 'sessions');

function loadSession(id) {
  if (!SESSION_ID.test(id)) return null;
  try {
    return JSON.parse(readFileSync(join(sessionsDir(), `${id}.json`), 'utf8'));
  } catch {
    return null;
  }
}

/**
 * A session holds the prompts, and so what the files it was sent say: only its
 * owner may read it (folder 0700, file 0600), as the real CLIs keep theirs.
 */
function saveSession(session) {
  const dir = sessionsDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  try {
    chmodSync(dirname(dir), 0o700);
  } catch {
    // A home folder the user does not own: the sessions folder itself is still 0700.
  }
  const file = join(dir, `${session.id}.json`);
  // A left-over .tmp keeps its mode through writeFileSync: start it afresh.
  rmSync(`${file}.tmp`, { force: true });
  writeFileSync(`${file}.tmp`, JSON.stringify(session, null, 2), { mode: 0o600 });
  chmodSync(`${file}.tmp`, 0o600);
  renameSync(`${file}.tmp`, file);
}

/** `- /abs/path` lines under the "## Reference files" heading, up to the next heading. */
function referencePaths(prompt) {
  const lines = prompt.split(/\r?\n/);
  const start = lines.findIndex((l) => /^#{1,6}\s*Reference files\s*$/i.test(l.trim()));
  if (start < 0) return [];
  const paths = [];
  for (const l of lines.slice(start + 1)) {
    if (/^#{1,6}\s/.test(l)) break;
    const m = /^\s*[-*]\s+(.+?)\s*$/.exec(l);
    if (m) paths.push(m[1].replace(/^`(.*)`$/, '$1'));
  }
  return paths;
}

function resolvePath(entry) {
  const base = process.env.LOUPE_CONTEXT_DIR || process.cwd();
  const candidates = [entry, entry.replace(/\s+\([^()]*\)$/, ''), entry.replace(/\s+[—–-]\s.*$/, '')];
  for (const c of candidates) {
    const p = isAbsolute(c) ? c : resolve(base, c);
    try {
      statSync(p);
      return p;
    } catch {
      // try the next reading of the line
    }
  }
  return isAbsolute(entry) ? entry : resolve(base, entry);
}

/** The file's first READ_LIMIT bytes, really read from disk. */
function readReference(path) {
  try {
    const size = statSync(path).size;
    const fd = openSync(path, 'r');
    try {
      const buf = Buffer.alloc(Math.min(size, READ_LIMIT));
      const n = readSync(fd, buf, 0, buf.length, 0);
      const text = buf.subarray(0, n).toString('utf8');
      const note = size > n ? `\n[… the demo agent read the first ${n} of ${size} bytes]` : '';
      return { ok: true, size, text, output: text + note };
    } finally {
      closeSync(fd);
    }
  } catch (err) {
    const message = err && err.code === 'ENOENT' ? 'File does not exist.' : String(err && err.message ? err.message : err);
    return { ok: false, size: 0, text: '', output: `<tool_use_error>${message}</tool_use_error>` };
  }
}

const tokens = (bytes) => Math.ceil(bytes / 4);
const zeroUsage = { input_tokens: 0, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 0 };

async function failResume(id, why) {
  const message = `No conversation found with session ID: ${id}`;
  if (why) process.stderr.write(`${why}\n`);
  process.stderr.write(`${message}\n`);
  await emit({
    type: 'result', subtype: 'error_during_execution', duration_ms: 0, duration_api_ms: 0, is_error: true, num_turns: 0,
    stop_reason: null, session_id: id, total_cost_usd: 0, usage: zeroUsage, modelUsage: {}, permission_denials: [],
    uuid: randomUUID(), errors: [message],
  });
  process.exitCode = 1;
}

const lineCount = (text) => (text ? text.split('\n').length - (text.endsWith('\n') ? 1 : 0) : 0);

/** The first line of the section whose heading names the ask ("## Ask", "## Task"), if any. */
function askLine(prompt) {
  const lines = prompt.split(/\r?\n/);
  const start = lines.findIndex((l) => /^#{1,6}\s*(the\s+)?(ask|task|request)\b/i.test(l.trim()));
  return start < 0 ? '' : firstLine(lines.slice(start + 1).join('\n'));
}

function firstLine(text) {
  const line = text.split(/\r?\n/).find((l) => l.trim()) ?? '';
  return line.length > 80 ? `${line.slice(0, 80)}…` : line;
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.version) {
    process.stdout.write(`${VERSION} (Loupe demo agent)\n`);
    return;
  }
  const started = Date.now();
  const prompt = await readStdin();
  if (!prompt.trim()) {
    process.stderr.write('Error: Input must be provided either through stdin or as a prompt argument when using --print\n');
    process.exitCode = 1;
    return;
  }
  let session = { id: randomUUID(), createdAt: new Date().toISOString(), turns: [] };
  if (opts.resume) {
    if (process.env.LOUPE_DEMO_FAIL_RESUME === '1') return failResume(opts.resume, 'Demo agent: LOUPE_DEMO_FAIL_RESUME=1, so this resume fails on purpose.');
    const loaded = loadSession(opts.resume);
    if (!loaded) return failResume(opts.resume, null);
    session = loaded;
  }
  for (const a of opts.ignored) process.stderr.write(`demo agent: ignoring ${a}\n`);

  const sid = session.id;
  const promptBytes = Buffer.byteLength(prompt);
  const inputTokens = tokens(promptBytes);
  const model = opts.model || 'demo';
  let mcpNames = [];
  try {
    mcpNames = opts.mcp ? Object.keys(JSON.parse(opts.mcp).mcpServers ?? {}) : [];
  } catch {
    mcpNames = [];
  }
  const usage = (text) => {
    const bytes = Buffer.byteLength(text);
    outputBytes += bytes;
    return { input_tokens: inputTokens, output_tokens: tokens(bytes), cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  };
  const assistant = (content, text) => ({
    type: 'assistant',
    message: { id: `msg_demo_${randomUUID().slice(0, 8)}`, type: 'message', role: 'assistant', model, content, stop_reason: null, usage: usage(text) },
    parent_tool_use_id: null, session_id: sid, uuid: randomUUID(),
  });

  await emit({
    type: 'system', subtype: 'init', cwd: process.cwd(), session_id: sid, tools: ['Read'],
    mcp_servers: mcpNames.map((name) => ({ name, status: 'not used by the demo agent' })),
    model, permissionMode: 'default', apiKeySource: 'none', claude_code_version: VERSION, demo: true, uuid: randomUUID(),
  });

  const refs = referencePaths(prompt).map(resolvePath);
  const remembered = session.turns.length;
  const intro = [
    `Demo agent (no model): I received a prompt of ${promptBytes} bytes (about ${inputTokens} tokens) on stdin.`,
    opts.model ? `You asked for model "${opts.model}"; the demo agent has no model and answers the same way whatever it is.` : '',
    opts.resume ? `I resumed session ${sid} and remember ${remembered} earlier turn${remembered === 1 ? '' : 's'}.` : '',
    opts.schema !== null ? `A JSON schema of ${Buffer.byteLength(opts.schema)} bytes came with --json-schema; the demo does not produce structured output.` : '',
    askLine(prompt) ? `Your ask begins: ${JSON.stringify(askLine(prompt))}.` : '',
    refs.length ? `I will read the ${refs.length} reference file${refs.length === 1 ? '' : 's'} the prompt lists.` : 'The prompt lists no reference files under "## Reference files".',
  ].filter(Boolean).join(' ');
  await emit(assistant([{ type: 'text', text: intro }], intro));

  const read = [];
  for (const [i, path] of refs.entries()) {
    const callId = `toolu_demo_${i + 1}_${randomUUID().slice(0, 8)}`;
    const input = { file_path: path };
    await emit(assistant([{ type: 'tool_use', id: callId, name: 'Read', input }], JSON.stringify(input)));
    const r = readReference(path);
    read.push({ path, ...r });
    await emit({
      type: 'user', message: { role: 'user', content: [{ tool_use_id: callId, type: 'tool_result', content: r.output, is_error: !r.ok }] },
      parent_tool_use_id: null, session_id: sid, uuid: randomUUID(), timestamp: new Date().toISOString(),
    });
  }

  const okReads = read.filter((r) => r.ok);
  const total = okReads.reduce((n, r) => n + r.size, 0);
  const lines = [
    `Demo agent (no model): I read ${okReads.length} of ${refs.length} reference file${refs.length === 1 ? '' : 's'}, ${total} bytes in total.`,
    ...read.map((r) => (r.ok ? `- ${r.path}: ${r.size} bytes, ${lineCount(r.text)} lines read; first line: ${JSON.stringify(firstLine(r.text))}` : `- ${r.path}: could not be read (${r.output.replace(/<\/?tool_use_error>/g, '')})`)),
    remembered ? `This session now has ${remembered + 1} turns.` : '',
    'A real agent would now work on your ask; this demo only shows what a run looks like in Loupe.',
  ].filter(Boolean);
  const summary = lines.join('\n');
  await emit(assistant([{ type: 'text', text: summary }], summary));

  session.turns.push({ at: new Date().toISOString(), promptBytes, files: read.map((r) => r.path) });
  saveSession(session);
  await emit({
    type: 'result', subtype: 'success', is_error: false, duration_ms: Date.now() - started, duration_api_ms: 0, num_turns: read.length + 1,
    result: summary, stop_reason: 'end_turn', session_id: sid, total_cost_usd: 0,
    usage: { input_tokens: inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: tokens(outputBytes) },
    modelUsage: {}, permission_denials: [], uuid: randomUUID(),
  });
}

main().catch((err) => {
  process.stderr.write(`demo agent: ${err && err.stack ? err.stack : String(err)}\n`);
  process.exitCode = 1;
});
