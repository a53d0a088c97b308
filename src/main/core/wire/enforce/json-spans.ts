/**
 * Where each value of a JSON text sits (issue 21's eviction benchmark): one
 * scan of text JSON.parse has already accepted records the span of every
 * value, so the eviction stage can replace a few values by splicing the text
 * instead of writing the whole body again. Strings are skipped with indexOf
 * (their content is never looked at char by char), so the scan costs little
 * beside JSON.parse. Iterative, so no nesting depth can overflow the stack.
 */
import { isUtf8 } from 'node:buffer';

/** A value's place in the text, [start, end) in UTF-16 units; containers with their children's places. */
export interface Span {
  start: number;
  end: number;
  /** An object's members by key (as JSON.parse decodes it). */
  keys?: Map<string, Span>;
  /** An array's items, in order. */
  items?: Span[];
}

const QUOTE = 34;
const BACKSLASH = 92;

/** The index just past the string that opens at `i` (a quote), escaped quotes skipped. */
function stringEnd(text: string, i: number): number {
  let j = text.indexOf('"', i + 1);
  for (;;) {
    if (j < 0) throw new Error('json-spans: unterminated string');
    let k = j - 1;
    while (text.charCodeAt(k) === BACKSLASH) k--;
    // An even run of backslashes before the quote escapes only themselves.
    if ((j - 1 - k) % 2 === 0) return j + 1;
    j = text.indexOf('"', j + 1);
  }
}

/** A member name as JSON.parse reads it (escapes decoded only when there are any). */
function keyOf(text: string, start: number, end: number): string {
  const raw = text.slice(start + 1, end - 1);
  return raw.includes('\\') ? (JSON.parse(text.slice(start, end)) as string) : raw;
}

/**
 * The span tree of `text`, which must be JSON that JSON.parse accepted; null
 * when an object repeats a key (JSON.parse keeps the last, a splice could not
 * say which one the provider reads: the caller writes the body again instead).
 */
export function scanJson(text: string): Span | null {
  const n = text.length;
  const open: Span[] = [];
  const pendingKeys: string[] = [];
  const top: { root?: Span } = {};
  // Inside an object, whether the next string is a member name (after `{` or `,`).
  let wantKey = false;
  const place = (s: Span): boolean => {
    const parent = open[open.length - 1];
    if (!parent) top.root = s;
    else if (parent.items) parent.items.push(s);
    else {
      const key = pendingKeys.pop()!;
      if (parent.keys!.has(key)) return false;
      parent.keys!.set(key, s);
    }
    return true;
  };
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    switch (c) {
      case 32: // space, tab, line feed, carriage return, `:`
      case 9:
      case 10:
      case 13:
      case 58:
        i++;
        continue;
      case 44: // `,`
        wantKey = open[open.length - 1]?.keys !== undefined;
        i++;
        continue;
      case 123: // `{`
      case 91: {
        // `[`
        const s: Span = c === 123 ? { start: i, end: -1, keys: new Map() } : { start: i, end: -1, items: [] };
        if (!place(s)) return null;
        open.push(s);
        wantKey = c === 123;
        i++;
        continue;
      }
      case 125: // `}`
      case 93: // `]`
        open.pop()!.end = i + 1;
        wantKey = false;
        i++;
        continue;
      case QUOTE: {
        const end = stringEnd(text, i);
        if (wantKey) {
          pendingKeys.push(keyOf(text, i, end));
          wantKey = false;
        } else if (!place({ start: i, end })) return null;
        i = end;
        continue;
      }
      default: {
        // A number, true, false or null: up to the next delimiter.
        let j = i + 1;
        for (; j < n; j++) {
          const d = text.charCodeAt(j);
          if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
        }
        if (!place({ start: i, end: j })) return null;
        i = j;
      }
    }
  }
  if (!top.root || open.length) throw new Error('json-spans: not a complete JSON value');
  return top.root;
}

/**
 * The spans of `targets`, objects of `value` (JSON.parse's result of the
 * scanned text) at most `depth` levels under its members `under`: what the
 * parsers point at (their `SegmentNode.at`) finds its place in the text. The
 * walk ends once every target is found; objects that are not targets are only
 * looked up (a Set lookup gives an object no identity hash, so it costs no write).
 */
