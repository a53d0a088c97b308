/**
 * Reads a conversation history in the shapes people already have, for the
 * fold (`loupe fold`): Loupe's own rows, OpenAI chat messages (string content
 * or content-part arrays, `tool_calls`, `tool` messages) and Anthropic
 * messages (content blocks, `tool_use` / `tool_result`), bare or inside a
 * request body (`{ messages, system? }`). Each message becomes the fold rows it
 * amounts to; a problem is one plain line naming where it is. Pure.
 */
import type { FoldRow, ToolCall } from './rows';
import { foldRowSchema, foldRowsSchema } from './rows';

export type HistoryShape = 'loupe' | 'openai' | 'anthropic';

export interface ReadHistory {
  rows: FoldRow[];
  currentUserContent?: string;
  /** The shapes recognized (a history may mix plain user rows with either). */
  shapes: HistoryShape[];
  /** What was left out or approximated, one sentence each (system prompts, images). */
  notes: string[];
}

/** A problem with the input, worded as one line ("messages[3].content[1]: …"). */
export class HistoryError extends Error {}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (where: string, what: string): never => {
  throw new HistoryError(`${where}: ${what}`);
};
const describe = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

/** A row already in Loupe's shape, checked field by field; the first problem is reported. */
function loupeRow(m: Obj, where: string): FoldRow {
  const checked = foldRowSchema().safeParse(m);
  if (checked.success) return checked.data;
  const issue = checked.error.issues[0]!;
  const more = checked.error.issues.length > 1 ? ` (and ${checked.error.issues.length - 1} more problems)` : '';
  return fail(issue.path.length ? `${where}.${issue.path.join('.')}` : where, `${issue.message}${more}`);
}

/** What one pass over the messages collects besides rows. */
interface Reading {
  shapes: Set<HistoryShape>;
  /** Tool name of each call id seen so far (results name only the id). */
  toolNames: Map<string, string>;
  skippedSystem: number;
  images: number;
}

const FLAG_KEYS = ['id', 'pinned', 'evicted'] as const;
function flagsOf(m: Obj): Partial<Pick<FoldRow, 'id' | 'pinned' | 'evicted'>> {
  const out: Obj = {};
  for (const k of FLAG_KEYS) if (k in m) out[k] = m[k];
  return out as Partial<Pick<FoldRow, 'id' | 'pinned' | 'evicted'>>;
}

/** Text of an OpenAI content-part array or an Anthropic block array (tool blocks are handled by the caller). */
function partText(part: unknown, where: string, r: Reading): string | null {
  if (typeof part === 'string') return part;
  if (!isObj(part)) return fail(where, `is ${describe(part)}, expected a content part like { "type": "text", "text": "…" }`);
  switch (part.type) {
    case 'text':
    case 'input_text':
    case 'output_text':
      return typeof part.text === 'string' ? part.text : fail(where, 'a text part needs "text" as a string');
    case 'refusal':
      return typeof part.refusal === 'string' ? part.refusal : '';
    case 'thinking':
      r.shapes.add('anthropic');
      return typeof part.thinking === 'string' ? part.thinking : '';
    case 'redacted_thinking':
      return '';
    case 'image':
    case 'image_url':
    case 'input_image':
    case 'input_audio':
    case 'document':
    case 'file':
      r.images += 1;
      r.shapes.add(part.type === 'image' || part.type === 'document' ? 'anthropic' : 'openai');
      return `[${part.type}]`;
    case 'tool_use':
    case 'tool_result':
      return null;
    default:
      return fail(where, `unknown content part type ${JSON.stringify(part.type)} (expected text, image, tool_use, tool_result, …)`);
  }
}

/** A message's content as text (string, null, or parts), with tool blocks left to the caller. */
function contentText(content: unknown, where: string, r: Reading): string {
  if (typeof content === 'string') return content;
  if (content === null || content === undefined) return '';
  if (!Array.isArray(content)) return fail(`${where}.content`, `is ${describe(content)}, expected a string or an array of content parts`);
  return content
    .map((p, j) => partText(p, `${where}.content[${j}]`, r))
    .filter((t): t is string => t !== null)
    .join('\n');
}

