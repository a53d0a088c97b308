// What `loupe mcp` checks in each line before the MCP SDK sees it (issue 33 item 9):
// the SDK drops, without a word, a line that is not JSON, a message whose `params`
// is not an object or array, or one nested so deep that parsing it overflows the
// stack, so the client waits forever. Each is answered here with the JSON-RPC error
// the specification names (https://www.jsonrpc.org/specification#error_object), and
// the server reads on. A UTF-8 byte order mark before a message is ignored, as
// RFC 8259 lets a parser do.

/** JSON-RPC 2.0: "Invalid JSON was received by the server." */
const PARSE_ERROR = -32700;
/** JSON-RPC 2.0: "The JSON sent is not a valid Request object." */
export const INVALID_REQUEST = -32600;
/** Deepest nesting a message may have: the X-Ray tools take ids and a summary, a few levels. */
const MAX_DEPTH = 64;

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The deepest nesting of `{`/`[` in `text` outside strings, stopping early past `limit`. */
function depthOver(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string, escapes included.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

const isId = (v: unknown) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)) || v === null;

/** Why a parsed message is not a JSON-RPC 2.0 request, notification or response, or null when it is one. */
function shapeProblem(m: unknown): string | null {
  if (Array.isArray(m)) return 'Batches are not supported: send one JSON-RPC message per line.';
  if (!m || typeof m !== 'object') return 'A JSON-RPC message is a JSON object.';
  const o = m as Record<string, unknown>;
  if (o.jsonrpc !== '2.0') return '"jsonrpc" must be exactly "2.0".';
  if ('id' in o && !isId(o.id)) return '"id" must be a string, a number or null.';
  if ('method' in o) {
    if (typeof o.method !== 'string' || o.method === '') return '"method" must be a non-empty string.';
    if ('params' in o && (o.params === null || typeof o.params !== 'object')) return '"params" must be an object or an array when given.';
    return null;
  }
  if ('result' in o || 'error' in o) return null;
  return 'A JSON-RPC message needs a "method" (a request or notification), or a "result" or "error" (a response).';
}

/** The line to pass on to the SDK, or the JSON-RPC error line to answer it with. */
type Checked = { pass: Buffer } | { reply: string };

const errorLine = (id: unknown, code: number, message: string) => `${JSON.stringify({ jsonrpc: '2.0', id: isId(id) ? id : null, error: { code, message } })}\n`;

/**
 * Checks one message line (without its newline). Blank lines pass (the SDK
 * skips them); `topLevelId` gives the id for an error about a message that
 * cannot be parsed whole.
 */
export function checkMessage(line: Buffer, topLevelId: (head: string) => string | number | null): Checked {
  const body = line.subarray(0, 3).equals(BOM) ? line.subarray(3) : line;
  const text = body.toString('utf8');
  if (text.trim() === '') return { pass: body };
  if (depthOver(text, MAX_DEPTH)) {
    return { reply: errorLine(topLevelId(text.slice(0, 4096)), INVALID_REQUEST, `The message is nested deeper than ${MAX_DEPTH} levels; loupe mcp reads at most ${MAX_DEPTH}.`) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    return { reply: errorLine(null, PARSE_ERROR, `Parse error: the line is not JSON (${(err as Error).message}).`) };
  }
  const problem = shapeProblem(parsed);
  if (problem) return { reply: errorLine((parsed as { id?: unknown } | null)?.id ?? null, INVALID_REQUEST, `Invalid Request: ${problem}`) };
  return { pass: body };
}