function spansOf(value: Record<string, unknown>, span: Span, under: readonly string[], targets: ReadonlySet<object>, depth: number): Map<object, Span> {
  const out = new Map<object, Span>();
  // A stack in three arrays (no pair allocated per object): values, their spans, their depth.
  const values: object[] = [];
  const spans: Span[] = [];
  const depths: number[] = [];
  for (let i = under.length - 1; i >= 0; i--) {
    const v = value[under[i]!];
    const child = span.keys?.get(under[i]!);
    if (child && typeof v === 'object' && v !== null) values.push(v), spans.push(child), depths.push(0);
  }
  while (values.length && out.size < targets.size) {
    const v = values.pop()!;
    const s = spans.pop()!;
    const d = depths.pop()!;
    if (targets.has(v)) out.set(v, s);
    if (d === depth) continue;
    if (s.items) {
      const arr = v as unknown[];
      // Pushed last-first so the body is visited in order (the early targets found first).
      for (let i = s.items.length - 1; i >= 0; i--) {
        const item = arr[i];
        if (typeof item === 'object' && item !== null) values.push(item), spans.push(s.items[i]!), depths.push(d + 1);
      }
    } else if (s.keys) {
      const o = v as Record<string, unknown>;
      for (const k in o) {
        const member = o[k];
        if (typeof member !== 'object' || member === null) continue;
        const child = s.keys.get(k);
        if (child) values.push(member), spans.push(child), depths.push(d + 1);
      }
    }
  }
  return out;
}

/** One change to the text: [start, end) replaced by `text` (start = end inserts). */
export interface TextEdit {
  start: number;
  end: number;
  text: string;
}

/** The edit that sets member `key` of the object at `span` to `json` (replacing it, or adding it last). */
export function setMember(span: Span, key: string, json: string): TextEdit {
  const member = span.keys?.get(key);
  if (member) return { start: member.start, end: member.end, text: json };
  const at = span.end - 1;
  return { start: at, end: at, text: `${span.keys?.size ? ',' : ''}${JSON.stringify(key)}:${json}` };
}

/**
 * `body` with `edits` applied (offsets into `text`, its UTF-8 decoding), the
 * untouched bytes copied as they are; null when two edits overlap or meet at
 * one place (the caller writes the body again instead).
 */
export function splice(body: Buffer, text: string, edits: readonly TextEdit[]): Buffer | null {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.start < sorted[i - 1]!.end || sorted[i]!.start === sorted[i - 1]!.start) return null;
  // Offsets are in UTF-16 units of `text`; they are `body`'s byte offsets when every char is one byte
  // (ASCII, the common case: as many chars as bytes), else the bytes are counted along. A body that is not valid UTF-8 is written from the text
  // (its invalid bytes become U+FFFD, as JSON.stringify of its parse would write them).
  const ascii = text.length === body.length;
  if (!ascii && !isUtf8(body)) {
    let out = '';
    let from = 0;
    for (const e of sorted) {
      out += text.slice(from, e.start) + e.text;
      from = e.end;
    }
    return Buffer.from(out + text.slice(from), 'utf8');
  }
  const pieces: Buffer[] = [];
  let from = 0;
  let fromByte = 0;
  for (const e of sorted) {
    const startByte = ascii ? e.start : fromByte + Buffer.byteLength(text.slice(from, e.start), 'utf8');
    const endByte = ascii ? e.end : startByte + Buffer.byteLength(text.slice(e.start, e.end), 'utf8');
    pieces.push(body.subarray(fromByte, startByte), Buffer.from(e.text, 'utf8'));
    from = e.end;
    fromByte = endByte;
  }
  pieces.push(body.subarray(fromByte));
  return Buffer.concat(pieces);
}

/**
 * The spans of `targets` in `text` (the JSON `value` was parsed from), looked for under the
 * members `under` to `depth`; null when the text cannot be addressed by spans (scanJson's null,
 * or a scan that throws on text JSON.parse accepted): the caller then writes the body whole.
 */
export function targetSpans(text: string, value: Record<string, unknown>, under: readonly string[], targets: ReadonlySet<object>, depth: number): Map<object, Span> | null {
  let root;
  try {
    root = scanJson(text);
  } catch {
    return null;
  }
  return root ? spansOf(value, root, under, targets, depth) : null;
}
