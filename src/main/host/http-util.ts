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

/** Reads a JSON body up to MAX_BODY_BYTES; `{}` for an empty one. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new BodyTooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new BodyTooLarge();
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new LoupeError('invalid-input', 'The request body is not valid JSON.');
  }
}
