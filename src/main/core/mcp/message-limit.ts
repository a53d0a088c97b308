import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { checkMessage, INVALID_REQUEST } from './message-check';

/** The largest JSON-RPC message `loupe mcp` reads; the X-Ray tools take ids and a summary. */
export const MCP_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/** How much of an oversized message is kept to find its id. */
const HEAD_BYTES = 4096;

/**
 * The top-level `"id"` of a JSON-RPC message from its first bytes, or null (JSON-RPC's
 * id for an error about a request whose id cannot be told). Only depth 1 counts: an
 * `"id"` inside params is someone else's.
 */
export function topLevelId(head: string): string | number | null {
  let depth = 0;
  for (let i = 0; i < head.length; i++) {
    const c = head[i];
    if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
    else if (c === '"') {
      const end = stringEnd(head, i);
      if (end < 0) return null;
      if (depth === 1 && head.slice(i, end + 1) === '"id"') {
        const m = /^\s*:\s*("(?:[^"\\]|\\.){0,200}"|-?\d{1,16})\s*[,}]/.exec(head.slice(end + 1));
        if (!m) return null;
        return m[1]!.startsWith('"') ? (JSON.parse(m[1]!) as string) : Number(m[1]);
      }
      i = end;
    }
  }
  return null;
}

/** Index of the quote closing the JSON string opening at `start`, or -1. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return -1;
}

/**
 * Frames stdin into newline-delimited messages for the MCP SDK's stdio transport: a
 * message of at most `maxBytes` is passed on whole (one chunk, so the SDK copies it
 * once), a longer one is dropped as it streams (never held) and answered through
 * `reply` with a JSON-RPC error naming the limit, and the server reads on. Without
 * this the SDK's buffer stalled on a 10 MB message and closed the server on 50 MB.
 * Lines the SDK would drop unanswered (not JSON, malformed, too deep) are answered
 * through `reply` too (message-check.ts).
 */
export function limitMessages(input: Readable, reply: (line: string) => void, maxBytes = MCP_MAX_MESSAGE_BYTES): Readable {
  let parts: Buffer[] = [];
  let size = 0;
  let head: Buffer | null = null;

  const refuse = () => {
    const id = topLevelId(head!.toString('utf8'));
    const message = `The message is over ${maxBytes.toLocaleString('en-US')} bytes (${size.toLocaleString('en-US')} read); loupe mcp reads at most ${maxBytes.toLocaleString('en-US')} bytes per message.`;
    reply(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code: INVALID_REQUEST, message, data: { maxBytes, bytes: size } } })}\n`);
  };
  const add = (piece: Buffer) => {
    size += piece.length;
    if (head) return;
    parts.push(piece);
    if (size <= maxBytes) return;
    head = Buffer.concat(parts).subarray(0, HEAD_BYTES);
    parts = [];
  };
  /** A whole line within the limit: passed on when it is a JSON-RPC message, else answered here (message-check.ts). */
  const pass = (out: Transform, line: Buffer, newline: boolean) => {
    const checked = checkMessage(line, topLevelId);
    if ('reply' in checked) reply(checked.reply);
    else out.push(newline ? Buffer.concat([checked.pass, Buffer.from('\n')]) : checked.pass);
  };
  const endLine = (out: Transform) => {
    if (head) refuse();
    else pass(out, Buffer.concat(parts), true);
    parts = [];
    size = 0;
    head = null;
  };

  const framer = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      let start = 0;
      let nl: number;
      while ((nl = chunk.indexOf(10, start)) >= 0) {
        add(chunk.subarray(start, nl));
        endLine(this);
        start = nl + 1;
      }
      if (start < chunk.length) add(chunk.subarray(start));
      done();
    },
    flush(done: TransformCallback) {
      if (head) refuse();
      else if (size > 0) pass(this, Buffer.concat(parts), false);
      done();
    },
  });
  input.on('error', (err) => framer.destroy(err));
  return input.pipe(framer);
}
