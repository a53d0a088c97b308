import type { EntryMeta, SessionBuilder } from '../conversation/builder';
import { usageOf } from '../conversation/builder';
import { developerSection, injectedSection, outputText, partsText, toolCallOf } from '../conversation/openai-responses';
import type { JsonlLine } from './jsonl-reader';
import { type LineCounts, type SessionFacts } from './facts';
import { num, obj, str } from '../conversation/fields';

/** Top-level rollout types that are bookkeeping for the CLI (README: "Envelope"). */
const BOOKKEEPING = new Set(['world_state', 'token_usage_record', 'inter_agent_communication_metadata']);
/** response_item payloads that are not conversation. */
const ITEM_BOOKKEEPING = new Set(['ghost_snapshot', 'configuration_update']);

/** Tool names in a tool list (namespaces and groups flattened). */
function toolNames(tools: unknown, into: string[] = []): string[] {
  if (!Array.isArray(tools)) return into;
  for (const t of tools) {
    const o = obj(t);
    if (Array.isArray(o.tools)) toolNames(o.tools, into);
    else if (typeof o.name === 'string') into.push(o.namespace ? `${String(o.namespace)}.${o.name}` : o.name);
  }
  return into;
}

/**
 * Reads Codex rollout lines: response items are the model-visible history
 * (developer and injected messages become system sections), function and
 * custom tool calls pair with their outputs by call_id, `compacted` is a
 * boundary whose replacement_history is the new context, and token_count
 * events carry the provider's count (last_token_usage) and window.
 */
export class CodexLines {
  window: number | null = null;
  private lastUserText: string | null = null;

  constructor(
    private readonly b: SessionBuilder,
    private readonly facts: SessionFacts,
    private readonly counts: LineCounts,
  ) {}

  line({ lineNo, value: v, bytes }: JsonlLine): void {
    const type = str(v.type) ?? '(no type)';
    const payload = obj(v.payload);
    const meta: EntryMeta = { source: { file: 0, lines: [lineNo] }, timestamp: str(v.timestamp) };
    this.facts.time(meta.timestamp ?? null);
    switch (type) {
      case 'session_meta':
        return this.sessionMeta(payload, meta);
      case 'turn_context':
        this.facts.note({ cwd: str(payload.cwd) });
        if (str(payload.model)) this.facts.addModel(str(payload.model)!);
        this.counts.bookkeeping += 1;
        return;
      case 'response_item':
        return this.item(payload, meta, bytes, type);
      case 'event_msg':
        return this.event(payload, meta);
      case 'compacted':
        return this.compacted(payload, meta);
      default:
        if (BOOKKEEPING.has(type)) {
          this.counts.bookkeeping += 1;
          return;
        }
        this.counts.unknown(type);
        this.b.unknown(type, JSON.stringify(v).slice(0, 400), bytes, meta);
    }
  }

  private sessionMeta(p: Record<string, unknown>, meta: EntryMeta): void {
    this.facts.note({ sessionId: str(p.id) ?? str(p.session_id), cwd: str(p.cwd), version: str(p.cli_version), timestamp: str(p.timestamp) });
    const base = str(p.base_instructions) ?? str(obj(p.base_instructions).text);
    if (base) this.b.system({ title: 'Base instructions', provenance: 'framework-core', bytes: Buffer.byteLength(base), text: base, source: meta.source });
    const model = str(obj(obj(p.base_instructions).provenance).model);
    if (model && !this.facts.lastModel) this.facts.addModel(model);
    const dynamic = toolNames(p.dynamic_tools);
    if (dynamic.length) {
      const json = JSON.stringify(p.dynamic_tools);
      this.b.system({ title: 'Dynamic tools', provenance: 'tools', bytes: Buffer.byteLength(json), text: dynamic.join(', '), source: meta.source });
      for (const name of dynamic) this.b.tool(name);
    }
  }

