// The eviction stage's splice against its reference: for random request bodies of the three
// APIs (every kind of place the parsers record, large and small tool arguments, missing members
// the placeholder adds, escaped keys, non-ASCII text, compact and indented JSON) and random sets
// of withheld segments, the spliced body must parse to exactly what rewriting the parsed body in
// place and serializing it whole gives (rewrite.ts, the behaviour before the splice).
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../testing/wire-requests';
import { parseBody } from '../parse';
import type { WireProvider } from '../providers';
import { scanJson } from './json-spans';
import { writePlaceholder } from './rewrite';
import { rewriteBody, splicedBody, type Placeholder } from './splice-placeholder';

let seed = 1;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
const pick = <T>(xs: readonly T[]): T => xs[next() % xs.length]!;
const chance = (p: number) => next() % 1000 < p * 1000;

/** Text with what JSON must escape and what UTF-8 encodes in several bytes, sometimes. */
function words(n: number): string {
  const pool = ['lorem', 'ipsum', 'dolor', 'caf\u00e9', '\u65e5\u672c', '\u{1F600}', 'a"quote', 'back\\slash', 'line\nbreak', 'tab\tbed', '</tag>', '\u2028sep'];
  return Array.from({ length: n }, () => pick(pool)).join(' ');
}
const bigArgs = () => ({ file_path: '/repo/x.ts', content: words(400) });
const smallArgs = () => ({ file_path: `/repo/${words(1)}.md` });

function anthropic(turns: number): unknown {
  const messages: unknown[] = [];
  for (let t = 0; t < turns; t++) {
    const id = `toolu_${t}`;
    messages.push(
      chance(0.3)
        ? { role: 'user', content: `Ask ${t}: ${words(5)}` }
        : { role: 'user', content: [{ type: 'text', text: '<system-reminder>\nr\n</system-reminder>' }, { type: 'text', text: `Ask ${t}: ${words(6)}` }, ...(chance(0.2) ? [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }] : []), ...(chance(0.2) ? [{ type: 'document', title: words(2) }] : [])] },
      {
        role: 'assistant',
        content: [
          ...(chance(0.3) ? [{ type: 'thinking', thinking: words(8), signature: 'sig' }] : []),
          { type: 'text', text: words(4) },
          { type: 'tool_use', id, name: 'Write', input: chance(0.4) ? bigArgs() : smallArgs() },
        ],
      },
      { role: 'user', content: [chance(0.15) ? { type: 'tool_result', tool_use_id: id } : chance(0.3) ? { type: 'tool_result', tool_use_id: id, content: [{ type: 'text', text: words(30) }] } : { type: 'tool_result', tool_use_id: id, content: words(40), is_error: chance(0.1) }] },
      chance(0.3) ? { role: 'assistant', content: `Done ${t}. ${words(3)}` } : { role: 'assistant', content: [{ type: 'text', text: `Done ${t}. ${words(3)}` }] },
    );
  }
  messages.push({ role: 'user', content: [{ type: 'text', text: 'The active ask.' }] });
  return { model: 'claude-sonnet-4-5', max_tokens: 1024, system: [{ type: 'text', text: 'System. SYSTEM-MARKER' }], tools: [{ name: 'Write', description: 'TOOLS-MARKER', input_schema: { type: 'object' } }], messages };
}

function openai(turns: number): unknown {
  const input: unknown[] = [{ type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions instructions>x</permissions instructions>' }] }];
  for (let t = 0; t < turns; t++) {
    const callId = `call_${t}`;
    const custom = chance(0.3);
    input.push(
      chance(0.2)
        ? { type: 'message', role: 'user', content: `Ask ${t}: ${words(5)}` }
        : { type: 'message', role: 'user', content: [...(chance(0.3) ? [{ type: 'input_text', text: `<environment_context>${words(3)}</environment_context>` }] : []), { type: 'input_text', text: `Ask ${t}: ${words(6)}` }] },
      ...(chance(0.3) ? [{ type: 'reasoning', summary: [{ type: 'summary_text', text: words(5) }], encrypted_content: 'enc' }] : []),
      custom
        ? { type: 'custom_tool_call', name: 'apply_patch', input: chance(0.5) ? words(500) : words(3), call_id: callId }
        : { type: 'function_call', name: 'shell', arguments: JSON.stringify(chance(0.4) ? bigArgs() : smallArgs()), call_id: callId },
      { type: custom ? 'custom_tool_call_output' : 'function_call_output', call_id: callId, output: words(40) },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: `Done ${t}. ${words(3)}` }] },
    );
  }
  input.push({ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'The active ask.' }] });
  return { model: 'gpt-5-codex', instructions: 'System. SYSTEM-MARKER', tools: [{ type: 'function', name: 'shell', description: 'TOOLS-MARKER', parameters: { type: 'object' } }], input };
}

