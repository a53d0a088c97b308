/**
 * The provider's reported usage, read from a copy of the response as it
 * passes (SSE or plain JSON, gzip/deflate/br decoded on the copy only). Only
 * lines that mention usage are parsed; a plain body is kept up to a cap.
 */
import zlib from 'node:zlib';
import type { WireUsage } from '../../../shared/contract/wire';
import type { WireProvider } from './providers';

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Record<string, unknown> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/** Largest plain (non-SSE) response body looked at for usage. */
const PLAIN_CAP = 32 * 1024 * 1024;
/** Longest SSE line kept while waiting for its end (longer ones are content deltas, never usage). */
const LINE_CAP = 1024 * 1024;
/** Bytes of a line's start enough to name its event: `data: {"type":"response.reasoning_summary_text.delta"`. */
const LINE_HEAD = 96;
/** `"type":"` as bytes. */
const TYPE_KEY = Buffer.from('"type":"');

/** `content_block_delta`, `content_block_start`, `content_block_stop`, `ping`: Anthropic's events that carry no usage. */
const ANTHROPIC_CONTENT = ['content_block_delta', 'content_block_start', 'content_block_stop', 'ping'].map((t) => Buffer.from(t));
/** `response.`: OpenAI's event types start so. */
const RESPONSE_DOT = Buffer.from('response.');

/** Whether `buf[at..at+bytes.length)` is `bytes`. */
function bytesAt(buf: Buffer, at: number, bytes: Buffer): boolean {
  for (let i = 0; i < bytes.length; i++) if (buf[at + i] !== bytes[i]) return false;
  return true;
}

/**
 * Whether a line, by its first LINE_HEAD bytes (`buf[from..end)`), is an event that never carries
 * usage or the model: Anthropic's content blocks and pings, OpenAI's item-level events
 * (`response.<item>.<what>`: deltas, parts, items; usage rides only on the response-level ones,
 * `response.completed`…). Gemini names no event type: its lines are all read. Whatever else is
 * kept and read whole. Read in place (no copy, no string): it runs on every line of a stream.
 */
function cannotCarryUsage(buf: Buffer, from: number, end: number): boolean {
  if (buf[from] !== 0x64 /* d */) return true; // event:, id:, retry:, comments: never data
  // Only a type that is the event object's first key (`data: {"type":"…`), never one nested deeper.
  let at = -1;
  for (let p = from; p <= from + 8 && p + TYPE_KEY.length <= end; p++) {
    if (buf[p] === 0x22 /* " */ && buf[p + 1] === 0x74 /* t */ && bytesAt(buf, p, TYPE_KEY)) {
      at = p;
      break;
    }
  }
  if (at < 0) return false;
  const start = at + TYPE_KEY.length;
  let to = start;
  while (to < end && buf[to] !== 0x22 /* " */) to++;
  if (to >= end) return false;
  const length = to - start;
  for (const type of ANTHROPIC_CONTENT) if (length === type.length && bytesAt(buf, start, type)) return true;
  if (length <= RESPONSE_DOT.length || !bytesAt(buf, start, RESPONSE_DOT)) return false;
  for (let p = start + RESPONSE_DOT.length; p < to; p++) if (buf[p] === 0x2e /* . */) return true;
  return false;
}

export interface UsageFound {
  usage: WireUsage | null;
  model: string | null;
}