  /** One response item (also each item of a compaction's replacement_history). */
  private item(p: Record<string, unknown>, meta: EntryMeta, bytes: number, lineType: string, summaryText?: string): void {
    const kind = str(p.type) ?? '(no type)';
    switch (kind) {
      case 'message':
        return this.message(p, meta, summaryText);
      case 'reasoning': {
        const summary = Array.isArray(p.summary) ? p.summary.map((s) => str(obj(s).text) ?? '').join('\n') : '';
        const content = partsText(p.content).join('\n');
        const text = [summary, content].filter(Boolean).join('\n');
        const encrypted = str(p.encrypted_content);
        if (text) this.b.text('thinking', text, meta);
        else if (encrypted) this.b.text('thinking', `[encrypted reasoning, ${encrypted.length} characters]`, { ...meta, label: 'encrypted' });
        return;
      }
      case 'function_call':
      case 'custom_tool_call':
      case 'local_shell_call':
      case 'tool_search_call': {
        const { name, input } = toolCallOf(p, kind);
        this.b.toolCall(str(p.call_id) ?? str(p.id) ?? `line-${meta.source.lines[0]}`, name, input, meta);
        return;
      }
      case 'function_call_output':
      case 'custom_tool_call_output':
      case 'local_shell_call_output':
      case 'tool_search_output': {
        const out = kind === 'tool_search_output' ? toolNames(p.tools).join(', ') : outputText(p.output);
        const failed = obj(p.output).success === false || p.status === 'failed';
        this.b.toolResult(str(p.call_id) ?? '', out, failed, meta);
        return;
      }
      case 'web_search_call':
      case 'image_generation_call': {
        const id = str(p.id) ?? `line-${meta.source.lines[0]}`;
        this.b.toolCall(id, kind === 'web_search_call' ? 'web_search' : 'image_generation', p.action ?? p.revised_prompt ?? null, meta);
        this.b.toolResult(id, kind === 'image_generation_call' ? `[image, ${str(p.result)?.length ?? 0} characters]` : '', p.status === 'failed', meta);
        return;
      }
      case 'additional_tools': {
        const names = toolNames(p.tools);
        for (const name of names) this.b.tool(name);
        const json = JSON.stringify(p.tools ?? []);
        this.b.system({ title: 'Tools', provenance: 'tools', bytes: Buffer.byteLength(json), text: names.join(', '), source: meta.source });
        return;
      }
      case 'agent_message':
        this.b.text('assistant', partsText(p.content).join('\n'), { ...meta, label: 'agent-message' });
        return;
      case 'compaction':
        this.b.text('summary', `[encrypted compaction summary, ${str(p.encrypted_content)?.length ?? 0} characters]`, meta);
        return;
      default:
        if (ITEM_BOOKKEEPING.has(kind)) {
          this.counts.bookkeeping += 1;
          return;
        }
        this.counts.unknown(`${lineType}/${kind}`);
        this.b.unknown(`${lineType}/${kind}`, JSON.stringify(p).slice(0, 400), bytes, meta);
    }
  }

  private message(p: Record<string, unknown>, meta: EntryMeta, summaryText?: string): void {
    const role = str(p.role);
    const parts = partsText(p.content);
    if (role === 'developer' || role === 'system') {
      for (const text of parts) this.b.system({ ...developerSection(text), bytes: Buffer.byteLength(text), text, source: meta.source });
      return;
    }
    if (role === 'assistant') {
      this.b.text('assistant', parts.join('\n'), meta);
      return;
    }
    const prompt: string[] = [];
    for (const text of parts) {
      const section = injectedSection(text);
      if (section) this.b.system({ ...section, bytes: Buffer.byteLength(text), text, source: meta.source });
      else prompt.push(text);
    }
    if (!prompt.length) return;
    const text = prompt.join('\n');
    if (summaryText && text.trim() === summaryText.trim()) {
      this.b.text('summary', text, meta);
      return;
    }
    const injected = /^\s*<([a-z_]+)>[\s\S]*<\/\1>\s*$/.test(text);
    this.b.text('user', text, { ...meta, label: injected ? 'injected' : 'prompt' });
    if (!injected) {
      this.facts.prompt(text);
      this.lastUserText = text.trim();
    }
  }

  private event(p: Record<string, unknown>, meta: EntryMeta): void {
    const kind = str(p.type);
    const window = num(p.model_context_window) ?? num(obj(p.info).model_context_window);
    if (window && window > 0) this.window = window;
    if (kind === 'token_count') return this.tokenCount(obj(p.info), meta);
    // Rollouts without response-item prompts (Codex Desktop) have only these: use them, once.
    const prompt = kind === 'user_message' ? str(p.message) : kind === 'item_completed' && obj(p.item).type === 'UserMessage' ? partsText(obj(p.item).content).join('\n') : null;
    if (prompt !== null && prompt.trim() && prompt.trim() !== this.lastUserText) {
      this.b.text('user', prompt, { ...meta, label: 'prompt' });
      this.facts.prompt(prompt);
      this.lastUserText = prompt.trim();
      return;
    }
    this.counts.bookkeeping += 1;
  }

  private tokenCount(info: Record<string, unknown>, meta: EntryMeta): void {
    this.counts.bookkeeping += 1;
    const last = obj(info.last_token_usage);
    const input = num(last.input_tokens) ?? 0;
    const output = num(last.output_tokens) ?? 0;
    // A count with no input is not a context size (Codex writes one right after compacting).
    if (input <= 0) return;
    this.b.point({
      source: meta.source,
      basis: 'request-input+output',
      reported: input + output,
      usage: usageOf({ input, output, cacheRead: num(last.cached_input_tokens) ?? undefined, cacheCreation: num(last.cache_write_input_tokens) ?? undefined, context: input + output }),
      window: num(info.model_context_window),
      model: this.facts.lastModel,
      timestamp: meta.timestamp ?? null,
    });
  }

  private compacted(p: Record<string, unknown>, meta: EntryMeta): void {
    this.b.boundary({ source: meta.source, trigger: null, preTokens: null, postTokens: null, timestamp: meta.timestamp ?? null });
    const message = str(p.message) ?? '';
    const replacement = Array.isArray(p.replacement_history) ? p.replacement_history : null;
    if (!replacement) {
      this.b.text('summary', message, meta);
      return;
    }
    for (const item of replacement) this.item(obj(item), meta, 0, 'compacted', message || undefined);
  }
}
