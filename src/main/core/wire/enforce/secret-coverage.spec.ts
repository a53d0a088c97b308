// Redaction coverage on the wire (issue 33 item 6), through a real wire session (relay,
// stages, SQLite) in front of the scripted providers: crafted bodies of each API with a
// recognised secret in every place the provider reads that the stage once skipped (strings
// under `data`, `name`, `id`, `status`, `type`, `media_type`; a secret as an object key;
// Gemini's functionResponse.response.data; base64 text payloads; the system prompt, tool
// descriptions, metadata, OpenAI instructions, Gemini systemInstruction; a secret split
// across two text blocks or with a zero-width space in it). In redact mode none reaches the
// provider, every request is still valid for its API, and thinking signatures and
// encrypted reasoning arrive byte for byte as sent.
import { describe, expect, it } from 'vitest';
import type { WireProvider } from '../providers';
import { makeRuntime } from '../../testing/fixtures';
import { ALNUM, pick } from '../../testing/secret-corpus';
import { startProvider, type ScriptedProvider } from '../../testing/providers';
import type { Runtime } from '../../runtime';
import { openWireSession, type WireSession } from '../session';
import { wireRequests } from '../store';
import { closeAfterEach, PROVIDER_API as API, MODEL_ENDPOINT as ENDPOINT } from '../../testing/wire-spec';

let runtime: Runtime | null = null;
let provider: ScriptedProvider | null = null;
let session: WireSession | null = null;
closeAfterEach(() => [session, provider, runtime], () => (session = provider = runtime = null));


/** A fresh fake GitHub token per placement, so nothing one request taught the stage helps the next. */
const secret = () => `ghp_${pick(ALNUM, 36)}`;
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const half = (s: string) => [s.slice(0, 14), s.slice(14)] as const;
const zwsp = (s: string) => `${s.slice(0, 20)}\u200b${s.slice(20)}`;
const SIGNATURE = `EqQBCkYIBxgCKkB${pick(ALNUM, 120)}`;
const ENCRYPTED = `gAAAAAB${pick(ALNUM, 160)}`;
const THOUGHT_SIGNATURE = `CiQB${pick(ALNUM, 100)}`;
const PNG = b64('\x89PNG\r\n\x1a\n binary image bytes');

type Placement = [string, (s: string) => Record<string, unknown>];

const anthropic = (extra: Record<string, unknown>, messages: unknown[] = []) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 100,
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Go on.' }] }, ...messages],
  ...extra,
});
const toolTurn = (use: Record<string, unknown>, result: Record<string, unknown>) => [
  { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'Read', input: {}, ...use }] },
  { role: 'user', content: [{ type: 'tool_result', tool_use_id: (use.id as string | undefined) ?? 'toolu_1', content: 'ok', ...result }] },
];

const ANTHROPIC: Placement[] = [
  ['system as a string', (s) => anthropic({ system: `You are a test. Deploy with ${s}.` })],
  ['a system block', (s) => anthropic({ system: [{ type: 'text', text: `Token: ${s}` }] })],
  ['a tool description', (s) => anthropic({ tools: [{ name: 'Read', description: `Reads files; use ${s}.`, input_schema: { type: 'object', properties: {} } }] })],
  ['a tool schema default', (s) => anthropic({ tools: [{ name: 'Read', description: 'Reads.', input_schema: { type: 'object', properties: { auth: { type: 'string', default: s } } } }] })],
  ['metadata.user_id', (s) => anthropic({ metadata: { user_id: s } })],
  ['a tool_use name', (s) => anthropic({}, toolTurn({ name: s }, {}))],
  ['a tool_use id and its tool_use_id', (s) => anthropic({}, toolTurn({ id: s }, {}))],
  ['an object key in tool input', (s) => anthropic({}, toolTurn({ input: { [s]: 'x' } }, {}))],
  ['input.data, .status and .type', (s) => anthropic({}, toolTurn({ input: { data: s, status: `${s} `, type: ` ${s}` } }, {}))],
  ['a tool result', (s) => anthropic({}, toolTurn({}, { content: [{ type: 'text', text: `GITHUB_TOKEN=${s}` }] }))],
  ['a base64 text document', (s) => anthropic({}, [{ role: 'assistant', content: [{ type: 'text', text: 'Here.' }] }, { role: 'user', content: [{ type: 'document', source: { type: 'base64', media_type: 'text/plain', data: b64(`token=${s}\n`) } }] }])],
  ['split across two text blocks', (s) => anthropic({}, [{ role: 'assistant', content: [{ type: 'text', text: 'Ok.' }] }, { role: 'user', content: [{ type: 'text', text: `the key is ${half(s)[0]}` }, { type: 'text', text: `${half(s)[1]} now` }] }])],
  ['with a zero-width space', (s) => anthropic({}, [{ role: 'assistant', content: [{ type: 'text', text: 'Ok.' }] }, { role: 'user', content: [{ type: 'text', text: `key ${zwsp(s)}` }] }])],
  [
    'beside a signed thinking block and an image',
    (s) =>
      anthropic({}, [
        { role: 'assistant', content: [{ type: 'thinking', thinking: 'Let me read it.', signature: SIGNATURE }, { type: 'redacted_thinking', data: ENCRYPTED }, { type: 'text', text: `Found ${s}` }] },
        { role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } }, { type: 'text', text: 'And this?' }] },
      ]),
  ],
];

