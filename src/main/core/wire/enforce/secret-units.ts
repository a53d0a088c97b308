/**
 * What the secrets stage scans in a request body (issue 33 item 6): every
 * string the provider will read, wherever it is. The conversation, and also the
 * system prompt, tool definitions, `metadata`, OpenAI `instructions`, Gemini
 * `systemInstruction`; strings under structural keys (`data`, `name`, `id`,
 * `status`, `type`, …); object keys; base64 payloads of a text media type
 * (decoded, scanned, encoded again). Adjacent text blocks of one content array
 * are scanned as one text, so a secret split across blocks is found, and
 * invisible characters (zero-width spaces, soft hyphens, word joiners) are
 * taken out before scanning, so a secret with one inside is found too.
 *
 * Left as they are, since the provider checks them: thinking signatures,
 * encrypted reasoning (`signature`, `encrypted_content`, `thoughtSignature`,
 * `redacted_thinking`), and the text of signed thinking blocks (scanned and
 * reported, never changed). Binary payloads (images, PDFs) are not read.
 */

/** One string of the body, with how to put a new value in its place. */
interface Part {
  text: string;
  /** Signed by the provider: scanned, never changed. */
  fixed?: boolean;
  set(value: string): void;
}

/** Texts scanned as one: a string, or adjacent text blocks of one content array. */
interface Unit {
  parts: Part[];
  where: string;
}

/** Keys whose values the provider verifies: never changed, never read. */
const SIGNED_KEYS = new Set(['signature', 'encrypted_content', 'thoughtSignature', 'thought_signature']);
/** Keys naming a payload's media type, beside its `data`. */
const MEDIA_KEYS = ['media_type', 'mimeType', 'mime_type'];
/** Media types whose base64 payload is text a model reads. */
const TEXT_MEDIA = /^(?:text\/|application\/(?:json|xml|x-yaml|yaml|javascript|x-sh|x-python|toml|x-ndjson|ld\+json|sql|graphql))/i;
const DATA_URL = /^data:([^;,]{1,100})((?:;[^;,]{1,100})*?);base64,/i;

/** Where each top-level key of a request is, in words (conversation keys are judged by block). */
const TOP_LEVEL: Record<string, string> = {
  system: 'the system prompt',
  instructions: 'the instructions',
  systemInstruction: 'the system instruction',
  system_instruction: 'the system instruction',
  tools: 'a tool definition',
  metadata: 'metadata',
};
const CONVERSATION_KEYS = new Set(['messages', 'input', 'contents']);

/** "a tool result", "user text", "a tool call", … from the nearest block that says what it is. */
function whereOf(ctx: Ctx): string {
  if (ctx.top && !CONVERSATION_KEYS.has(ctx.top)) return TOP_LEVEL[ctx.top] ?? `the request's "${ctx.top}"`;
  const type = typeof ctx.block?.type === 'string' ? ctx.block.type : null;
  if (type === 'tool_result' || type === 'function_call_output' || type === 'custom_tool_call_output' || ctx.key === 'functionResponse') return 'a tool result';
  if (type === 'tool_use' || type === 'function_call' || type === 'custom_tool_call' || ctx.key === 'functionCall') return 'a tool call';
  if (ctx.role === 'assistant' || ctx.role === 'model') return 'assistant text';
  return 'user text';
}

interface Ctx {
  top: string | null;
  block: Record<string, unknown> | null;
  role: string | null;
  key: string;
  /** Inside a signed thinking block: read, never changed. */
  fixed: boolean;
}

/** A base64 payload's text, or null when it is not valid UTF-8 text. */
function decodeText(b64: string): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(b64, 'base64'));
  } catch {
    return null;
  }
}

const isThinking = (o: Record<string, unknown>) => o.type === 'thinking' || o.type === 'reasoning' || o.thought === true;

/** Collects the units of one body; object keys are renamed only after every value is set (see `finish`). */
export class UnitCollector {
  readonly units: Unit[] = [];
  private readonly renames: (() => void)[] = [];

  /** Every unit of the request body `root`. */
  collect(root: Record<string, unknown>): Unit[] {
    this.object(root, { top: null, block: null, role: null, key: '', fixed: false });
    return this.units;
  }

  /** Applies the object keys' new names (after the values under them were set). */
  finish(): void {
    for (const rename of this.renames) rename();
    this.renames.length = 0;
  }

  private add(parts: Part[], ctx: Ctx): void {
    this.units.push({ parts, where: whereOf(ctx) });
  }

  private value(value: unknown, ctx: Ctx, set: (v: string) => void): void {
    if (typeof value === 'string') this.string(value, ctx, set);
    else if (Array.isArray(value)) this.array(value, ctx);
    else if (value && typeof value === 'object') this.object(value as Record<string, unknown>, ctx);
  }

  private string(text: string, ctx: Ctx, set: (v: string) => void): void {
    const url = DATA_URL.exec(text);
    if (url) {
      // A data URL: its text read when its media type is text, a binary payload left alone.
      if (!TEXT_MEDIA.test(url[1]!)) return;
      const prefix = url[0];
      const decoded = decodeText(text.slice(prefix.length));
      if (decoded !== null) this.add([{ text: decoded, fixed: ctx.fixed, set: (v) => set(prefix + Buffer.from(v, 'utf8').toString('base64')) }], ctx);
      return;
    }
    this.add([{ text, fixed: ctx.fixed, set }], ctx);
  }

