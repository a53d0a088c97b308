// Test support: request bodies as claude, codex and gemini send them (Anthropic Messages,
// OpenAI Responses, Gemini), `turns` past turns each reading a file (a call and its result
// holding a unique marker) and replying, then the active turn: its ask and a call whose
// result the model has not answered yet. Used by the eviction specs and the benchmark.
import type { WireProvider } from '../wire/providers';

export interface WireBodyOptions {
  turns: number;
  /** Characters of each tool result (its marker included). */
  resultChars: number;
}

/** The marker in past turn `i`'s tool result (unique within the body, and not a prefix of another). */
export const resultMarker = (i: number) => `RESULT-MARKER-${String(i).padStart(5, '0')}-END`;
/** The marker in the active turn's tool result. */
export const ACTIVE_MARKER = 'ACTIVE-TURN-RESULT-MARKER';
export const ENDPOINTS: Record<WireProvider, string> = { anthropic: '/v1/messages', openai: '/v1/responses', gemini: '/v1beta/models/gemini-2.5-pro:streamGenerateContent' };

const filler = (marker: string, chars: number) => `${marker}\n${'lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(Math.ceil(chars / 57)).slice(0, Math.max(0, chars - marker.length - 1))}`;

const SYSTEM = 'You are a coding agent. SYSTEM-BLOCK-MARKER';
const TOOL = { name: 'Read', description: 'Reads a file. TOOL-DEF-MARKER', schema: { type: 'object', properties: { file_path: { type: 'string' } } } };

function anthropic(o: WireBodyOptions): unknown {
  const messages: unknown[] = [];
  const ask = (text: string) => ({ role: 'user', content: [{ type: 'text', text: '<system-reminder>\nReminder.\n</system-reminder>' }, { type: 'text', text }] });
  const call = (id: string, path: string) => ({ role: 'assistant', content: [{ type: 'text', text: `Reading ${path}.` }, { type: 'tool_use', id, name: 'Read', input: { file_path: path } }] });
  const result = (id: string, text: string) => ({ role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: text }] });
  for (let i = 0; i < o.turns; i++) {
    messages.push(ask(`Turn ${i}: read file ${i}.`), call(`toolu_${i}`, `/repo/f${i}.md`), result(`toolu_${i}`, filler(resultMarker(i), o.resultChars)), { role: 'assistant', content: [{ type: 'text', text: `File ${i} read. REPLY-MARKER-${i}` }] });
  }
  messages.push(ask('Now read the active file.'), call('toolu_active', '/repo/active.md'), result('toolu_active', filler(ACTIVE_MARKER, 200)));
  return { model: 'claude-sonnet-4-5', max_tokens: 1024, stream: true, system: [{ type: 'text', text: SYSTEM }], tools: [{ name: TOOL.name, description: TOOL.description, input_schema: TOOL.schema }], messages };
}

function openai(o: WireBodyOptions): unknown {
  const input: unknown[] = [{ type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions instructions>sandboxed</permissions instructions>' }] }];
  const ask = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });
  for (let i = 0; i < o.turns; i++) {
    input.push(
      ask(`Turn ${i}: read file ${i}.`),
      { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['cat', `f${i}.md`] }), call_id: `call_${i}` },
      { type: 'function_call_output', call_id: `call_${i}`, output: filler(resultMarker(i), o.resultChars) },
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: `File ${i} read. REPLY-MARKER-${i}` }] },
    );
  }
  input.push(
    ask('Now read the active file.'),
    { type: 'function_call', name: 'shell', arguments: JSON.stringify({ command: ['cat', 'active.md'] }), call_id: 'call_active' },
    { type: 'function_call_output', call_id: 'call_active', output: filler(ACTIVE_MARKER, 200) },
  );
  return { model: 'gpt-5-codex', instructions: SYSTEM, stream: true, tools: [{ type: 'function', name: 'shell', description: TOOL.description, parameters: TOOL.schema }], input };
}

function gemini(o: WireBodyOptions): unknown {
  const contents: unknown[] = [];
  const ask = (text: string) => ({ role: 'user', parts: [{ text }] });
  for (let i = 0; i < o.turns; i++) {
    contents.push(
      ask(`Turn ${i}: read file ${i}.`),
      { role: 'model', parts: [{ functionCall: { id: `g_${i}`, name: 'read_file', args: { absolute_path: `/repo/f${i}.md` } } }] },
      { role: 'user', parts: [{ functionResponse: { id: `g_${i}`, name: 'read_file', response: { output: filler(resultMarker(i), o.resultChars) } } }] },
      { role: 'model', parts: [{ text: `File ${i} read. REPLY-MARKER-${i}` }] },
    );
  }
  contents.push(
    ask('Now read the active file.'),
    { role: 'model', parts: [{ functionCall: { id: 'g_active', name: 'read_file', args: { absolute_path: '/repo/active.md' } } }] },
    { role: 'user', parts: [{ functionResponse: { id: 'g_active', name: 'read_file', response: { output: filler(ACTIVE_MARKER, 200) } } }] },
  );
  return { systemInstruction: { parts: [{ text: SYSTEM }] }, tools: [{ functionDeclarations: [{ name: 'read_file', description: TOOL.description, parameters: TOOL.schema }] }], contents };
}

