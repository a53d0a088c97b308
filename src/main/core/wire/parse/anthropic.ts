/**
 * Anthropic Messages (`POST /v1/messages`): `system` (a string or text
 * blocks), `tools`, and `messages` of user / assistant content blocks. Blocks
 * map to segments exactly as the Claude Code transcript import maps them.
 */
import { toolOutputText } from '../../../../shared/tool-output';
import { obj, str } from '../../conversation/fields';
import type { IdOptions } from '../../conversation/builder';
import { anthropicImageOf } from './image-source';
import { jsonBytes, SegmentCollector, toolOrigin, type ParsedRequest, type ParsedSystem, type SegmentNode } from './parsed';

/** A title for a system block: its first line, short. */
export function blockTitle(text: string, fallback: string): string {
  const line = text.trimStart().split('\n', 1)[0]?.trim() ?? '';
  if (!line) return fallback;
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** Claude Code inlines CLAUDE.md files in a `<system-reminder>` of the first user message. */
const CLAUDE_MD = /^\s*<system-reminder>[\s\S]{0,400}#\s*claudeMd/;

function userBlock(c: SegmentCollector, blk: Record<string, unknown>, system: ParsedSystem[], counts: { images: number }, node: SegmentNode): void {
  switch (blk.type) {
    case 'tool_result':
      c.toolResult(str(blk.tool_use_id) ?? '', toolOutputText(blk.content), blk.is_error === true, { at: blk, part: 'result' });
      for (const inner of Array.isArray(blk.content) ? blk.content.map(obj) : [])
        if (inner.type === 'image') {
          counts.images++;
          c.image(anthropicImageOf(inner));
        }
      return;
    case 'text': {
      const text = str(blk.text) ?? '';
      if (CLAUDE_MD.test(text)) {
        system.push({ title: 'CLAUDE.md (inlined by Claude Code)', provenance: 'memory', text, bytes: jsonBytes(blk) });
        return;
      }
      c.text('user', text, /^\s*<system-reminder>/.test(text) ? 'injected' : undefined, node);
      return;
    }
    case 'image':
      counts.images++;
      c.text('user', `[image ${str(obj(blk.source).media_type) ?? ''}, ${String(str(obj(blk.source).data)?.length ?? 0)} base64 characters]`, 'image', { at: blk, part: 'block' });
      c.image(anthropicImageOf(blk));
      return;
    default:
      c.text('user', JSON.stringify(blk), `block:${String(blk.type)}`, { at: blk, part: 'block' });
  }
}

function assistantBlock(c: SegmentCollector, blk: Record<string, unknown>, at: string, node: SegmentNode): void {
  switch (blk.type) {
    case 'thinking':
      return c.text('thinking', str(blk.thinking) ?? '');
    case 'redacted_thinking':
      return c.text('thinking', `[redacted thinking, ${String(str(blk.data)?.length ?? 0)} characters]`, 'redacted');
    case 'text':
      return c.text('assistant', str(blk.text) ?? '', undefined, node);
    case 'tool_use':
    case 'server_tool_use':
    case 'mcp_tool_use':
      return c.toolCall(str(blk.id) ?? at, str(blk.name) ?? 'unknown', blk.input ?? null, { at: blk, part: 'call' });
    default:
      if (typeof blk.tool_use_id === 'string') c.toolResult(blk.tool_use_id, toolOutputText(blk.content), false, { at: blk, part: 'result' });
      else c.text('assistant', JSON.stringify(blk), `block:${String(blk.type)}`);
  }
}

/**
 * The tools Claude Code lists by name in its ToolSearch reminder ("The following deferred tools
 * are now available via ToolSearch… :" then one name a line): offered, their definitions not sent.
 */
export function deferredToolNames(messages: unknown): string[] {
  const names = new Set<string>();
  for (const m of Array.isArray(messages) ? messages : []) {
    const content = obj(m).content;
    for (const b of typeof content === 'string' ? [{ text: content }] : Array.isArray(content) ? content : []) {
      const text = str(obj(b).text);
      const list = text && /deferred tools are now available via ToolSearch[^\n]*\n([\s\S]*?)<\/system-reminder>/.exec(text);
      if (list) for (const line of list[1]!.split('\n')) if (/^[\w.-]+$/.test(line.trim())) names.add(line.trim());
    }
  }
  return [...names];
}

/**
 * The cache lifetime a request asks for: "1h" when any of its cache breakpoints (`cache_control`
 * on a system block, a tool or a message block) asks for an hour (Claude Code does for
 * subscribers), "5m" when it has breakpoints that do not, null when it has none.
 */
export function anthropicCacheTtl(body: Record<string, unknown>): '5m' | '1h' | null {
  let ttl: '5m' | '1h' | null = null;
  const see = (b: unknown) => {
    const cc = obj(obj(b).cache_control);
    if (cc.type === undefined) return;
    if (cc.ttl === '1h') ttl = '1h';
    else ttl ??= '5m';
  };
  if (Array.isArray(body.system)) body.system.forEach(see);
  if (Array.isArray(body.tools)) body.tools.forEach(see);
  for (const m of Array.isArray(body.messages) ? body.messages : []) {
    const content = obj(m).content;
    if (Array.isArray(content)) content.forEach(see);
  }
  return ttl;
}

/** Parses an Anthropic Messages request body (already JSON-parsed). */
export function parseAnthropic(body: Record<string, unknown>, ids: IdOptions = {}): ParsedRequest {
  const system: ParsedSystem[] = [];
  if (typeof body.system === 'string') system.push({ title: blockTitle(body.system, 'System prompt'), provenance: 'cli', text: body.system, bytes: jsonBytes(body.system) });
  else if (Array.isArray(body.system)) {
    body.system.forEach((b, i) => {
      const text = str(obj(b).text) ?? JSON.stringify(b);
      system.push({ title: blockTitle(text, `System block ${i + 1}`), provenance: 'cli', text, bytes: jsonBytes(b) });
    });
  }
  const systemBytes = system.reduce((n, s) => n + s.bytes, 0);
  const tools = (Array.isArray(body.tools) ? body.tools : []).map((t) => {
    const name = str(obj(t).name) ?? str(obj(t).type) ?? 'unknown';
    return { name, origin: toolOrigin(name), json: JSON.stringify(t), ...(obj(t).defer_loading === true ? { deferred: true } : {}) };
  });
  const deferredTools = deferredToolNames(body.messages);
  const c = new SegmentCollector(ids);
  const counts = { images: 0 };
  const messages = Array.isArray(body.messages) ? body.messages : [];
  messages.forEach((m, mi) => {
    const msg = obj(m);
    // A string content is one text block whose place is the message's `content` itself.
    const whole = typeof msg.content === 'string';
    const blocks = whole ? [{ type: 'text', text: msg.content }] : Array.isArray(msg.content) ? msg.content.map(obj) : [];
    blocks.forEach((blk, bi) =>
      msg.role === 'assistant'
        ? assistantBlock(c, blk, `m${mi}b${bi}`, whole ? { at: msg, part: 'content' } : { at: blk, part: 'text' })
        : userBlock(c, blk, system, counts, whole ? { at: msg, part: 'content' } : { at: blk, part: 'text' }),
    );
  });
  const { segments, texts, paths, nodes, images } = c.finish();
  const memoryBytes = system.reduce((n, s) => n + (s.provenance === 'memory' ? s.bytes : 0), 0);
  const ttl = anthropicCacheTtl(body);
  return {
    api: 'anthropic-messages',
    model: str(body.model),
    ...(ttl === '1h' ? { cacheTtl: '1h' as const } : {}),
    stream: body.stream === true,
    system,
    tools,
    ...(deferredTools.length ? { deferredTools } : {}),
    segments,
    segmentTexts: texts,
    nodes,
    filePaths: paths,
    images: counts.images,
    ...(images.length ? { imageSources: images } : {}),
    systemBytes: systemBytes + memoryBytes,
    toolBytes: tools.reduce((n, t) => n + Buffer.byteLength(t.json), 0),
    // Settled by parseRequest from the body's length (no second serialization of the messages).
    messageBytes: 0,
  };
}