  /** Adjacent text blocks (strings, `{text}` blocks, Gemini parts) are one unit; the rest one by one. */
  private array(items: unknown[], ctx: Ctx): void {
    let run: Part[] = [];
    let runCtx = ctx;
    const flush = () => {
      if (run.length > 0) this.add(run, runCtx);
      run = [];
    };
    items.forEach((item, i) => {
      const o = item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
      if (typeof item === 'string' && !DATA_URL.test(item)) {
        run.push({ text: item, fixed: ctx.fixed, set: (v) => (items[i] = v) });
        runCtx = ctx;
        return;
      }
      if (o && typeof o.text === 'string' && !isThinking(o) && (o.type === undefined || o.type === 'text' || o.type === 'input_text' || o.type === 'output_text')) {
        const blockCtx = this.enter(o, ctx);
        run.push({ text: o.text, fixed: blockCtx.fixed, set: (v) => (o.text = v) });
        runCtx = blockCtx;
        // The block's other strings (citations, cache_control, …) on their own.
        this.object(o, blockCtx, 'text');
        return;
      }
      flush();
      this.value(item, ctx, (v) => (items[i] = v));
    });
    flush();
  }

  /** The context inside object `o`: its role, whether it is a block, whether it is signed thinking. */
  private enter(o: Record<string, unknown>, ctx: Ctx): Ctx {
    const role = typeof o.role === 'string' ? o.role : ctx.role;
    const block = typeof o.type === 'string' || 'functionResponse' in o || 'functionCall' in o ? o : ctx.block;
    // A signed thinking block's text is checked by the provider against its signature.
    const fixed = ctx.fixed || (isThinking(o) && (typeof o.signature === 'string' || typeof o.thoughtSignature === 'string' || typeof o.encrypted_content === 'string'));
    return { ...ctx, role, block, fixed };
  }

  private object(o: Record<string, unknown>, outer: Ctx, skip?: string): void {
    // Encrypted reasoning: nothing in it is text.
    if (o.type === 'redacted_thinking') return;
    const ctx = skip ? outer : this.enter(o, outer);
    const media = MEDIA_KEYS.map((k) => o[k]).find((v): v is string => typeof v === 'string');
    for (const k of Object.keys(o)) {
      if (k === skip || SIGNED_KEYS.has(k)) continue;
      const v = o[k];
      const inner: Ctx = { ...ctx, top: ctx.top ?? k, key: k === 'functionResponse' || k === 'functionCall' ? k : ctx.key };
      if (k === 'data' && typeof v === 'string' && media !== undefined) {
        // A payload beside its media type: text decoded and read, binary left alone.
        if (!TEXT_MEDIA.test(media)) continue;
        const decoded = decodeText(v);
        if (decoded !== null) this.add([{ text: decoded, fixed: ctx.fixed, set: (x) => (o.data = Buffer.from(x, 'utf8').toString('base64')) }], inner);
        continue;
      }
      // The key itself is sent too: a secret may be a key.
      if (k.length >= 8 && !ctx.fixed) {
        let name = k;
        this.add([{ text: k, set: (x) => (name = x) }], inner);
        this.renames.push(() => renameKey(o, k, name));
      }
      this.value(v, inner, (x) => (o[k] = x));
    }
  }
}

/** Renames `from` to `to` in `o`, keeping the keys' order. */
function renameKey(o: Record<string, unknown>, from: string, to: string): void {
  if (from === to || !(from in o)) return;
  const entries = Object.entries(o);
  for (const key of Object.keys(o)) delete o[key];
  for (const [key, value] of entries) o[key === from ? to : key] = value;
}

/** Characters a model reads past but a scanner would not: zero-width spaces and joiners, soft hyphens, BOMs. */
const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g;

/** A unit's parts joined, invisible characters taken out, and the way back to each part's own offsets. */
export class JoinedText {
  readonly text: string;
  /** Each part's start in the joined text (before invisible characters were removed). */
  private readonly starts: number[] = [];
  /** Positions (in the joined text) of the characters taken out, ascending. */
  private readonly removed: number[] = [];

  constructor(readonly parts: readonly Part[]) {
    let joined = '';
    for (const p of parts) {
      this.starts.push(joined.length);
      joined += p.text;
    }
    INVISIBLE.lastIndex = 0;
    if (INVISIBLE.test(joined)) {
      for (const m of joined.matchAll(INVISIBLE)) this.removed.push(m.index);
      this.text = joined.replace(INVISIBLE, '');
    } else this.text = joined;
  }

  /** The joined-text position of scanned position `n`. */
  private joinedAt(n: number): number {
    let j = n;
    for (const r of this.removed) {
      if (r <= j) j++;
      else break;
    }
    return j;
  }

  /**
   * The pieces of each part that scanned span [start, end) covers: [part index,
   * from, to) in that part's own text (invisible characters inside included).
   */
  pieces(start: number, end: number): [number, number, number][] {
    const from = this.joinedAt(start);
    const to = this.joinedAt(end - 1) + 1;
    const out: [number, number, number][] = [];
    this.parts.forEach((p, i) => {
      const s = this.starts[i]!;
      const e = s + p.text.length;
      const a = Math.max(from, s);
      const b = Math.min(to, e);
      if (a < b) out.push([i, a - s, b - s]);
    });
    return out;
  }
}
