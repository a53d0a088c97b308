import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Envelope } from '../../shared/api';
import { httpStatusFor, LoupeError, toErrorShape } from '../../shared/errors';

/** The largest request body the host reads. */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** An oversized body: answered 413 and the connection closed (it may still be sending). */
export class BodyTooLarge extends LoupeError {
  constructor() {
    super('invalid-input', `The request body is over ${MAX_BODY_BYTES} bytes.`);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...extraHeaders,
  });
  res.end(text);
}

/** Answers with the error envelope, the status its code maps to (413 for an oversized body). */
export function sendError(res: ServerResponse, error: unknown): void {
  const shape = toErrorShape(error);
  if (error instanceof BodyTooLarge) {
    sendJson(res, 413, { ok: false, error: shape } satisfies Envelope, { connection: 'close' });
    return;
  }
  // RFC 9110: a 405 names the methods the route does take.
  const allow = shape.code === 'method-not-allowed' ? (shape.details as { allow?: string } | undefined)?.allow : undefined;
  sendJson(res, httpStatusFor(shape.code), { ok: false, error: shape } satisfies Envelope, allow ? { allow } : {});
}

/** True when the request declares a body over MAX_BODY_BYTES (Content-Length). */
export function tooLargeByDeclaration(req: IncomingMessage): boolean {
  const declared = Number(req.headers['content-length']);
  return Number.isFinite(declared) && declared > MAX_BODY_BYTES;
}

/**
 * Reads a JSON body up to MAX_BODY_BYTES; `{}` for an empty one. Past the limit it
 * rejects with BodyTooLarge but keeps draining the request (dropping the bytes):
 * destroying it, as leaving a `for await` loop does, would reset the connection and
 * lose the 413 the client is about to be sent.
 */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  if (tooLargeByDeclaration(req)) throw new BodyTooLarge();
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) return void chunks.push(chunk);
      over = true;
      chunks.length = 0;
      reject(new BodyTooLarge());
    });
    req.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.once('error', reject);
    req.once('close', () => reject(new LoupeError('cancelled', 'The client closed the connection before its request body arrived.')));
  });
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new LoupeError('invalid-input', 'The request body is not valid JSON.');
  }
}