function toolResultText(content: unknown, where: string, r: Reading): unknown {
  if (typeof content === 'string' || content === undefined || content === null) return content ?? '';
  return contentText(content, where, r);
}

function assistantRows(m: Obj, where: string, r: Reading): FoldRow[] {
  // Loupe's own shape: { role: 'assistant', text, toolCalls? }.
  if (typeof m.text === 'string' && !('content' in m)) {
    r.shapes.add('loupe');
    for (const c of (Array.isArray(m.toolCalls) ? m.toolCalls : []) as Obj[]) {
      if (isObj(c) && typeof c.toolCallId === 'string' && typeof c.toolName === 'string') r.toolNames.set(c.toolCallId, c.toolName);
    }
    return [loupeRow(m, where)];
  }
  if (!('content' in m) && !('tool_calls' in m)) {
    return fail(where, 'an assistant message needs "content" (OpenAI, Anthropic) or "text" (Loupe rows)');
  }
  const calls: ToolCall[] = [];
  if (Array.isArray(m.content)) {
    m.content.forEach((b, j) => {
      if (!isObj(b) || b.type !== 'tool_use') return;
      r.shapes.add('anthropic');
      const at = `${where}.content[${j}]`;
      if (typeof b.id !== 'string' || typeof b.name !== 'string') fail(at, 'a tool_use block needs "id" and "name" strings');
      calls.push({ toolName: b.name as string, toolCallId: b.id as string, ...(b.input !== undefined ? { args: b.input } : {}) });
    });
  }
  if (m.tool_calls !== undefined) {
    if (!Array.isArray(m.tool_calls)) fail(`${where}.tool_calls`, `is ${describe(m.tool_calls)}, expected an array`);
    r.shapes.add('openai');
    (m.tool_calls as unknown[]).forEach((c, j) => {
      const at = `${where}.tool_calls[${j}]`;
      const fn = isObj(c) && isObj(c.function) ? c.function : null;
      if (!isObj(c) || typeof c.id !== 'string' || !fn || typeof fn.name !== 'string') {
        fail(at, 'a tool call needs "id" and "function": { "name", "arguments" }');
      }
      calls.push({ toolName: fn!.name as string, toolCallId: (c as Obj).id as string, ...(fn!.arguments !== undefined ? { args: parseArgs(fn!.arguments) } : {}) });
    });
  }
  for (const c of calls) r.toolNames.set(c.toolCallId, c.toolName);
  const text = contentText(m.content, where, r);
  return [{ role: 'assistant', text, ...(calls.length ? { toolCalls: calls } : {}), ...flagsOf(m) } as FoldRow];
}

/** OpenAI sends arguments as a JSON string; keep it parsed when it is JSON. */
function parseArgs(args: unknown): unknown {
  if (typeof args !== 'string') return args;
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return args;
  }
}

function userRows(m: Obj, where: string, r: Reading): FoldRow[] {
  if (!('content' in m)) return fail(where, 'a user message needs "content"');
  if (!Array.isArray(m.content)) return [{ role: 'user', content: contentText(m.content, where, r), ...flagsOf(m) } as FoldRow];
  // Anthropic puts tool results in a user message: each becomes a tool row, before the message's own text.
  const rows: FoldRow[] = [];
  m.content.forEach((b, j) => {
    if (!isObj(b) || b.type !== 'tool_result') return;
    r.shapes.add('anthropic');
    const at = `${where}.content[${j}]`;
    if (typeof b.tool_use_id !== 'string') fail(at, 'a tool_result block needs "tool_use_id"');
    const id = b.tool_use_id as string;
    const toolName = r.toolNames.get(id) ?? 'unknown';
    const result = toolResultText(b.content, at, r);
    rows.push(
      b.is_error === true
        ? { role: 'tool', toolName, toolCallId: id, ok: false, error: typeof result === 'string' ? result : JSON.stringify(result) }
        : { role: 'tool', toolName, toolCallId: id, result: result as string },
    );
  });
  const text = contentText(m.content, where, r);
  if (text || rows.length === 0) rows.push({ role: 'user', content: text, ...flagsOf(m) } as FoldRow);
  return rows;
}