/** Merges one parsed event or body into what was found, per provider's own shape. */
function absorb(provider: WireProvider, v: Record<string, unknown>, into: { usage: Partial<Record<keyof WireUsage, number>>; model: string | null; seen: boolean }): void {
  if (provider === 'anthropic') {
    // message_start carries the input figures, message_delta the final output (and, lately, input again).
    const message = obj(v.message);
    const u = Object.keys(obj(message.usage)).length ? obj(message.usage) : obj(v.usage);
    if (typeof message.model === 'string') into.model = message.model;
    else if (typeof v.model === 'string') into.model = v.model;
    if (!Object.keys(u).length) return;
    into.seen = true;
    const input = num(u.input_tokens);
    const read = num(u.cache_read_input_tokens);
    const write = num(u.cache_creation_input_tokens);
    const output = num(u.output_tokens);
    if (input !== null) into.usage.input = input;
    if (read !== null) into.usage.cacheRead = read;
    if (write !== null) into.usage.cacheWrite = write;
    if (output !== null) into.usage.output = output;
    return;
  }
  if (provider === 'openai') {
    const r = Object.keys(obj(v.response)).length ? obj(v.response) : v;
    if (typeof r.model === 'string') into.model = r.model;
    const u = obj(r.usage);
    if (!Object.keys(u).length) return;
    into.seen = true;
    const input = num(u.input_tokens);
    const cached = num(obj(u.input_tokens_details).cached_tokens);
    const output = num(u.output_tokens);
    if (input !== null) into.usage.input = input;
    if (cached !== null) into.usage.cacheRead = cached;
    if (output !== null) into.usage.output = output;
    return;
  }
  // Code Assist (gemini signed in with Google) wraps each answer as { response: { candidates, usageMetadata } }.
  const g = !v.usageMetadata && Object.keys(obj(v.response)).length ? obj(v.response) : v;
  if (typeof g.modelVersion === 'string') into.model = g.modelVersion;
  const u = obj(g.usageMetadata);
  if (!Object.keys(u).length) return;
  into.seen = true;
  const input = num(u.promptTokenCount);
  const cached = num(u.cachedContentTokenCount);
  const output = (num(u.candidatesTokenCount) ?? 0) + (num(u.thoughtsTokenCount) ?? 0);
  if (input !== null) into.usage.input = input;
  if (cached !== null) into.usage.cacheRead = cached;
  if (output) into.usage.output = output;
}

/** Normalizes to WireUsage: `input` is all input, cache reads and writes included (Anthropic reports them apart). */
function settle(provider: WireProvider, found: { usage: Partial<Record<keyof WireUsage, number>>; seen: boolean }): WireUsage | null {
  if (!found.seen) return null;
  const u = found.usage;
  const input = u.input === undefined ? null : provider === 'anthropic' ? u.input + (u.cacheRead ?? 0) + (u.cacheWrite ?? 0) : u.input;
  return { input, cacheRead: u.cacheRead ?? null, cacheWrite: u.cacheWrite ?? null, output: u.output ?? null };
}

