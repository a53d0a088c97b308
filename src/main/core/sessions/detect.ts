import { open } from 'node:fs/promises';
import type { SessionFormat } from '../../../shared/contract/sessions';

/** How much of a file's head is looked at to recognize its format. */
const HEAD_BYTES = 256 * 1024;
const CODEX_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted', 'world_state', 'token_usage_record']);
const CLAUDE_TYPES = new Set(['user', 'assistant', 'system', 'summary', 'file-history-snapshot', 'queue-operation', 'progress', 'attachment', 'last-prompt', 'mode']);

/** The format one JSON line shows, or null when it does not tell. */
export function formatOfLine(v: Record<string, unknown>): SessionFormat | null {
  const type = typeof v.type === 'string' ? v.type : null;
  if (type && 'payload' in v && CODEX_TYPES.has(type)) return 'codex-rollout-jsonl';
  if (Array.isArray(v.messages) && typeof v.sessionId === 'string') return 'gemini-json';
  if (typeof v.projectHash === 'string' && typeof v.sessionId === 'string') return 'gemini-jsonl';
  if ('$set' in v || '$rewindTo' in v) return 'gemini-jsonl';
  if (type && CLAUDE_TYPES.has(type) && ('uuid' in v || 'message' in v || 'leafUuid' in v || 'sessionId' in v || 'messageId' in v)) {
    return 'claude-code-jsonl';
  }
  if (typeof v.id === 'string' && (type === 'gemini' || (type === 'user' && 'content' in v && !('message' in v)))) return 'gemini-jsonl';
  return null;
}

/**
 * Recognizes a transcript's format from its content, never its name: the
 * first lines that tell (up to 256 KiB), or a whole JSON document with a
 * `messages` array (Gemini's older format). Null when nothing fits.
 */
export async function detectFormat(path: string, readWhole: () => Promise<unknown>): Promise<SessionFormat | null> {
  const handle = await open(path, 'r');
  let head: Buffer;
  try {
    const buf = Buffer.allocUnsafe(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  // Each line is decoded from its bytes when it is looked at (the first one usually tells):
  // decoding and splitting the whole 256 KiB head cost ~2.5 ms of every `loupe xray --session`.
  // A newline byte never occurs inside a UTF-8 sequence, so the lines are the same as the text's.
  // The last piece may be cut by the head's end: only complete lines are looked at (unless it is all there is).
  const lastNewline = head.lastIndexOf(0x0a);
  const end = lastNewline < 0 ? head.length : lastNewline;
  for (let start = 0, looked = 0; start <= end && looked < 200; looked++) {
    let newline = head.indexOf(0x0a, start);
    if (newline < 0 || newline > end) newline = end;
    const line = head.toString('utf8', start, newline);
    start = newline + 1;
    if (!line.trim().startsWith('{')) continue;
    try {
      const v: unknown = JSON.parse(line);
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
        const f = formatOfLine(v as Record<string, unknown>);
        if (f) return f;
      }
    } catch {
      // A pretty-printed JSON document starts with a line that is not JSON on its own.
    }
  }
  if (!head.toString('utf8').trimStart().startsWith('{')) return null;
  try {
    const doc = await readWhole();
    if (typeof doc === 'object' && doc !== null && Array.isArray((doc as Record<string, unknown>).messages)) return 'gemini-json';
  } catch {
    return null;
  }
  return null;
}
