import { open } from 'node:fs/promises';
import type { SessionSummary, SessionFormat } from '../../../shared/contract/sessions';
import { previewOf } from '../conversation/builder';
import { formatOfLine } from './detect';
import { sessionContextCwd } from './discovery';
import { num, obj, str } from '../conversation/fields';

/** How much of a transcript's head and tail a list line reads. */
export const SUMMARY_HEAD_BYTES = 256 * 1024;
export const SUMMARY_TAIL_BYTES = 512 * 1024;

const CLI_OF = { 'claude-code-jsonl': 'claude-code', 'codex-rollout-jsonl': 'codex', 'gemini-jsonl': 'gemini' } as const;
const WRAPPER = /^\s*<([a-z_-]+)[\s>]/;

/** The complete JSON-object lines of a piece of a file (the first piece may start mid-line, the last may end mid-line). */
function objects(text: string, startsMidLine: boolean): Record<string, unknown>[] {
  const lines = text.split('\n');
  if (startsMidLine) lines.shift();
  lines.pop();
  const out: Record<string, unknown>[] = [];
  for (const line of lines) {
    if (!line.startsWith('{')) continue;
    try {
      out.push(obj(JSON.parse(line)));
    } catch {
      // Malformed lines are the full parse's business; a list line just skips them.
    }
  }
  return out;
}

/** The first human prompt a line holds, if it is one. */
function promptOf(format: SessionFormat, v: Record<string, unknown>): string | null {
  if (format === 'claude-code-jsonl') {
    if (v.type !== 'user' || v.isSidechain === true || v.isMeta === true || v.isCompactSummary === true) return null;
    const content = obj(v.message).content;
    const text = typeof content === 'string' ? content : Array.isArray(content) ? (content.map(obj).find((b) => b.type === 'text')?.text as string | undefined) ?? null : null;
    return text && !WRAPPER.test(text) ? text : null;
  }
  if (format === 'codex-rollout-jsonl') {
    const p = obj(v.payload);
    if (v.type === 'event_msg' && p.type === 'user_message') return str(p.message);
    if (v.type !== 'response_item' || p.type !== 'message' || p.role !== 'user') return null;
    const text = (Array.isArray(p.content) ? p.content.map((c) => str(obj(c).text) ?? '').join('\n') : '').trim();
    return text && !WRAPPER.test(text) && !text.startsWith('# AGENTS.md') ? text : null;
  }
  if (v.type !== 'user' || typeof v.id !== 'string') return null;
  const parts = typeof v.content === 'string' ? [v.content] : Array.isArray(v.content) ? v.content.map((c) => str(obj(c).text) ?? '') : [];
  const text = parts.join('\n').trim();
  return text && !text.startsWith('<session_context>') ? text : null;
}

/** The provider's count on a line (and its model), if the line carries one. */
function pointOf(format: SessionFormat, v: Record<string, unknown>): { tokens: number; at: string | null; model: string | null } | null {
  if (format === 'claude-code-jsonl') {
    const m = obj(v.message);
    if (v.type !== 'assistant' || v.isSidechain === true || m.model === '<synthetic>') return null;
    const u = obj(m.usage);
    const tokens = (num(u.input_tokens) ?? 0) + (num(u.cache_creation_input_tokens) ?? 0) + (num(u.cache_read_input_tokens) ?? 0);
    return tokens > 0 ? { tokens, at: str(v.timestamp), model: str(m.model) } : null;
  }
  if (format === 'codex-rollout-jsonl') {
    const p = obj(v.payload);
    const last = obj(obj(p.info).last_token_usage);
    const input = num(last.input_tokens) ?? 0;
    return v.type === 'event_msg' && p.type === 'token_count' && input > 0 ? { tokens: input + (num(last.output_tokens) ?? 0), at: str(v.timestamp), model: null } : null;
  }
  const input = num(obj(v.tokens).input) ?? 0;
  return v.type === 'gemini' && input > 0 ? { tokens: input, at: str(v.timestamp), model: str(v.model) } : null;
}

async function readSlice(handle: Awaited<ReturnType<typeof open>>, start: number, length: number): Promise<string> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await handle.read(buf, 0, length, start);
  return buf.subarray(0, bytesRead).toString('utf8');
}

/**
 * A list line for a JSONL transcript from its first 256 KiB and last 512 KiB
 * only: id, cwd, first prompt and start from the head, the provider's last
 * count and model from the tail. Null for a format it cannot summarize this
 * way (Gemini's JSON documents): the caller reads those whole.
 */
export async function quickSummary(path: string): Promise<SessionSummary | null> {
  const handle = await open(path, 'r');
  try {
    const st = await handle.stat();
    const headText = await readSlice(handle, 0, Math.min(st.size, SUMMARY_HEAD_BYTES));
    const head = objects(st.size <= SUMMARY_HEAD_BYTES ? `${headText}\n` : headText, false);
    const format = head.map(formatOfLine).find((f) => f !== null) ?? null;
    if (!format || format === 'gemini-json') return null;
    const tailStart = Math.max(0, st.size - SUMMARY_TAIL_BYTES);
    const tail = tailStart === 0 ? head : objects(`${await readSlice(handle, tailStart, st.size - tailStart)}\n`, true);
    const s: SessionSummary = {
      file: path,
      cli: CLI_OF[format],
      format,
      sessionId: null,
      cwd: null,
      title: null,
      model: null,
      startedAt: null,
      updatedAt: new Date(st.mtimeMs).toISOString(),
      bytes: st.size,
      lastContext: null,
    };
    for (const v of head) {
      const p = obj(v.payload);
      s.sessionId ??= str(v.sessionId) ?? (v.type === 'session_meta' ? str(p.id) : null);
      s.cwd ??= str(v.cwd) ?? (v.type === 'session_meta' ? str(p.cwd) : null) ?? (format === 'gemini-jsonl' ? sessionContextCwd(v) : null);
      s.startedAt ??= str(v.timestamp) ?? str(v.startTime);
      const prompt = s.title === null ? promptOf(format, v) : null;
      if (prompt) s.title = previewOf(prompt);
      if (v.type === 'turn_context' && str(p.model)) s.model = str(p.model);
    }
    for (const v of tail) {
      const point = pointOf(format, v);
      if (point) {
        s.lastContext = { tokens: point.tokens, basis: format === 'codex-rollout-jsonl' ? 'request-input+output' : 'request-input', at: point.at };
        if (point.model) s.model = point.model;
      }
      if (v.type === 'turn_context' && str(obj(v.payload).model)) s.model = str(obj(v.payload).model);
    }
    return s;
  } finally {
    await handle.close();
  }
}
