import type { Provenance } from '../../../shared/contract/xray';
import type { SessionBuilder, EntryMeta } from '../conversation/builder';
import { usageOf } from '../conversation/builder';
import type { JsonlLine } from './jsonl-reader';
import { toolOutputText } from '../../../shared/tool-output';
import { SessionFacts, type LineCounts } from './facts';
import { num, obj, str } from '../conversation/fields';

/**
 * Claude Code line types that are the CLI's bookkeeping, not conversation (README: "Line types seen").
 * 2.1.332 adds its own request log: `api-request-blob` (each message of a request, by hash: the
 * conversation lines already carry it), `api-request` (per request: params and the blob chain;
 * its `requestDigest` is not a hash of the body sent, see below), `atis-latch` and `tools-used`;
 * `cost-state` is Claude's own running cost (read by the cost view, never conversation).
 */
const BOOKKEEPING = new Set([
  'progress',
  'file-history-snapshot',
  'queue-operation',
  'summary',
  'last-prompt',
  'mode',
  'custom-title',
  'tag',
  'pr-link',
  'agent-name',
  'api-request-blob',
  'api-request',
  'atis-latch',
  'tools-used',
  'cost-state',
]);

/**
 * Attachments 2.1.332 renders into the request as system reminders (`rendered`): the environment,
 * the model's identity, the git status, the date, commit attribution. Context the CLI adds, shown
 * as system sections, never as the user's conversation.
 */
const RENDERED_CONTEXT = new Set(['environment', 'model', 'session_context', 'date', 'remote_session_change']);

/** Attachments that are context the CLI injects besides the conversation: shown as system sections. */
const SYSTEM_ATTACHMENTS: Record<string, Provenance> = {
  skill_listing: 'tools',
  agent_listing_delta: 'tools',
  deferred_tools_delta: 'tools',
  mcp_instructions: 'tools',
  nested_memory: 'memory',
  memory: 'memory',
  plan_mode: 'runtime-context',
  critical_system_reminder: 'runtime-context',
  output_style: 'runtime-context',
};

const COMMAND_WRAPPER = /^\s*<(command-name|command-message|command-args|local-command-stdout|local-command-stderr|local-command-caveat)>/;

/** Where a file's lines belong: the main transcript or a subagent's. */
export interface ClaudeFileContext {
  file: number;
  subagent: boolean;
  agentId?: string;
  parentCallId?: string;
}

interface MessageUsage {
  entryIndex: number;
  line: number;
  usage: Record<string, unknown>;
  model: string | null;
  timestamp: string | null;
}

/**
 * Reads Claude Code transcript lines (see fixtures/sessions/README.md): one
 * API reply is spread over several assistant lines with the same message.id
 * (and requestId); each block becomes an entry, repeated blocks are dropped,
 * and the reply's usage is the LAST line's. tool_use and tool_result pair by
 * id; compact_boundary starts a new context (preserved messages kept).
 */
export class ClaudeLines {
  /** Subagent id → the main-chain tool call that started it. */
  readonly agentLinks = new Map<string, string>();
  private readonly usages = new Map<string, MessageUsage>();
  private readonly blocks = new Map<string, Set<string>>();
  /** The latest request shape (system and tools as sent) and prompt snapshot: one set of system sections, not one per copy. */
  private shape: { system: string[]; tools: unknown[]; source: EntryMeta['source'] } | null = null;
  private snapshot: { system: string[]; tools: unknown[]; source: EntryMeta['source'] } | null = null;

  constructor(
    private readonly b: SessionBuilder,
    private readonly facts: SessionFacts,
    private readonly counts: LineCounts,
  ) {}

