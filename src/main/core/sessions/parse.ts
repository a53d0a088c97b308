import { open, readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { ImportedSession, SessionCli, SessionFile, SessionFormat, SessionLineStats } from '../../../shared/contract/sessions';
import type { TranscriptItem } from '../../../shared/contract/transcript';
import { LoupeError } from '../../../shared/errors';
import { SessionBuilder, type BuiltSession } from '../conversation/builder';
import { ClaudeLines } from './claude';
import { CodexLines } from './codex';
import { detectFormat } from './detect';
import { LineCounts, SessionFacts } from './facts';
import { obj, str } from '../conversation/fields';
import { GeminiReplay } from './gemini';
import { openLineReader, readJsonl, type JsonlResult } from './jsonl-reader';
import { sessionIdMemos } from './session-memo';

/** Largest JSON document (Gemini's older format) read whole. */
export const MAX_JSON_DOCUMENT_BYTES = 64 * 1024 * 1024;

export interface ParseOptions {
  signal?: AbortSignal;
  /** Keep full bodies for these entry indexes (prune-and-continue); none by default. */
  keepBodies?: (index: number) => boolean;
  now?: () => Date;
}

/** A parsed session, with the bodies asked for (empty unless `keepBodies` was given). */
export interface ParsedSession {
  session: ImportedSession;
  bodies: Map<number, TranscriptItem>;
}

const CLI_OF: Record<SessionFormat, SessionCli> = {
  'claude-code-jsonl': 'claude-code',
  'codex-rollout-jsonl': 'codex',
  'gemini-json': 'gemini',
  'gemini-jsonl': 'gemini',
};

async function fileRef(path: string, role: SessionFile['role'], addressing: SessionFile['addressing'], agentId?: string): Promise<SessionFile> {
  const st = await stat(path);
  const ref: SessionFile = { path, role, bytes: st.size, mtimeMs: st.mtimeMs, addressing };
  if (agentId !== undefined) ref.agentId = agentId;
  return ref;
}

async function readDocument(path: string): Promise<unknown> {
  const st = await stat(path);
  if (st.size > MAX_JSON_DOCUMENT_BYTES) throw new LoupeError('invalid-input', `${path} is a ${st.size}-byte JSON document; at most ${MAX_JSON_DOCUMENT_BYTES} bytes are read.`);
  return JSON.parse(await readFile(path, 'utf8')) as unknown;
}

/**
 * Reads one transcript file of any of the three CLIs, recognized from its
 * content, into the normalized ImportedSession (Claude Code subagent files
 * beside it included). Lines stream one at a time; entries keep previews and
 * byte counts only. Throws `not-found` for a missing file and `invalid-input`
 * for a file of no known format.
 */
export async function parseSessionFile(path: string, options: ParseOptions = {}): Promise<ParsedSession> {
  const st = await stat(path).catch(() => null);
  if (!st) throw new LoupeError('not-found', `There is no file at ${path}.`);
  if (!st.isFile()) throw new LoupeError('invalid-input', `${path} is not a file.`);
  const format = await detectFormat(path, () => readDocument(path));
  if (!format) {
    throw new LoupeError('invalid-input', `${path} is not a Claude Code, Codex or Gemini CLI transcript (its format was not recognized from its content).`, {
      reason: 'unknown-format',
    });
  }
  const builder = new SessionBuilder(options.keepBodies, sessionIdMemos());
  const facts = new SessionFacts();
  const counts = new LineCounts();
  const files: SessionFile[] = [];
  let read: JsonlResult;
  let reportedWindow: number | null = null;
  let projectHash: string | undefined;

  switch (format) {
    case 'claude-code-jsonl': {
      files.push(await fileRef(path, 'main', 'line'));
      const claude = new ClaudeLines(builder, facts, counts);
      read = await readJsonl(path, (l) => claude.line(l, { file: 0, subagent: false }), options.signal);
      claude.flushSystem();
      claude.flushPoints();
      for (const sub of await claudeSubagentFiles(path, facts.sessionId)) {
        const file = files.length;
        files.push(await fileRef(sub.path, sub.role, 'line', sub.agentId));
        if (sub.role === 'compaction') continue;
        const parentCallId = sub.toolUseId ?? claude.agentLinks.get(sub.agentId);
        const r = await readJsonl(sub.path, (l) => claude.line(l, { file, subagent: true, agentId: sub.agentId, parentCallId }), options.signal);
        read = { read: read.read + r.read, malformed: read.malformed + r.malformed, partialTail: read.partialTail };
      }
      break;
    }
    case 'codex-rollout-jsonl': {
      files.push(await fileRef(path, 'main', 'line'));
      const codex = new CodexLines(builder, facts, counts);
      read = await readJsonl(path, (l) => codex.line(l), options.signal);
      reportedWindow = codex.window;
      break;
    }
    case 'gemini-jsonl': {
      files.push(await fileRef(path, 'main', 'line'));
      const gemini = new GeminiReplay(facts, counts);
      read = await readJsonl(path, (l) => gemini.line(l.value, l.lineNo, { offset: l.offset, bytes: l.bytes }), options.signal);
      const lines = openLineReader(path);
      try {
        gemini.emit(builder, 0, lines.read);
      } finally {
        lines.close();
      }
      projectHash = gemini.projectHash ?? undefined;
      break;
    }
    case 'gemini-json': {
      files.push(await fileRef(path, 'main', 'message'));
      const doc = obj(await readDocument(path));
      const gemini = new GeminiReplay(facts, counts);
      facts.note({ sessionId: str(doc.sessionId), timestamp: str(doc.startTime) });
      const messages = Array.isArray(doc.messages) ? doc.messages : [];
      let malformed = 0;
      messages.forEach((m, i) => {
        if (typeof m === 'object' && m !== null && !Array.isArray(m)) gemini.line(m as Record<string, unknown>, i + 1);
        else malformed += 1;
      });
      gemini.emit(builder, 0);
      projectHash = str(doc.projectHash) ?? undefined;
      read = { read: messages.length, malformed, partialTail: false };
      break;
    }
  }
  const built = builder.finish();
  const lines: SessionLineStats = {
    read: read.read,
    malformed: read.malformed,
    unknown: counts.unknownTotal,
    unknownTypes: counts.unknownTypes,
    bookkeeping: counts.bookkeeping,
    partialTail: read.partialTail,
  };
  const session = assemble(format, facts, built, files, lines, reportedWindow, (options.now ?? (() => new Date()))());
  if (projectHash) session.projectHash = projectHash;
  return { session, bodies: built.bodies };
}

function assemble(
  format: SessionFormat,
  facts: SessionFacts,
  built: BuiltSession,
  files: SessionFile[],
  lines: SessionLineStats,
  reportedWindow: number | null,
  now: Date,
): ImportedSession {
  return {
    format,
    cli: CLI_OF[format],
    cliVersion: facts.version,
    sessionId: facts.sessionId,
    cwd: facts.cwd,
    models: facts.allModels(),
    model: facts.lastModel,
    startedAt: facts.startedAt,
    endedAt: facts.endedAt,
    files,
    entries: built.entries,
    compactions: built.compactions,
    contextPoints: built.contextPoints,
    system: built.system,
    tools: built.toolNames,
    reportedWindow,
    title: facts.title,
    ...(facts.cliCostUsd !== null ? { cliCostUsd: facts.cliCostUsd } : {}),
    lines,
    readAt: now.toISOString(),
  };
}

interface SubagentFile {
  path: string;
  role: 'subagent' | 'compaction';
  agentId: string;
  toolUseId?: string;
}

/**
 * Claude Code's subagent transcripts for a session: `<session>/subagents/agent-*.jsonl`
 * (2.1, with `.meta.json` naming the parent tool call) and, in 2.0, sibling
 * `agent-<8 hex>.jsonl` files whose lines carry the same sessionId.
 */
export async function claudeSubagentFiles(mainPath: string, sessionId: string | null): Promise<SubagentFile[]> {
  const found: SubagentFile[] = [];
  const dir = dirname(mainPath);
  const name = basename(mainPath, '.jsonl');
  const subDir = join(dir, name, 'subagents');
  const inSub = await readdir(subDir).catch(() => [] as string[]);
  for (const f of inSub.filter((f) => f.startsWith('agent-') && f.endsWith('.jsonl')).sort()) {
    const agentId = f.slice('agent-'.length, -'.jsonl'.length);
    const metaText = await readFile(join(subDir, `agent-${agentId}.meta.json`), 'utf8').catch(() => null);
    let toolUseId: string | undefined;
    try {
      toolUseId = metaText ? (str(obj(JSON.parse(metaText)).toolUseId) ?? undefined) : undefined;
    } catch {
      toolUseId = undefined;
    }
    const sub: SubagentFile = { path: join(subDir, f), role: agentId.startsWith('acompact') ? 'compaction' : 'subagent', agentId };
    if (toolUseId) sub.toolUseId = toolUseId;
    found.push(sub);
  }
  if (!sessionId || name.startsWith('agent-')) return found;
  const siblings = await readdir(dir).catch(() => [] as string[]);
  for (const f of siblings.filter((f) => /^agent-[0-9a-f]{6,}\.jsonl$/.test(f)).sort()) {
    if ((await firstSessionId(join(dir, f))) === sessionId) found.push({ path: join(dir, f), role: 'subagent', agentId: f.slice(6, -6) });
  }
  return found;
}

/** The sessionId of a file's first JSON line (first 64 KiB only). */
async function firstSessionId(path: string): Promise<string | null> {
  const handle = await open(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    const line = buf.subarray(0, bytesRead).toString('utf8').split('\n')[0] ?? '';
    return str(obj(JSON.parse(line)).sessionId);
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}
