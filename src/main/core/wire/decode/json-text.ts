/**
 * Whether a model request's body is JSON every reader reads the same way.
 * The stages parse with JSON.parse; the provider's parser may differ where
 * JSON is ambiguous or not JSON at all: a byte-order mark, UTF-16, bytes after
 * the value, or a key twice in one object (JSON.parse keeps the last copy,
 * another parser the first: redaction would clean one copy and the provider
 * read the other). Such a body is refused rather than enforced on a guess.
 */
import { DecodeError } from './errors';

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text and tree of bodies checkJsonBody passed, for the exchange that parses the same body
 * next (exchange.ts): the relay's check and the stages' parse are one JSON.parse, not two.
 */
const checked = new WeakMap<Buffer, { text: string; json: Record<string, unknown> }>();

/** The text and tree checkJsonBody read from `body`, once (the tree is the taker's to change), or null. */
export function takeCheckedJson(body: Buffer): { text: string; json: Record<string, unknown> } | null {
  const found = checked.get(body) ?? null;
  checked.delete(body);
  return found;
}

/** Throws DecodeError when `body` is not one plain UTF-8 JSON object without duplicate keys. */
export function checkJsonBody(body: Buffer): void {
  if (body.length >= 2 && ((body[0] === 0xff && body[1] === 0xfe) || (body[0] === 0xfe && body[1] === 0xff))) throw new DecodeError('utf-16', 'the body is UTF-16 (a byte-order mark)');
  if (body.length >= 3 && body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) throw new DecodeError('bom', 'the body starts with a UTF-8 byte-order mark');
  // UTF-16 without a mark: JSON text starts with an ASCII character, so one of its first two bytes is NUL.
  if (body.length >= 2 && (body[0] === 0 || body[1] === 0)) throw new DecodeError('utf-16', 'the body is UTF-16 (NUL bytes)');
  let text: string;
  try {
    text = fatalUtf8.decode(body);
  } catch {
    throw new DecodeError('utf-8', 'the body is not valid UTF-8');
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new DecodeError('json', /after JSON|Unexpected non-whitespace/.test((err as Error).message) ? 'bytes after the JSON value' : 'the body is not JSON');
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new DecodeError('json', 'the body is not a JSON object');
  const dup = duplicateKey(text);
  if (dup !== null) throw new DecodeError('json', `the key "${dup.slice(0, 60)}" appears twice in one object`);
  checked.set(body, { text, json: value as Record<string, unknown> });
}

/**
 * The first key found twice in one object of `text` (valid JSON), or null.
 * One pass: strings are skipped by searching for their closing quote; keys
 * with escapes are compared unescaped ("a" and "\u0061" are one key).
 */
export function duplicateKey(text: string): string | null {
  const stack: (Set<string> | null)[] = [];
  /** In an object, the next string is a key (after `{` or `,`). */
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // A string: find its end.
      let j = i + 1;
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0) return null;
        let b = q - 1;
        let slashes = 0;
        while (b > i && text.charCodeAt(b) === 0x5c) {
          slashes++;
          b--;
        }
        if (slashes % 2 === 0) {
          j = q;
          break;
        }
        j = q + 1;
      }
      if (expectKey) {
        const raw = text.slice(i + 1, j);
        const key = raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw;
        const keys = stack[stack.length - 1]!;
        if (keys.has(key)) return key;
        keys.add(key);
        expectKey = false;
      }
      i = j;
    } else if (c === 0x7b) {
      stack.push(new Set());
      expectKey = true;
    } else if (c === 0x5b) {
      stack.push(null);
      expectKey = false;
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      expectKey = false;
    } else if (c === 0x2c) {
      expectKey = stack[stack.length - 1] != null;
    }
  }
  return null;
}