  line({ lineNo, value: v, bytes }: JsonlLine, ctx: ClaudeFileContext): void {
    const type = str(v.type);
    const sidechain = ctx.subagent || v.isSidechain === true;
    const meta: EntryMeta = {
      source: { file: ctx.file, lines: [lineNo] },
      timestamp: str(v.timestamp),
      sidechain,
      uuid: str(v.uuid) ?? undefined,
    };
    const agentId = str(v.agentId) ?? ctx.agentId;
    if (sidechain && agentId) meta.agentId = agentId;
    if (sidechain && ctx.parentCallId) meta.parentCallId = ctx.parentCallId;
    if (!ctx.subagent) this.facts.note({ sessionId: str(v.sessionId), cwd: str(v.cwd), version: str(v.version), timestamp: meta.timestamp ?? null });
    else this.facts.time(meta.timestamp ?? null);

    switch (type) {
      case 'user':
        return this.user(v, meta);
      case 'assistant':
        return this.assistant(v, meta, lineNo);
      case 'attachment':
        return this.attachment(obj(v.attachment), meta, bytes, v);
      case 'api-request-shape':
        // What each request carried besides its messages: its system blocks and tool definitions (2.1.332).
        if (!sidechain) this.shape = { system: systemTexts(obj(v.shape).system), tools: arrayOf(obj(v.shape).tools), source: meta.source };
        this.counts.bookkeeping += 1;
        return;
      case 'system':
        if (v.subtype === 'compact_boundary' && !sidechain) return this.compaction(v, meta);
        this.counts.bookkeeping += 1;
        return;
      case 'cost-state':
        // The CLI's own running total, restored and added to on resume: the latest one is the session's.
        if (!ctx.subagent && typeof v.totalCostUSD === 'number' && Number.isFinite(v.totalCostUSD)) this.facts.cliCostUsd = v.totalCostUSD;
        this.counts.bookkeeping += 1;
        return;
      default:
        if (type === 'progress') this.linkProgress(v);
        if (type !== null && BOOKKEEPING.has(type)) {
          this.counts.bookkeeping += 1;
          return;
        }
        this.counts.unknown(type ?? '(no type)');
        this.b.unknown(type ?? '(no type)', JSON.stringify(v).slice(0, 400), bytes, meta);
    }
  }

  private user(v: Record<string, unknown>, meta: EntryMeta): void {
    const message = obj(v.message);
    const content = message.content;
    if (typeof content === 'string') {
      if (v.isCompactSummary === true) {
        this.b.text('summary', content, meta);
        return;
      }
      const label = v.isMeta === true ? 'injected' : COMMAND_WRAPPER.test(content) ? 'command' : 'prompt';
      if (this.b.text('user', content, { ...meta, label }) >= 0 && label === 'prompt' && !meta.sidechain) this.facts.prompt(content);
      return;
    }
    if (!Array.isArray(content)) return;
    const result = obj(v.toolUseResult);
    for (const block of content as unknown[]) {
      const blk = obj(block);
      switch (blk.type) {
        case 'tool_result': {
          const callId = str(blk.tool_use_id) ?? '';
          const agent = str(result.agentId);
          if (agent && callId) this.agentLinks.set(agent, callId);
          this.b.toolResult(callId, toolOutputText(blk.content), blk.is_error === true, meta);
          break;
        }
        case 'text': {
          const text = str(blk.text) ?? '';
          const label = v.isMeta === true ? 'injected' : 'prompt';
          if (this.b.text('user', text, { ...meta, label }) >= 0 && label === 'prompt' && !meta.sidechain) this.facts.prompt(text);
          break;
        }
        case 'image':
          this.b.text('user', `[image ${str(obj(blk.source).media_type) ?? ''}, ${String(str(obj(blk.source).data)?.length ?? 0)} base64 characters]`, { ...meta, label: 'image' });
          break;
        default:
          this.b.text('user', JSON.stringify(blk), { ...meta, label: `block:${String(blk.type)}` });
      }
    }
  }

