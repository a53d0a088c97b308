/**
 * OpenAI Responses (`POST …/responses`, what codex sends): `instructions`,
 * `tools`, and `input` items. Items map to segments as the Codex rollout
 * import maps them (developer messages and injected context are system).
 */
import type { WireSystemBlock } from '../../../../shared/contract/wire';
import { developerSection, injectedSection, outputText, partsText, toolCallOf } from '../../conversation/openai-responses';
import { obj, str } from '../../conversation/fields';
import { blockTitle } from './anthropic';
import type { IdOptions } from '../../conversation/builder';
import { openaiImagesIn } from './image-source';
import { jsonBytes, SegmentCollector, toolOrigin, type ParsedRequest, type ParsedSystem } from './parsed';

function provenanceOf(p: string): WireSystemBlock['provenance'] {
  return p === 'memory' ? 'memory' : p === 'runtime-context' ? 'runtime-context' : 'cli';
}

/**
 * Tool definitions, namespaces and groups flattened. Codex 0.171 offers an MCP server's tools as
 * a namespace named `mcp__<server>` (`{"type":"namespace","name":"mcp__notes","tools":[{"name":
 * "search"}…]}`): those are recorded by their qualified names, `mcp__notes__search`.
 */
function toolDefs(tools: unknown, into: ParsedRequest['tools'] = [], namespace: string | null = null): ParsedRequest['tools'] {
  for (const t of Array.isArray(tools) ? tools : []) {
    const o = obj(t);
    if (Array.isArray(o.tools)) {
      const ns = str(o.name);
      toolDefs(o.tools, into, ns && /^mcp__.+/.test(ns) ? ns.replace(/_*$/, '') : namespace);
      continue;
    }
    const own = str(o.name) ?? str(o.type) ?? 'unknown';
    const name = namespace ? `${namespace}__${own}` : own;
    into.push({ name, origin: toolOrigin(name), json: JSON.stringify(t) });
  }
  return into;
}

function item(c: SegmentCollector, p: Record<string, unknown>, at: string, system: ParsedSystem[], counts: { images: number; systemBytes: number }): void {
  const kind = str(p.type) ?? (p.role ? 'message' : 'unknown');
  switch (kind) {
    case 'message': {
      const role = str(p.role);
      const parts = partsText(p.content);
      for (const c2 of Array.isArray(p.content) ? p.content : []) if (obj(c2).type === 'input_image') counts.images++;
      if (role === 'developer' || role === 'system') {
        for (const text of parts) {
          const s = developerSection(text);
          system.push({ title: s.title, provenance: provenanceOf(s.provenance), text, bytes: Buffer.byteLength(text) });
        }
        counts.systemBytes += jsonBytes(p);
        return;
      }
      if (role === 'assistant') return c.text('assistant', parts.join('\n'), undefined, { at: p, part: 'message' });
      const images = openaiImagesIn(p.content);
      const prompt: string[] = [];
      for (const text of parts) {
        const s = injectedSection(text);
        if (s) {
          system.push({ title: s.title, provenance: provenanceOf(s.provenance), text, bytes: Buffer.byteLength(text) });
          counts.systemBytes += Buffer.byteLength(text);
        } else prompt.push(text);
      }
      if (!prompt.length) return;
      const text = prompt.join('\n');
      c.text('user', text, /^\s*<([a-z_]+)>[\s\S]*<\/\1>\s*$/.test(text) ? 'injected' : undefined, { at: p, part: 'message' });
      for (const img of images) c.image(img);
      return;
    }
    case 'reasoning': {
      const summary = Array.isArray(p.summary) ? p.summary.map((s) => str(obj(s).text) ?? '').join('\n') : '';
      const text = [summary, partsText(p.content).join('\n')].filter(Boolean).join('\n');
      const encrypted = str(p.encrypted_content);
      if (text) c.text('thinking', text);
      else if (encrypted) c.text('thinking', `[encrypted reasoning, ${encrypted.length} characters]`, 'encrypted');
      return;
    }
    case 'function_call':
    case 'custom_tool_call':
    case 'local_shell_call':
    case 'tool_search_call': {
      const { name, input } = toolCallOf(p, kind);
      return c.toolCall(str(p.call_id) ?? str(p.id) ?? at, name, input, { at: p, part: 'call' });
    }
    case 'function_call_output':
    case 'custom_tool_call_output':
    case 'local_shell_call_output':
    case 'tool_search_output': {
      c.toolResult(str(p.call_id) ?? '', outputText(p.output), obj(p.output).success === false || p.status === 'failed', kind === 'tool_search_output' ? undefined : { at: p, part: 'result' });
      for (const img of openaiImagesIn(p.output)) {
        counts.images++;
        c.image(img);
      }
      return;
    }
    case 'compaction':
      return c.text('summary', `[encrypted compaction summary, ${str(p.encrypted_content)?.length ?? 0} characters]`);
    default:
      c.text('user', JSON.stringify(p).slice(0, 4000), `item:${kind}`);
  }
}

/** Parses an OpenAI Responses request body (already JSON-parsed). */
export function parseOpenAI(body: Record<string, unknown>, ids: IdOptions = {}): ParsedRequest {
  const system: ParsedSystem[] = [];
  const counts = { images: 0, systemBytes: 0 };
  if (typeof body.instructions === 'string' && body.instructions) {
    system.push({ title: blockTitle(body.instructions, 'Instructions'), provenance: 'cli', text: body.instructions, bytes: jsonBytes(body.instructions) });
    counts.systemBytes += jsonBytes(body.instructions);
  }
  const tools = toolDefs(body.tools);
  const c = new SegmentCollector(ids);
  const input = typeof body.input === 'string' ? [{ type: 'message', role: 'user', content: body.input }] : Array.isArray(body.input) ? body.input : [];
  input.forEach((p, i) => item(c, obj(p), `item-${i}`, system, counts));
  const { segments, texts, paths, nodes, images } = c.finish();
  return {
    api: 'openai-responses',
    model: str(body.model),
    stream: body.stream === true,
    system,
    tools,
    segments,
    segmentTexts: texts,
    nodes,
    filePaths: paths,
    images: counts.images,
    ...(images.length ? { imageSources: images } : {}),
    systemBytes: counts.systemBytes,
    toolBytes: tools.reduce((n, t) => n + Buffer.byteLength(t.json), 0),
    messageBytes: 0,
  };
}
