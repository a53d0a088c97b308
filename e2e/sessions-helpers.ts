// Helpers for the sessions e2e specs: a folder laid out like Claude Code's own
// (<config dir>/projects/<encoded cwd>/<session>.jsonl), holding a small made-up
// transcript recorded in the test's repository and a real one (fixtures/sessions)
// whose recorded cwd is rewritten to that repository.
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const REAL = join(__dirname, '../fixtures/sessions/claude/loupe-mock-model/projects/-tmp-loupe-agent-repo-ItpI/ac939d1c-76ae-4724-b7cb-8917fabdcdc7.jsonl');
const enc = (p: string) => p.replace(/[^A-Za-z0-9]/g, '-');

let n = 0;
/** Claude Code lines for a session recorded in `cwd` (shapes as in fixtures/sessions/README.md). */
function lines(cwd: string, sessionId: string) {
  const base = { sessionId, cwd, version: '2.1.197', userType: 'external', isSidechain: false };
  const uuid = () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
  const usage = (context: number) => ({ input_tokens: 12, cache_creation_input_tokens: context - 1012, cache_read_input_tokens: 1000, output_tokens: 40 });
  return {
    user: (content: unknown, extra: object = {}) => ({ ...base, type: 'user', uuid: uuid(), timestamp: '2026-11-30T10:00:00.000Z', message: { role: 'user', content }, ...extra }),
    assistant: (id: string, block: object, context = 4000) => ({
      ...base,
      type: 'assistant',
      uuid: uuid(),
      requestId: `req_${id}`,
      timestamp: '2026-11-30T10:00:01.000Z',
      message: { id, role: 'assistant', model: 'claude-sonnet-4-5', content: [block], usage: usage(context) },
    }),
    boundary: () => ({ ...base, type: 'system', subtype: 'compact_boundary', uuid: uuid(), parentUuid: null, timestamp: '2026-11-30T10:05:00.000Z', compactMetadata: { trigger: 'auto', preTokens: 9000 } }),
    summary: (text: string) => ({ ...base, type: 'user', uuid: uuid(), isCompactSummary: true, isVisibleInTranscriptOnly: true, message: { role: 'user', content: text } }),
  };
}

/** The build log the made-up session's agent read: the largest tool result, about 40 KB. */
export const BUILD_LOG = Array.from({ length: 800 }, (_, i) => `[build] step ${i}: compiled module-${i}.ts in ${i % 97} ms`).join('\n');

/** Writes a Claude Code session of `repo` under `configDir`: a compaction, a large log read, a small file read, then the latest prompt. */
export function writeMadeUpSession(configDir: string, repo: string, sessionId = 'e2e-session-1'): string {
  const c = lines(repo, sessionId);
  const dir = join(configDir, 'projects', enc(repo));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${sessionId}.jsonl`);
  const rows = [
    c.user('hello, what is this repository?'),
    c.assistant('m0', { type: 'text', text: 'A small TypeScript app with a nightly build.' }, 2000),
    c.boundary(),
    c.summary('This session is being continued from a previous conversation: the user asked what the repository is; it is a small TypeScript app.'),
    c.user('Why does the nightly build fail?'),
    c.assistant('m1', { type: 'tool_use', id: 'toolu_log', name: 'Bash', input: { command: 'cat build.log' } }),
    c.assistant('m1', { type: 'tool_use', id: 'toolu_src', name: 'Read', input: { file_path: join(repo, 'src/app.ts') } }),
    c.user([{ type: 'tool_result', tool_use_id: 'toolu_log', content: BUILD_LOG }]),
    c.user([{ type: 'tool_result', tool_use_id: 'toolu_src', content: 'export const timeoutMs = 500;' }]),
    c.assistant('m2', { type: 'text', text: 'Step 799 times out: the timeout in src/app.ts is 500 ms.' }, 16_500),
    c.user('Raise the timeout and explain why'),
  ];
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}

/** Appends a line to a session, as the CLI does while it is still running. */
export function appendToSession(file: string, repo: string, text: string): void {
  const c = lines(repo, 'e2e-session-1');
  writeFileSync(file, readFileSync(file, 'utf8') + JSON.stringify(c.assistant('m3', { type: 'text', text }, 17_000)) + '\n');
}

/** A real Claude Code transcript (manual compaction, tool pairs) copied under `configDir` as a session of `repo`, an hour older. */
export function copyRealSession(configDir: string, repo: string): string {
  const dir = join(configDir, 'projects', enc(repo));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'ac939d1c-76ae-4724-b7cb-8917fabdcdc7.jsonl');
  writeFileSync(file, readFileSync(REAL, 'utf8').replaceAll('"cwd":"/tmp/loupe-agent-repo.ItpI"', `"cwd":${JSON.stringify(repo)}`));
  const hourAgo = Date.now() / 1000 - 3600;
  utimesSync(file, hourAgo, hourAgo);
  return file;
}