  private assistant(v: Record<string, unknown>, meta: EntryMeta, lineNo: number): void {
    const message = obj(v.message);
    const messageId = str(message.id) ?? str(v.uuid) ?? `line-${lineNo}`;
    const model = str(message.model);
    const synthetic = model === '<synthetic>';
    if (model && !synthetic) {
      this.facts.addModel(model, meta.sidechain === true);
      meta.model = model;
    }
    const key = `${messageId}|${str(v.requestId) ?? ''}`;
    const seen = this.blocks.get(key) ?? new Set<string>();
    this.blocks.set(key, seen);
    const firstIndex = this.b.size;
    const label = v.isApiErrorMessage === true ? 'error' : undefined;
    const content = typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : Array.isArray(message.content) ? message.content : [];
    for (const block of content as unknown[]) {
      const blk = obj(block);
      const signature = blockSignature(blk);
      if (seen.has(signature)) continue;
      seen.add(signature);
      switch (blk.type) {
        case 'thinking':
          this.b.text('thinking', str(blk.thinking) ?? '', meta);
          break;
        case 'redacted_thinking':
          this.b.text('thinking', `[redacted thinking, ${String(str(blk.data)?.length ?? 0)} characters]`, { ...meta, label: 'redacted' });
          break;
        case 'text':
          this.b.text('assistant', str(blk.text) ?? '', label ? { ...meta, label } : meta);
          break;
        case 'tool_use':
        case 'server_tool_use':
        case 'mcp_tool_use':
          this.b.toolCall(str(blk.id) ?? `line-${lineNo}`, str(blk.name) ?? 'unknown', blk.input ?? null, meta);
          break;
        default:
          if (typeof blk.tool_use_id === 'string') this.b.toolResult(blk.tool_use_id, toolOutputText(blk.content), false, meta);
          else this.b.text('assistant', JSON.stringify(blk), { ...meta, label: `block:${String(blk.type)}` });
      }
    }
    const usage = obj(message.usage);
    if (synthetic || meta.sidechain || Object.keys(usage).length === 0) return;
    const before = this.usages.get(key);
    // Keep the last line's usage (the final one in 2.1.197; the latest snapshot in 2.1.3x), at the reply's first entry.
    this.usages.set(key, { entryIndex: before?.entryIndex ?? firstIndex, line: lineNo, usage, model, timestamp: meta.timestamp ?? null });
  }

  private attachment(att: Record<string, unknown>, meta: EntryMeta, bytes: number, line: Record<string, unknown>): void {
    const type = str(att.type) ?? 'unknown';
    if (type === 'prompt_snapshot') {
      // The CLI's whole system prompt (and, later in a turn, its tools): system sections, once (flushSystem).
      if (!meta.sidechain) this.snapshot = { system: systemTexts(att.systemPrompt), tools: arrayOf(att.tools), source: meta.source };
      this.counts.bookkeeping += 1;
      return;
    }
    if (!(type in SYSTEM_ATTACHMENTS) && (RENDERED_CONTEXT.has(type) || (Array.isArray(line.rendered) && (line.renderedRole === 'system' || line.renderedRole === 'user')))) {
      if (meta.sidechain) return;
      // What the model reads is the rendered reminder, not the record.
      const rendered = arrayOf(line.rendered).map((r) => str(obj(r).content) ?? '').filter(Boolean).join('\n');
      const text = rendered || JSON.stringify(att);
      this.b.system({ title: `Claude Code ${type.replaceAll('_', ' ')}`, provenance: 'runtime-context', bytes: Buffer.byteLength(text), text, source: meta.source });
      return;
    }
    const text = str(att.content) ?? (Array.isArray(att.addedLines) ? att.addedLines.join('\n') : JSON.stringify(att));
    const provenance = SYSTEM_ATTACHMENTS[type];
    if (provenance && !meta.sidechain) {
      this.b.system({ title: `Claude Code ${type.replaceAll('_', ' ')}`, provenance, bytes: Buffer.byteLength(text), text, source: meta.source });
      return;
    }
    if (provenance) return;
    this.b.text('user', text || `[attachment ${type}, ${bytes} bytes]`, { ...meta, label: `attachment:${type}` });
  }

