import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { basename, join, sep } from 'node:path';
import type { SessionCli, SessionFolderInfo, SessionFolders, SessionFormat } from '../../../shared/contract/sessions';
import { formatOfLine } from './detect';
import { obj, str } from '../conversation/fields';

/** Transcript files looked at per folder at most (a bound, not a expectation). */
export const MAX_SESSION_FILES = 20_000;

/**
 * The folders each CLI keeps its sessions in, as this environment says (tests
 * pass their own HOME). Only the environment Loupe was given counts: without
 * HOME (or USERPROFILE) there is no default folder (path ''), never a guess.
 */
export function sessionFolders(env: NodeJS.ProcessEnv, configured: SessionFolders): SessionFolderInfo[] {
  const home = env.HOME || env.USERPROFILE || '';
  const under = (...parts: string[]) => (home ? join(home, ...parts) : '');
  const pick = (cli: SessionCli, envPath: string | null, fallback: string): SessionFolderInfo => {
    if (configured[cli]) return { cli, path: configured[cli], source: 'settings', exists: false };
    if (envPath) return { cli, path: envPath, source: 'env', exists: false };
    return { cli, path: fallback, source: 'default', exists: false };
  };
  return [
    pick('claude-code', env.CLAUDE_CONFIG_DIR ? join(env.CLAUDE_CONFIG_DIR, 'projects') : null, under('.claude', 'projects')),
    pick('codex', env.CODEX_HOME ? join(env.CODEX_HOME, 'sessions') : null, under('.codex', 'sessions')),
    // GEMINI_CLI_HOME stands in for the home folder (the CLI appends .gemini itself).
    pick('gemini', env.GEMINI_CLI_HOME ? join(env.GEMINI_CLI_HOME, '.gemini', 'tmp') : null, under('.gemini', 'tmp')),
  ];
}

/** Is this file name (in this parent folder) one of the CLI's session transcripts? */
function isTranscript(cli: SessionCli, name: string, parent: string): boolean {
  switch (cli) {
    case 'claude-code':
      return name.endsWith('.jsonl') && !name.startsWith('agent-') && basename(parent) !== 'subagents';
    case 'codex':
      return /^rollout-.*\.jsonl$/.test(name);
    case 'gemini':
      return /^session-.*\.jsonl?$/.test(name) && basename(parent) === 'chats';
  }
}

const DEPTH: Record<SessionCli, number> = { 'claude-code': 3, codex: 5, gemini: 4 };

export interface FoundFile {
  path: string;
  cli: SessionCli;
  bytes: number;
  mtimeMs: number;
}

/** The CLI's transcript files under `root` (bounded depth and count); a missing folder is an empty list. */
export async function findTranscripts(cli: SessionCli, root: string, signal?: AbortSignal): Promise<FoundFile[]> {
  const found: FoundFile[] = [];
  const walk = async (dir: string, depth: number): Promise<void> => {
    if (found.length >= MAX_SESSION_FILES) return;
    signal?.throwIfAborted();
    const items = await readdir(dir, { withFileTypes: true }).catch(() => []);
    for (const item of items) {
      const path = join(dir, item.name);
      if (item.isDirectory() && depth > 0 && item.name !== 'subagents') await walk(path, depth - 1);
      else if (item.isFile() && isTranscript(cli, item.name, dir)) {
        const st = await stat(path).catch(() => null);
        if (st) found.push({ path, cli, bytes: st.size, mtimeMs: st.mtimeMs });
        if (found.length >= MAX_SESSION_FILES) return;
      }
    }
  };
  await walk(root, DEPTH[cli]);
  return found;
}

/** What a file's first lines say: enough to tell whose repository it belongs to, without reading it through. */
export interface HeadFacts {
  format: SessionFormat | null;
  cwd: string | null;
  projectHash: string | null;
  sessionId: string | null;
}

/** Reads the first 256 KiB of a transcript for its format, recorded cwd, session id and (Gemini) project hash. */
export async function headFacts(path: string): Promise<HeadFacts> {
  const facts: HeadFacts = { format: null, cwd: null, projectHash: null, sessionId: null };
  const handle = await open(path, 'r');
  let text: string;
  try {
    const buf = Buffer.alloc(256 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    text = buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
  for (const line of text.split('\n').slice(0, 400)) {
    let v: Record<string, unknown>;
    try {
      v = obj(JSON.parse(line));
    } catch {
      continue;
    }
    facts.format ??= formatOfLine(v);
    const payload = obj(v.payload);
    facts.sessionId ??= str(v.sessionId) ?? (v.type === 'session_meta' ? str(payload.id) : null);
    facts.cwd ??= str(v.cwd) ?? (v.type === 'session_meta' ? str(payload.cwd) : null) ?? sessionContextCwd(v);
    facts.projectHash ??= str(v.projectHash);
    if (facts.format && facts.cwd && (facts.format !== 'gemini-jsonl' || facts.projectHash)) break;
  }
  if (!facts.format && text.trimStart().startsWith('{')) {
    facts.format = 'gemini-json';
    facts.projectHash = /"projectHash"\s*:\s*"([0-9a-f]{64})"/.exec(text)?.[1] ?? null;
    facts.sessionId = /"sessionId"\s*:\s*"([^"]+)"/.exec(text)?.[1] ?? null;
  }
  return facts;
}

/** Gemini: the first workspace folder named in a `<session_context>` record (or a $set of one). */
export function sessionContextCwd(v: Record<string, unknown>): string | null {
  const text = JSON.stringify(v.$set ?? v.content ?? '');
  const m = /Workspace Directories:(?:\*\*)?\\n\s*-\s*([^\\"]+)/.exec(text);
  return m?.[1]?.trim() ?? null;
}

/** The real path of a folder, or the path itself when it does not exist here. */
export function realOrSame(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** `path` is `root` or inside it. */
const within = (path: string, root: string) => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

/**
 * Does a session recorded in `cwd` (the repository or a folder inside it), or
 * under Gemini's `projectHash`, belong to the repository at `repo`? Real paths compared.
 */
export function belongsTo(head: Pick<HeadFacts, 'cwd' | 'projectHash'>, repo: string, repoReal: string): boolean {
  if (head.cwd) {
    const cwd = head.cwd.length > 1 ? head.cwd.replace(/[\\/]+$/, '') : head.cwd;
    return within(cwd, repo) || within(cwd, repoReal) || within(realOrSame(cwd), repoReal);
  }
  if (head.projectHash) {
    const sha = (p: string) => createHash('sha256').update(p).digest('hex');
    return head.projectHash === sha(repo) || head.projectHash === sha(repoReal);
  }
  return false;
}
