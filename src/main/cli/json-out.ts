// `--json` output written in pieces: the same bytes as `JSON.stringify(value, null, 2)`
// and a newline, but a large answer (an inspection's 200 previews: ~1.7 MB) is never
// held as one string and one copy of it as bytes, and its first bytes leave sooner.

/** Writes are gathered to about this many characters (one pipe write each, not one per element). */
const BATCH_CHARS = 64 * 1024;

/** An object with a toJSON of its own (a Date, say): JSON.stringify may turn it into anything, even nothing. */
const customJson = (v: unknown) => v !== null && typeof v === 'object' && typeof (v as { toJSON?: unknown }).toJSON === 'function';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && !customJson(v);

/** True when the members and their arrays' elements are written in pieces exactly as JSON.stringify would (no toJSON at those two levels). */
const piecewise = (members: readonly [string, unknown][]) =>
  members.every(([, v]) => !customJson(v) && (!Array.isArray(v) || !v.some(customJson)));

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const skipped = (v: unknown) => v === undefined || typeof v === 'function' || typeof v === 'symbol';

/**
 * JSON.stringify(value, null, 2) with every line after the first indented by `pad`. Plain
 * objects and arrays are laid out here and their strings written by JSON.stringify alone:
 * a preview (tens of KB) is never scanned again for newlines to indent (its JSON holds
 * none). Anything with a toJSON at or inside one level goes to JSON.stringify whole.
 */
function nested(value: unknown, pad: string): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${pad}  `;
  if (Array.isArray(value) && !customJson(value) && !value.some(customJson)) {
    if (value.length === 0) return '[]';
    let out = '[\n';
    for (let i = 0; i < value.length; i++) {
      const el: unknown = value[i];
      out += `${inner}${skipped(el) ? 'null' : nested(el, inner)}${i < value.length - 1 ? ',' : ''}\n`;
    }
    return `${out}${pad}]`;
  }
  if (isPlainObject(value)) {
    const members = Object.entries(value).filter(([, v]) => !skipped(v));
    if (!members.some(([, v]) => customJson(v))) {
      if (members.length === 0) return '{}';
      let out = '{\n';
      for (let i = 0; i < members.length; i++) {
        const [key, v] = members[i]!;
        out += `${inner}${JSON.stringify(key)}: ${nested(v, inner)}${i < members.length - 1 ? ',' : ''}\n`;
      }
      return `${out}${pad}}`;
    }
  }
  return JSON.stringify(value, null, 2).replace(/\n/g, `\n${pad}`);
}

/**
 * The pieces of `JSON.stringify(value, null, 2)`, in order: a plain object's
 * members one by one, and the elements of its array members one by one.
 * Anything else comes as one piece.
 */
export function* jsonPieces(value: unknown): Generator<string> {
  if (!isPlainObject(value)) {
    yield JSON.stringify(value, null, 2);
    return;
  }
  const members = Object.entries(value).filter(([, v]) => !skipped(v));
  if (!piecewise(members)) {
    yield JSON.stringify(value, null, 2);
    return;
  }
  if (members.length === 0) {
    yield '{}';
    return;
  }
  yield '{\n';
  for (let i = 0; i < members.length; i++) {
    const [key, v] = members[i]!;
    yield `  ${JSON.stringify(key)}: `;
    if (Array.isArray(v) && v.length > 0) {
      yield '[\n';
      for (let j = 0; j < v.length; j++) {
        const el: unknown = v[j];
        yield `    ${skipped(el) ? 'null' : nested(el, '    ')}${j < v.length - 1 ? ',' : ''}\n`;
      }
      yield '  ]';
    } else {
      yield nested(v, '  ');
    }
    yield i < members.length - 1 ? ',\n' : '\n';
  }
  yield '}';
}

/** Writes `JSON.stringify(value, null, 2)` and a newline through `write`, in batches of about 64 K characters. */
export function writeJson(write: (text: string) => void, value: unknown): void {
  let batch = '';
  for (const piece of jsonPieces(value)) {
    batch += piece;
    if (batch.length >= BATCH_CHARS) {
      write(batch);
      batch = '';
    }
  }
  write(`${batch}\n`);
}
