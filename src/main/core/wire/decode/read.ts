/**
 * A request as the relay reads it before any stage sees it: its body decoded
 * from its content coding, a model request's body checked to be JSON every
 * parser reads alike. What cannot be read is said in one reason, so the relay
 * refuses it (something is in force) or forwards it recorded as "not analysed".
 */
import { codingsOf, decodeBody, DecodeError } from './body';
import { checkJsonBody } from './json-text';

export type ReadRequest =
  /** `body` decoded (the wire bytes themselves when identity); `codings` as the CLI applied them. */
  | { kind: 'read'; body: Buffer; codings: string[] }
  | { kind: 'unreadable'; reason: string };

/**
 * Reads a request body: `checkJson` says whether its JSON is checked now (a model request while
 * something is in force: it decides whether the request may go on; else the record checks it
 * after forwarding, checkLater), `ambiguous` an endpoint spelling it cannot enforce on as sent.
 */
export function readRequest(wire: Buffer, contentEncoding: string | undefined, max: number, checkJson: boolean, ambiguous: string | null): ReadRequest {
  if (ambiguous) return { kind: 'unreadable', reason: ambiguous };
  const codings = codingsOf(contentEncoding);
  try {
    const body = codings.length && wire.length ? decodeBody(wire, codings, max) : wire;
    if (checkJson && body.length > 0) checkJsonBody(body);
    return { kind: 'read', body, codings };
  } catch (err) {
    if (err instanceof DecodeError) return { kind: 'unreadable', reason: codings.length && !['json', 'bom', 'utf-16', 'utf-8'].includes(err.what) ? `encoding ${err.message}` : err.message };
    return { kind: 'unreadable', reason: `the body could not be decoded (${(err as Error).message})` };
  }
}

/**
 * The check readRequest left for later (nothing was in force: the request went on as sent),
 * on its decoded body: why Loupe cannot read it as one plain JSON object, or null.
 */
export function checkLater(body: Buffer): string | null {
  if (body.length === 0) return null;
  try {
    checkJsonBody(body);
    return null;
  } catch (err) {
    return err instanceof DecodeError ? err.message : `the body could not be decoded (${(err as Error).message})`;
  }
}