function toolRows(m: Obj, where: string, r: Reading): FoldRow[] {
  // Loupe's own shape: { role: 'tool', toolName, toolCallId, result | ok: false, error }.
  if (typeof m.toolCallId === 'string' || typeof m.toolName === 'string') {
    r.shapes.add('loupe');
    return [loupeRow(m, where)];
  }
  r.shapes.add('openai');
  const id = typeof m.tool_call_id === 'string' ? m.tool_call_id : fail(where, 'a tool message needs "tool_call_id" (OpenAI) or "toolCallId" and "toolName" (Loupe rows)');
  const toolName = r.toolNames.get(id) ?? (typeof m.name === 'string' ? m.name : 'unknown');
  return [{ role: 'tool', toolName, toolCallId: id, result: contentText(m.content, where, r), ...flagsOf(m) } as FoldRow];
}

function messageRows(m: unknown, where: string, r: Reading): FoldRow[] {
  if (!isObj(m)) return fail(where, `is ${describe(m)}, expected a message object with a "role"`);
  switch (m.role) {
    case 'system':
    case 'developer':
      r.shapes.add('openai');
      r.skippedSystem += 1;
      return [];
    case 'user':
      return userRows(m, where, r);
    case 'assistant':
    case 'model':
      return assistantRows(m, where, r);
    case 'tool':
    case 'function':
      return toolRows(m, where, r);
    default:
      return fail(where, `role ${JSON.stringify(m.role)} is not one of user, assistant, tool, system`);
  }
}

/** Where the messages are in the document, and what comes with them. */
function unwrap(doc: unknown): { list: unknown[]; name: string; current?: unknown; system?: unknown } {
  if (Array.isArray(doc)) return { list: doc, name: 'input' };
  if (!isObj(doc)) return fail('input', `is ${describe(doc)}, expected an array of messages, { "messages": [...] } or { "rows": [...] }`);
  if (Array.isArray(doc.rows)) return { list: doc.rows, name: 'rows', current: doc.currentUserContent };
  if (Array.isArray(doc.messages)) return { list: doc.messages, name: 'messages', current: doc.currentUserContent, system: doc.system };
  return fail('input', 'has no "messages" or "rows" array (an array of messages on its own works too)');
}

/**
 * Reads a history document into fold rows. Throws HistoryError with one line
 * naming the first problem (e.g. `messages[3].tool_calls[0]: a tool call needs …`).
 */
export function readHistory(doc: unknown): ReadHistory {
  const { list, name, current, system } = unwrap(doc);
  if (current !== undefined && typeof current !== 'string') fail('currentUserContent', 'must be a string');
  const r: Reading = { shapes: new Set(), toolNames: new Map(), skippedSystem: system !== undefined ? 1 : 0, images: 0 };
  if (system !== undefined) r.shapes.add('anthropic');
  const rows = list.flatMap((m, i) => messageRows(m, `${name}[${i}]`, r));
  // Loupe rows given as such are checked field by field; report the first problem only.
  const checked = foldRowsSchema().safeParse(rows);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const more = checked.error.issues.length > 1 ? ` (and ${checked.error.issues.length - 1} more problems)` : '';
    fail(`row ${issue.path.join('.') || 'input'}`, `${issue.message}${more}`);
  }
  const notes: string[] = [];
  if (r.skippedSystem) {
    notes.push(`${r.skippedSystem} system prompt${r.skippedSystem === 1 ? ' was' : 's were'} left out: a system prompt is sent every turn, not trimmed as history.`);
  }
  if (r.images) notes.push(`${r.images} image, audio or file part${r.images === 1 ? ' is' : 's are'} counted as a short placeholder; their real token cost is not estimated.`);
  return {
    rows: checked.data!,
    ...(current !== undefined ? { currentUserContent: current as string } : {}),
    shapes: [...r.shapes],
    notes,
  };
}