/** A reader fed the response's bytes as they pass; `done()` gives what it found. */
export function usageReader(provider: WireProvider, headers: Record<string, string | string[] | undefined>): { write(chunk: Buffer): void; done(): Promise<UsageFound> } {
  const type = String(headers['content-type'] ?? '');
  const sse = type.includes('text/event-stream');
  const encoding = String(headers['content-encoding'] ?? '').toLowerCase();
  const found = { usage: {} as Partial<Record<keyof WireUsage, number>>, model: null as string | null, seen: false };
  /** The undecided start of the current line (copied: at most LINE_HEAD bytes), or the whole of a kept one. */
  let line: Buffer[] = [];
  let lineBytes = 0;
  /** 'head': too little of the line seen to tell; 'keep': it may carry usage; 'skip': it cannot, passed over uncopied. */
  let state: 'head' | 'keep' | 'skip' = 'head';
  let plain: Buffer[] = [];
  let plainBytes = 0;

  /** One whole SSE line: parsed only when it can carry usage or the model. */
  const onLine = (text: Buffer) => {
    if (text.length < 6 || text[0] !== 0x64 /* d */) return;
    if (text.indexOf('usage') < 0 && text.indexOf('"model"') < 0 && text.indexOf('modelVersion') < 0) return;
    const s = text.toString('utf8');
    if (!s.startsWith('data:')) return;
    try {
      absorb(provider, obj(JSON.parse(s.slice(5))), found);
    } catch {
      /* not JSON ([DONE]) */
    }
  };
  /** Adds a piece of the current line (no line end in it). */
  const onPiece = (piece: Buffer) => {
    if (state === 'skip' || piece.length === 0) return;
    if (lineBytes + piece.length > LINE_CAP) {
      // Longer than any usage line: a content delta.
      state = 'skip';
      line = [];
      return;
    }
    if (state === 'head' && lineBytes + piece.length >= LINE_HEAD) {
      // Enough to name the event: only its first bytes are copied to tell.
      const head = Buffer.concat([...line, piece.subarray(0, LINE_HEAD - lineBytes)]);
      if (cannotCarryUsage(head, 0, head.length)) {
        state = 'skip';
        line = [];
        return;
      }
      state = 'keep';
    }
    // Copied: the chunk is the relay's, only lent for this call.
    line.push(Buffer.from(piece));
    lineBytes += piece.length;
  };
  const endLine = () => {
    if (state !== 'skip' && lineBytes > 0) onLine(line.length === 1 ? line[0]! : Buffer.concat(line, lineBytes));
    line = [];
    lineBytes = 0;
    state = 'head';
  };
  /** A line whole in one chunk (`chunk[from..to)`, no line end): told by its first bytes in place, copied only when kept. */
  const onWholeLine = (chunk: Buffer, from: number, to: number) => {
    const length = to - from;
    if (length < 6 || chunk[from] !== 0x64 /* d */ || length > LINE_CAP) return;
    if (length >= LINE_HEAD && cannotCarryUsage(chunk, from, from + LINE_HEAD)) return;
    onLine(chunk.subarray(from, to));
  };
  // Byte-level: lines are found with Buffer.indexOf (memchr), so a 10 MB stream of deltas is never
  // decoded. A line that starts and ends in one chunk (nearly all) is told by its first bytes where
  // it lies, without a copy or a slice; only a line cut by a chunk's end goes piece by piece.
  const onSse = (chunk: Buffer) => {
    let start = 0;
    if (state !== 'head' || lineBytes > 0) {
      // The rest of a line an earlier chunk began.
      const nl = chunk.indexOf(10);
      if (nl < 0) return onPiece(chunk);
      if (state !== 'skip') onPiece(chunk.subarray(0, nl));
      endLine();
      start = nl + 1;
    }
    for (let nl = chunk.indexOf(10, start); nl >= 0; nl = chunk.indexOf(10, start)) {
      onWholeLine(chunk, start, nl);
      start = nl + 1;
    }
    if (start >= chunk.length) return;
    // A line the next chunk ends: a content event is told here, in place, and passed over uncopied.
    const tail = chunk.length - start;
    if (tail >= LINE_HEAD && tail <= LINE_CAP && cannotCarryUsage(chunk, start, start + LINE_HEAD)) state = 'skip';
    else onPiece(start === 0 ? chunk : chunk.subarray(start));
  };
  const onBytes = (chunk: Buffer) => {
    if (sse) onSse(chunk);
    else if (plainBytes + chunk.length <= PLAIN_CAP) {
      plain.push(chunk);
      plainBytes += chunk.length;
    } else plainBytes = PLAIN_CAP + 1;
  };
  const unzip =
    encoding === 'gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : null;
  const unzipped = unzip ? new Promise<void>((resolve) => unzip.on('end', resolve).on('error', () => resolve())) : Promise.resolve();
  unzip?.on('data', onBytes);

  return {
    write(chunk) {
      if (unzip) unzip.write(chunk);
      else onBytes(chunk);
    },
    async done() {
      unzip?.end();
      await unzipped;
      if (sse) endLine();
      else if (plainBytes <= PLAIN_CAP && plainBytes > 0) {
        try {
          const body = JSON.parse(Buffer.concat(plain).toString('utf8'));
          // Gemini's non-SSE stream is a JSON array of chunks.
          for (const v of Array.isArray(body) ? body : [body]) absorb(provider, obj(v), found);
        } catch {
          /* not JSON: no usage */
        }
      }
      plain = [];
      return { usage: settle(provider, found), model: found.model };
    },
  };
}