/** A request body of `provider`'s API. */
export function wireBody(provider: WireProvider, o: WireBodyOptions): Buffer {
  const body = provider === 'anthropic' ? anthropic(o) : provider === 'openai' ? openai(o) : gemini(o);
  return Buffer.from(JSON.stringify(body));
}

/**
 * Whether every tool call is followed by its result, in the API's own terms
 * (the order check a provider makes), and nothing else answers a call.
 * Answers the first problem found, or null.
 */
export function pairingProblem(provider: WireProvider, body: unknown): string | null {
  const b = body as Record<string, unknown[]>;
  if (provider === 'anthropic') {
    const msgs = b.messages as { role: string; content: string | { type: string; id?: string; tool_use_id?: string }[] }[];
    for (let i = 0; i < msgs.length; i++) {
      const m = msgs[i]!;
      if (i > 0 && msgs[i - 1]!.role === m.role) return `messages ${i - 1} and ${i} have the same role`;
      if (m.role === 'user' && typeof m.content !== 'string') {
        // A tool_result answers a call of the message just before, and tool results come first in their message.
        const types = m.content.map((c) => c.type);
        const other = types.findIndex((t) => t !== 'tool_result');
        if (other >= 0 && types.slice(other).includes('tool_result')) return `message ${i} has a block before a tool_result`;
        const prev = msgs[i - 1];
        const asked = prev && typeof prev.content !== 'string' ? prev.content.filter((c) => c.type === 'tool_use').map((c) => c.id) : [];
        const orphan = m.content.find((c) => c.type === 'tool_result' && !asked.includes(c.tool_use_id));
        if (orphan) return `tool_result ${orphan.tool_use_id} answers no call`;
      }
      if (m.role !== 'assistant' || typeof m.content === 'string') continue;
      const calls = m.content.filter((c) => c.type === 'tool_use').map((c) => c.id);
      if (!calls.length) continue;
      const next = msgs[i + 1];
      const results = next && typeof next.content !== 'string' ? next.content.filter((c) => c.type === 'tool_result').map((c) => c.tool_use_id) : [];
      if (calls.join() !== results.join()) return `tool_use ${calls.join()} answered by ${results.join() || 'nothing'}`;
    }
    return null;
  }
  if (provider === 'openai') {
    const items = b.input as { type: string; call_id?: string }[];
    const open = new Set<string>();
    for (const it of items) {
      // Between a call and its output only other calls and outputs (parallel calls) may stand.
      if (open.size && it.type !== 'function_call' && it.type !== 'function_call_output') return `a ${it.type} item between call ${[...open].join()} and its output`;
      if (it.type === 'function_call') open.add(it.call_id!);
      if (it.type === 'function_call_output' && !open.delete(it.call_id!)) return `output ${it.call_id} without its call`;
    }
    return open.size ? `calls without output: ${[...open].join()}` : null;
  }
  const contents = b.contents as { role: string; parts: { functionCall?: { id: string }; functionResponse?: { id: string } }[] }[];
  for (let i = 0; i < contents.length; i++) {
    const asked = (contents[i - 1]?.parts ?? []).filter((p) => p.functionCall).map((p) => p.functionCall!.id);
    const orphan = contents[i]!.parts.find((p) => p.functionResponse && !asked.includes(p.functionResponse.id));
    if (orphan) return `functionResponse ${orphan.functionResponse!.id} answers no call`;
    if (asked.length && contents[i]!.parts.some((p) => !p.functionResponse)) return `content ${i} answers calls with something else beside them`;
    const calls = contents[i]!.parts.filter((p) => p.functionCall).map((p) => p.functionCall!.id);
    if (!calls.length) continue;
    const responses = (contents[i + 1]?.parts ?? []).filter((p) => p.functionResponse).map((p) => p.functionResponse!.id);
    if (calls.join() !== responses.join()) return `functionCall ${calls.join()} answered by ${responses.join() || 'nothing'}`;
  }
  return null;
}

/** What a compaction leaves in place of the history (claude's words; codex and gemini say the same in theirs). */
export const COMPACTION_SUMMARY = 'This session is being continued from a previous conversation that ran out of context. The conversation is summarized below: the user had files read one by one. COMPACTION-SUMMARY-MARKER';

/**
 * `full` (a wireBody) as the CLI sends it after compacting: every past turn gone, a summary at
 * the start of the history, the active turn as it was (each CLI's own layout: claude puts the
 * summary in the first user message, codex a user message after its instructions, gemini a
 * user content the model acknowledges).
 */
export function compactedBody(provider: WireProvider, full: Buffer): Buffer {
  const b = JSON.parse(full.toString()) as Record<string, unknown[]>;
  if (provider === 'anthropic') {
    const active = b.messages!.slice(-3) as { content: unknown[] }[];
    active[0]!.content.unshift({ type: 'text', text: COMPACTION_SUMMARY });
    b.messages = active;
  } else if (provider === 'openai') {
    b.input = [b.input![0], { type: 'message', role: 'user', content: [{ type: 'input_text', text: COMPACTION_SUMMARY }] }, ...b.input!.slice(-3)];
  } else {
    b.contents = [{ role: 'user', parts: [{ text: COMPACTION_SUMMARY }] }, { role: 'model', parts: [{ text: 'Got it. Thanks for the additional context!' }] }, ...b.contents!.slice(-3)];
  }
  return Buffer.from(JSON.stringify(b));
}
