/**
 * Gemini generateContent / streamGenerateContent: `systemInstruction`,
 * `tools[].functionDeclarations`, and `contents` of user / model parts.
 * Parts map to segments as the Gemini CLI session import maps them.
 */
import { obj, str } from '../../conversation/fields';
import { blockTitle } from './anthropic';
import type { IdOptions } from '../../conversation/builder';
import { geminiImageOf } from './image-source';
import { jsonBytes, SegmentCollector, toolOrigin, type ParsedRequest, type ParsedSystem } from './parsed';

/** A functionResponse's output: `response.output`, else the response as JSON (as the session import reads it). */
function responseText(response: Record<string, unknown>): string {
  const r = obj(response.response);
  if (typeof r.output === 'string') return r.output;
  if (typeof r.error === 'string') return r.error;
  return Object.keys(r).length ? JSON.stringify(r) : '';
}

/** The model named in a Gemini path: `/v1beta/models/gemini-2.5-pro:generateContent`. */
export function geminiModelOf(endpoint: string): string | null {
  return /\/models\/([^/:]+)/.exec(endpoint)?.[1] ?? null;
}

/** Parses a Gemini generateContent request body (already JSON-parsed); the model and streaming come from the path. */
export function parseGemini(body: Record<string, unknown>, endpoint: string, ids: IdOptions = {}): ParsedRequest {
  const system: ParsedSystem[] = [];
  const si = obj(body.systemInstruction ?? body.system_instruction);
  const siParts = Array.isArray(si.parts) ? si.parts.map(obj) : typeof body.systemInstruction === 'string' ? [{ text: body.systemInstruction }] : [];
  siParts.forEach((p, i) => {
    const text = str(p.text) ?? JSON.stringify(p);
    system.push({ title: blockTitle(text, `System instruction ${i + 1}`), provenance: 'cli', text, bytes: jsonBytes(p) });
  });
  const tools: ParsedRequest['tools'] = [];
  for (const t of Array.isArray(body.tools) ? body.tools.map(obj) : []) {
    const decls = Array.isArray(t.functionDeclarations) ? t.functionDeclarations : Array.isArray(t.function_declarations) ? t.function_declarations : null;
    if (decls) for (const d of decls) tools.push({ name: str(obj(d).name) ?? 'unknown', origin: toolOrigin(str(obj(d).name) ?? '', 'gemini-generate'), json: JSON.stringify(d) });
    else for (const key of Object.keys(t)) tools.push({ name: key, origin: 'built-in', json: JSON.stringify({ [key]: t[key] }) });
  }
  const c = new SegmentCollector(ids);
  let images = 0;
  // Calls without ids (older servers) pair with the next response of the same name.
  const unnamed = new Map<string, string[]>();
  let n = 0;
  const contents = Array.isArray(body.contents) ? body.contents.map(obj) : [];
  for (const content of contents) {
    const model = content.role === 'model';
    for (const part of Array.isArray(content.parts) ? content.parts.map(obj) : []) {
      const text = str(part.text);
      if (text !== null) {
        // Thought parts are never rewritten (they may carry a signature): no place recorded.
        if (model) c.text(part.thought === true ? 'thinking' : 'assistant', text, undefined, part.thought === true ? undefined : { at: part, part: 'text' });
        else c.text('user', text, undefined, { at: part, part: 'text' });
        continue;
      }
      const call = obj(part.functionCall);
      if (part.functionCall) {
        const name = str(call.name) ?? 'unknown';
        const id = str(call.id) ?? `${name}#${n++}`;
        if (!str(call.id)) unnamed.set(name, [...(unnamed.get(name) ?? []), id]);
        c.toolCall(id, name, call.args ?? null, { at: part, part: 'call' });
        continue;
      }
      const response = obj(part.functionResponse);
      if (part.functionResponse) {
        const name = str(response.name) ?? 'unknown';
        const id = str(response.id) ?? unnamed.get(name)?.shift() ?? `${name}#${n++}`;
        if (!c.hasPendingCall(id)) c.toolCall(id, name, null);
        c.toolResult(id, responseText(response), false, { at: part, part: 'result' });
        continue;
      }
      if (part.inlineData || part.fileData) {
        images++;
        c.text('user', `[${str(obj(part.inlineData ?? part.fileData).mimeType) ?? 'data'} part]`, 'image', { at: part, part: 'block' });
        c.image(geminiImageOf(part));
        continue;
      }
      if (Object.keys(part).length) c.text(model ? 'assistant' : 'user', JSON.stringify(part), 'part');
    }
  }
  const { segments, texts, paths, nodes, images: sources } = c.finish();
  return {
    api: 'gemini-generate',
    model: geminiModelOf(endpoint),
    stream: endpoint.includes(':streamGenerateContent'),
    system,
    tools,
    segments,
    segmentTexts: texts,
    nodes,
    filePaths: paths,
    images,
    ...(sources.length ? { imageSources: sources } : {}),
    systemBytes: system.reduce((s, b) => s + b.bytes, 0),
    toolBytes: tools.reduce((s, t) => s + Buffer.byteLength(t.json), 0),
    messageBytes: 0,
  };
}