const openai = (extra: Record<string, unknown>, input: unknown[] = []) => ({
  model: 'gpt-5',
  input: [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Go on.' }] }, ...input],
  ...extra,
});
const call = (c: Record<string, unknown>, output: Record<string, unknown> = {}) => [
  { type: 'function_call', call_id: 'call_1', name: 'exec_command', arguments: '{"cmd":"ls"}', ...c },
  { type: 'function_call_output', call_id: (c.call_id as string | undefined) ?? 'call_1', output: 'ok', ...output },
];

const OPENAI: Placement[] = [
  ['instructions', (s) => openai({ instructions: `You are a test. Use ${s}.` })],
  ['a tool description and parameter', (s) => openai({ tools: [{ type: 'function', name: 'exec_command', description: `Runs; token ${s}`, parameters: { type: 'object', properties: { cmd: { type: 'string', description: `e.g. ${s}` } } } }] })],
  ['metadata value and key', (s) => openai({ metadata: { note: s, [`${s}x`]: 'v' } })],
  ['user and prompt_cache_key', (s) => openai({ user: s, prompt_cache_key: `${s}-cache` })],
  ['a function_call name', (s) => openai({}, call({ name: s }))],
  ['a function_call call_id and its output call_id', (s) => openai({}, call({ call_id: s }))],
  ['function_call arguments', (s) => openai({}, call({ arguments: JSON.stringify({ cmd: `curl -u ${s}` }) }))],
  ['a function_call_output', (s) => openai({}, call({}, { output: `GITHUB_TOKEN=${s}` }))],
  ['an item status', (s) => openai({}, [{ type: 'message', role: 'assistant', status: s, content: [{ type: 'output_text', text: 'Ok.' }] }])],
  ['a base64 text file', (s) => openai({}, [{ type: 'message', role: 'user', content: [{ type: 'input_file', filename: 'notes.txt', file_data: `data:text/plain;base64,${b64(`key ${s}`)}` }] }])],
  ['split across two input_text blocks', (s) => openai({}, [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: half(s)[0] }, { type: 'input_text', text: half(s)[1] }] }])],
  ['with a zero-width space', (s) => openai({}, [{ type: 'message', role: 'user', content: [{ type: 'input_text', text: zwsp(s) }] }])],
  [
    'beside encrypted reasoning and an image',
    (s) =>
      openai({}, [
        { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: ENCRYPTED },
        { type: 'message', role: 'user', content: [{ type: 'input_image', image_url: `data:image/png;base64,${PNG}` }, { type: 'input_text', text: s }] },
      ]),
  ],
];

const gemini = (extra: Record<string, unknown>, contents: unknown[] = []) => ({
  contents: [{ role: 'user', parts: [{ text: 'Go on.' }] }, ...contents],
  ...extra,
});
const fn = (c: Record<string, unknown>, response: Record<string, unknown>) => [
  { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: 'a' }, ...c }, thoughtSignature: THOUGHT_SIGNATURE }] },
  { role: 'user', parts: [{ functionResponse: { name: (c.name as string | undefined) ?? 'read_file', response } }] },
];

const GEMINI: Placement[] = [
  ['systemInstruction', (s) => gemini({ systemInstruction: { parts: [{ text: `You are a test; key ${s}` }] } })],
  ['a function declaration', (s) => gemini({ tools: [{ functionDeclarations: [{ name: 'read_file', description: `Reads; token ${s}`, parameters: { type: 'OBJECT', properties: {} } }] }] })],
  ['functionResponse.response.data', (s) => gemini({}, fn({}, { data: `GITHUB_TOKEN=${s}` }))],
  ['functionResponse.response.output', (s) => gemini({}, fn({}, { output: s }))],
  ['a functionCall name and its response name', (s) => gemini({}, fn({ name: s }, { output: 'ok' }))],
  ['an object key in functionCall args', (s) => gemini({}, fn({ args: { [s]: 1 } }, { output: 'ok' }))],
  ['base64 text inlineData', (s) => gemini({}, [{ role: 'model', parts: [{ text: 'Ok.' }] }, { role: 'user', parts: [{ inlineData: { mimeType: 'text/plain', data: b64(`token: ${s}`) } }] }])],
  ['labels', (s) => gemini({ labels: { team: s } })],
  ['split across two parts', (s) => gemini({}, [{ role: 'model', parts: [{ text: 'Ok.' }] }, { role: 'user', parts: [{ text: half(s)[0] }, { text: half(s)[1] }] }])],
  ['with a zero-width space', (s) => gemini({}, [{ role: 'model', parts: [{ text: 'Ok.' }] }, { role: 'user', parts: [{ text: zwsp(s) }] }])],
  [
    'beside a thought and an image',
    (s) =>
      gemini({}, [
        { role: 'model', parts: [{ text: 'Thinking it over.', thought: true, thoughtSignature: THOUGHT_SIGNATURE }, { text: 'Ok.' }] },
        { role: 'user', parts: [{ inlineData: { mimeType: 'image/png', data: PNG } }, { text: s }] },
      ]),
  ],
];