  private compaction(v: Record<string, unknown>, meta: EntryMeta): void {
    const m = obj(v.compactMetadata);
    const preserved = obj(m.preservedMessages);
    const uuids = Array.isArray(preserved.allUuids) ? preserved.allUuids : Array.isArray(preserved.uuids) ? preserved.uuids : [];
    const trigger = m.trigger === 'auto' || m.trigger === 'manual' ? m.trigger : null;
    this.b.boundary(
      { source: meta.source, trigger, preTokens: num(m.preTokens), postTokens: num(m.postTokens), timestamp: meta.timestamp ?? null },
      uuids.filter((u): u is string => typeof u === 'string'),
    );
  }

  private linkProgress(v: Record<string, unknown>): void {
    const data = obj(v.data);
    const agent = str(data.agentId);
    const parent = str(v.parentToolUseID);
    if (data.type === 'agent_progress' && agent && parent && !this.agentLinks.has(agent)) this.agentLinks.set(agent, parent);
  }

  /**
   * The CLI's system prompt and tool definitions as system sections: from the latest request
   * shape (exactly what was sent), else the latest prompt snapshot. Built-in tools are one
   * section, each MCP server's tools another (`mcp__<server>__<tool>`).
   */
  flushSystem(): void {
    const from = this.shape ?? this.snapshot;
    if (!from) return;
    const system = from.system.join('\n\n');
    if (system) this.b.system({ title: 'Claude Code system prompt', provenance: 'framework-core', bytes: Buffer.byteLength(system), text: system, source: from.source });
    const groups = new Map<string, unknown[]>();
    for (const tool of from.tools) {
      const name = str(obj(tool).name) ?? '';
      const server = /^mcp__(.+?)__/.exec(name)?.[1];
      const key = server ? `MCP server ${server} tool definitions` : 'Claude Code tool definitions';
      groups.set(key, [...(groups.get(key) ?? []), tool]);
    }
    for (const [title, tools] of groups) {
      const text = JSON.stringify(tools);
      this.b.system({ title: `${title} (${tools.length})`, provenance: 'tools', bytes: Buffer.byteLength(text), text, source: from.source });
    }
  }

  /** Adds the provider's count for each main-chain reply: input + cache creation + cache read of its last line. */
  flushPoints(): void {
    for (const u of this.usages.values()) {
      const input = num(u.usage.input_tokens) ?? 0;
      const cacheCreation = num(u.usage.cache_creation_input_tokens) ?? 0;
      const cacheRead = num(u.usage.cache_read_input_tokens) ?? 0;
      const context = input + cacheCreation + cacheRead;
      if (context <= 0) continue;
      this.b.point({
        entryIndex: u.entryIndex,
        source: { file: 0, lines: [u.line] },
        basis: 'request-input',
        reported: context,
        // Of the writes, those to a 1-hour cache (Claude Code asks an hour for subscribers): priced at 2x input, not 1.25x.
        usage: usageOf({ input, output: num(u.usage.output_tokens) ?? undefined, cacheRead, cacheCreation, cacheCreation1h: num(obj(u.usage.cache_creation).ephemeral_1h_input_tokens) ?? undefined, context }),
        window: null,
        model: u.model,
        timestamp: u.timestamp,
      });
    }
    this.usages.clear();
  }
}

const arrayOf = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** System prompt parts: plain strings (prompt_snapshot) or text blocks (a request shape's system). */
function systemTexts(v: unknown): string[] {
  return arrayOf(v)
    .map((p) => (typeof p === 'string' ? p : (str(obj(p).text) ?? '')))
    .filter((t) => t.trim() !== '');
}

/** What identifies a block within one reply, so a repeated line adds nothing. */
function blockSignature(blk: Record<string, unknown>): string {
  if (typeof blk.id === 'string') return `${String(blk.type)}:${blk.id}`;
  const text = str(blk.text) ?? str(blk.thinking) ?? JSON.stringify(blk);
  return `${String(blk.type)}:${text.length}:${text.slice(0, 64)}:${text.slice(-64)}`;
}