function gemini(turns: number): unknown {
  const contents: unknown[] = [];
  for (let t = 0; t < turns; t++) {
    const id = `g_${t}`;
    const named = chance(0.7);
    contents.push(
      { role: 'user', parts: [{ text: `Ask ${t}: ${words(6)}` }, ...(chance(0.2) ? [{ inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] : [])] },
      { role: 'model', parts: [...(chance(0.3) ? [{ text: words(5), thought: true }] : []), ...(chance(0.5) ? [{ text: words(3) }] : []), { functionCall: { ...(named ? { id } : {}), name: 'write_file', args: chance(0.4) ? bigArgs() : smallArgs() } }] },
      {
        role: 'user',
        parts: [
          chance(0.1)
            ? { functionResponse: {} }
            : chance(0.15)
              ? { functionResponse: { ...(named ? { id } : {}), name: 'write_file' } }
              : { functionResponse: { ...(named ? { id } : {}), name: 'write_file', response: chance(0.2) ? { error: words(10) } : { output: words(40) } } },
        ],
      },
      { role: 'model', parts: [{ text: `Done ${t}. ${words(3)}` }] },
    );
  }
  contents.push({ role: 'user', parts: [{ text: 'The active ask.' }] });
  return { systemInstruction: { parts: [{ text: 'System. SYSTEM-MARKER' }] }, tools: [{ functionDeclarations: [{ name: 'write_file', description: 'TOOLS-MARKER' }] }], contents };
}

const BUILD: Record<WireProvider, (turns: number) => unknown> = { anthropic, openai, gemini };

/** The body as a CLI might write it: compact or indented, some member names with an escaped letter. */
function serialize(value: unknown): Buffer {
  let text = JSON.stringify(value, null, chance(0.3) ? 2 : undefined);
  if (chance(0.3)) text = text.replaceAll('"text":', '"\\u0074ext":');
  return Buffer.from(text, 'utf8');
}

/** A random set of the body's segments that have places, each with an eviction or a summary text. */
function placeholdersFor(provider: WireProvider, body: Buffer, json: Record<string, unknown>): Placeholder[] {
  const parsed = parseBody(provider, ENDPOINTS[provider], json, body.length, { idsOnly: true });
  const out: Placeholder[] = [];
  parsed.nodes!.forEach((nodes, i) => {
    if (nodes.length && chance(0.4)) out.push({ nodes, text: chance(0.5) ? `[Loupe withheld this part (${i} bytes): restore segment ${parsed.segments[i]!.id}.]` : `[Summary] ${words(4)}` });
  });
  return out;
}

/** What the stage sent before splicing: the parsed body rewritten in place and serialized whole. */
function reference(provider: WireProvider, body: Buffer, placeholders: (json: Record<string, unknown>) => Placeholder[]): unknown {
  const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  const api = parseBody(provider, ENDPOINTS[provider], json, body.length, { idsOnly: true }).api;
  for (const p of placeholders(json)) writePlaceholder(api, p.nodes, p.text);
  return JSON.parse(JSON.stringify(json));
}

/** Members written in a JSON text (counted apart from the code under test: string literals masked, then `"…":`). */
const membersInText = (text: string) => (text.replace(/"[^"\\]*(?:\\.[^"\\]*)*"/g, 'S').match(/S\s*:/g) ?? []).length;
/** Members of a parsed value: fewer than in its text when the text repeats one. */
function membersParsed(v: unknown): number {
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + membersParsed(x), 0);
  if (v && typeof v === 'object') return Object.values(v).reduce((n: number, x) => n + 1 + membersParsed(x), 0);
  return 0;
}

describe('the eviction splice', () => {
  for (const provider of ['anthropic', 'openai', 'gemini'] as WireProvider[]) {
    it(`gives the same JSON as rewriting the whole ${provider} body, over 120 random bodies and eviction sets`, () => {
      seed = { anthropic: 11, openai: 22, gemini: 33 }[provider];
      let edited = 0;
      for (let round = 0; round < 120; round++) {
        const body = serialize(BUILD[provider](1 + (next() % 8)));
        const text = body.toString('utf8');
        const json = JSON.parse(text) as Record<string, unknown>;
        const state = seed;
        const placeholders = placeholdersFor(provider, body, json);
        if (!placeholders.length) continue;
        const api = parseBody(provider, ENDPOINTS[provider], json, body.length, { idsOnly: true }).api;
        const spliced = splicedBody(api, body, text, json, placeholders);
        // Never the fallback here: these bodies repeat no key, so every one of them is spliced.
        expect(spliced, `round ${round}`).not.toBeNull();
        // The same choices again (same seed) on a fresh parse, for the reference.
        seed = state;
        const expected = reference(provider, body, (fresh) => placeholdersFor(provider, body, fresh));
        expect(JSON.parse(spliced!.toString('utf8')), `round ${round}`).toEqual(expected);
        // No member twice: a value set beside the old one instead of over it would still send the old one.
        expect(membersInText(spliced!.toString('utf8')), `round ${round}`).toBe(membersParsed(expected));
        // Outside the evicted values, the bytes are the CLI's: system and tools as sent.
        const root = scanJson(text)!;
        for (const key of ['system', 'tools', 'instructions', 'systemInstruction']) {
          const span = root.keys!.get(key);
          if (span) expect(spliced!.includes(Buffer.from(text.slice(span.start, span.end), 'utf8'))).toBe(true);
        }
        edited += placeholders.length;
      }
      expect(edited).toBeGreaterThan(150);
    });
  }

  it('falls back to rewriting the whole body when an object repeats a key, withholding as much', () => {
    const body = Buffer.from(
      '{"model":"m","messages":[{"role":"user","content":"ask"},{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"Read","input":{}}]},' +
        '{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"SECRET-FIRST","content":"SECRET-LAST"}]},{"role":"user","content":"now"}]}',
    );
    const text = body.toString();
    const json = JSON.parse(text) as Record<string, unknown>;
    const parsed = parseBody('anthropic', ENDPOINTS.anthropic, json, body.length, { idsOnly: true });
    const tool = parsed.segments.findIndex((s) => s.kind === 'tool');
    const placeholders = [{ nodes: parsed.nodes![tool]!, text: 'withheld' }];
    expect(splicedBody(parsed.api, body, text, json, placeholders)).toBeNull();
    const out = rewriteBody(parsed.api, body, text, json, placeholders).toString();
    expect(out).not.toContain('SECRET-FIRST');
    expect(out).not.toContain('SECRET-LAST');
    expect(JSON.parse(out)).toMatchObject({ messages: [{}, {}, { content: [{ type: 'tool_result', content: 'withheld' }] }, {}] });
  });

  it('splices a body that is not valid UTF-8 as its decoded text, and one with multi-byte text at the right bytes', () => {
    for (const raw of [Buffer.concat([Buffer.from('{"messages":[{"role":"user","content":"caf\u00e9 \u{1F600} '), Buffer.from([0xff, 0xfe]), Buffer.from(' old"},{"role":"assistant","content":"r\u00e9ply"},{"role":"user","content":"now"}]}')]), Buffer.from('{"messages":[{"role":"user","content":"caf\u00e9 \u{1F600} old"},{"role":"assistant","content":"\u65e5\u672c r\u00e9ply"},{"role":"user","content":"now \u00e9"}]}')]) {
      const text = raw.toString('utf8');
      const json = JSON.parse(text) as Record<string, unknown>;
      const parsed = parseBody('anthropic', ENDPOINTS.anthropic, json, raw.length, { idsOnly: true });
      const placeholders = [0, 1].map((i) => ({ nodes: parsed.nodes![i]!, text: `gone \u00e9 ${i}` }));
      const out = splicedBody(parsed.api, raw, text, json, placeholders)!;
      expect(JSON.parse(out.toString('utf8'))).toEqual({ messages: [{ role: 'user', content: 'gone \u00e9 0' }, { role: 'assistant', content: 'gone \u00e9 1' }, { role: 'user', content: text.includes('now \u00e9') ? 'now \u00e9' : 'now' }] });
    }
  });
});