const PLACEMENTS: Record<WireProvider, Placement[]> = { anthropic: ANTHROPIC, openai: OPENAI, gemini: GEMINI };

const INVISIBLE = /[\u00ad\u180e\u200b-\u200f\u2060-\u2064\ufeff]/g;
const TEXT_DATA_URL = /^data:text\/[^;,]+;base64,(.*)$/s;

/** Everything the provider reads in a body, joined: strings, keys, decoded text payloads, invisible characters removed. */
function readable(value: unknown): string {
  if (typeof value === 'string') {
    const url = TEXT_DATA_URL.exec(value);
    return url ? Buffer.from(url[1]!, 'base64').toString('utf8') : value;
  }
  if (Array.isArray(value)) return value.map(readable).join('');
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const media = [o.media_type, o.mimeType].find((m) => typeof m === 'string') as string | undefined;
    return Object.entries(o)
      .map(([k, v]) => (k === 'data' && typeof v === 'string' && media?.startsWith('text/') ? Buffer.from(v, 'base64').toString('utf8') : k + readable(v)))
      .join('');
  }
  return '';
}
/** Each array's adjacent texts joined, as the model reads consecutive text blocks, in every array of the body. */
function adjacentTexts(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) {
    out.push(value.map((v) => (typeof v === 'string' ? v : v && typeof v === 'object' && typeof (v as { text?: unknown }).text === 'string' ? (v as { text: string }).text : '\0')).join(''));
    for (const v of value) adjacentTexts(v, out);
  } else if (value && typeof value === 'object') for (const v of Object.values(value)) adjacentTexts(v, out);
  return out;
}
const seen = (json: unknown) => `${readable(json)}\0${adjacentTexts(json).join('\0')}`.replace(INVISIBLE, '');

async function open(p: WireProvider, mode: 'warn' | 'redact'): Promise<void> {
  runtime = makeRuntime();
  provider = await startProvider(API[p], { script: { turns: Array.from({ length: 20 }, () => ({ reply: { text: 'Done.' } })) } });
  session = await openWireSession(runtime.deps, { kind: 'wrap', agent: 'test', repo: null, runId: null, upstreams: { [p]: provider.url }, enforce: { wireSecrets: mode } });
}

async function send(p: WireProvider, json: unknown): Promise<number> {
  const res = await fetch(`${session!.relay.baseUrl(p)}${ENDPOINT[p]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01', authorization: 'Bearer k', 'x-goog-api-key': 'k' },
    body: JSON.stringify(json),
  });
  await res.text();
  return res.status;
}

describe('redaction coverage on the wire', () => {
  it.each(['anthropic', 'openai', 'gemini'] as const)('%s: 0 crafted placements past redaction, signatures intact', async (p) => {
    await open(p, 'redact');
    const placements = PLACEMENTS[p];
    const past: string[] = [];
    for (const [name, make] of placements) {
      const s = secret();
      const body = make(s);
      // The crafted body does carry the secret where the provider would read it.
      expect(seen(body), name).toContain(s);
      expect(await send(p, body), `${p} ${name}: still a valid request`).toBe(200);
      const received = provider!.turns().at(-1)!;
      if (seen(received.json).includes(s) || received.bodyText.includes(s)) past.push(name);
    }
    await session!.settled();
    console.log(`figure: ${p} ${past.length} of ${placements.length} crafted placements past redaction${past.length ? `: ${past.join('; ')}` : ''}`);
    expect(past).toEqual([]);
    const all = provider!.turns().map((t) => t.bodyText).join('\n');
    // What the provider verifies arrives as sent; binary payloads are not touched.
    if (p === 'anthropic') expect(all).toContain(SIGNATURE);
    if (p !== 'gemini') expect(all).toContain(ENCRYPTED);
    if (p === 'gemini') expect(all).toContain(THOUGHT_SIGNATURE);
    expect(all).toContain(PNG);
    expect(all).toContain(p === 'anthropic' ? 'Let me read it.' : p === 'gemini' ? 'Thinking it over.' : 'rs_1');
    const records = wireRequests(runtime!.deps.db, session!.id, true);
    expect(records.every((r) => (r.enforcement?.secrets?.redacted ?? 0) > 0)).toBe(true);
  }, 60_000);

  it('warn: each placement is found and recorded where it is, and forwarded unchanged', async () => {
    await open('anthropic', 'warn');
    const s = secret();
    const body = ANTHROPIC.find(([name]) => name === 'a tool description')![1](s);
    expect(await send('anthropic', body)).toBe(200);
    await session!.settled();
    expect(provider!.turns()[0]!.bodyText).toBe(JSON.stringify(body));
    const [record] = wireRequests(runtime!.deps.db, session!.id, true);
    expect(record!.enforcement?.secrets).toMatchObject({ mode: 'warn', redacted: 0, found: [{ where: 'a tool definition' }] });
  });
});
