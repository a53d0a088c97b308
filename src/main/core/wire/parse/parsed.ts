/**
 * One shape for a parsed request of any of the three APIs. Texts are kept
 * here only while the request is analysed (hashed, counted, previewed); the
 * record that is stored holds none of them.
 */
import type { ImportedEntry } from '../../../../shared/contract/sessions';
import type { WireApi, WireSystemBlock } from '../../../../shared/contract/wire';
import { toolOriginOf } from '../../../../shared/wire/tool-origin';
import { SessionBuilder, type EntryMeta, type IdOptions } from '../../conversation/builder';

export interface ParsedSystem {
  title: string;
  provenance: WireSystemBlock['provenance'];
  text: string;
  /** Bytes of the block as sent (its JSON). */
  bytes: number;
}

export interface ParsedTool {
  name: string;
  origin: string;
  /** The definition as sent, as JSON. */
  json: string;
  /** Sent with `defer_loading: true` (Anthropic's tool search): in the model's context only where a tool_reference loads it. */
  deferred?: boolean;
}

export interface ParsedRequest {
  api: WireApi;
  model: string | null;
  stream: boolean;
  system: ParsedSystem[];
  tools: ParsedTool[];
  /** Tools the CLI listed by name only, their definitions not sent (Claude Code's ToolSearch reminder). */
  deferredTools?: string[];
  /** The request asks its cache breakpoints to live an hour (Anthropic `cache_control.ttl: "1h"`); absent: the 5-minute default. */
  cacheTtl?: '1h';
  /** Conversation segments, ids settled exactly as a transcript import settles them. */
  segments: ImportedEntry[];
  /** The text of each segment (same order), for counting. */
  segmentTexts: string[];
  /** File read by each tool segment (same order), when it is a read. */
  filePaths: (string | undefined)[];
  images: number;
  /** Each image as sent (its base64 data or its reference), with the segment holding it, for image-count.ts. */
  imageSources?: ParsedImage[];
  systemBytes: number;
  toolBytes: number;
  messageBytes: number;
  /** Where each segment sits in the parsed body (same order), when parsed for rewriting (parseBody). */
  nodes?: SegmentNode[][];
}

/** An image in a request: its bytes (base64, as sent) or only a reference (a URL, a file id). */
export interface ParsedImage {
  /** Index of the segment that carries it (an image block, a tool result), or null. */
  segment: number | null;
  mediaType: string | null;
  /** Base64 data, or a `data:` URL; null when the request only names the image. */
  data: string | null;
  /** What names it when there are no bytes: "a URL", "a file id". */
  ref?: string;
  /** OpenAI's `detail` (low, high, auto). */
  detail?: string | null;
}

/**
 * A place in the request's JSON that carries (part of) a segment: the object
 * itself, so a rewriter can change it in place. `part` says what it holds.
 */
export interface SegmentNode {
  at: Record<string, unknown>;
  part: 'text' | 'content' | 'block' | 'message' | 'call' | 'result';
}

/** Tools whose call reads one file: the path is recorded with the result. */
const READ_TOOLS = new Set(['Read', 'NotebookRead', 'read_file', 'read_many_files', 'view', 'View']);
const PATH_FIELDS = ['file_path', 'absolute_path', 'path', 'notebook_path', 'filePath'];

/** The path a file-reading tool call names, or undefined. */
export function readPathOf(name: string, input: unknown): string | undefined {
  if (!READ_TOOLS.has(name) || !input || typeof input !== 'object') return undefined;
  for (const key of PATH_FIELDS) {
    const v = (input as Record<string, unknown>)[key];
    if (typeof v === 'string' && v) return v;
  }
  return undefined;
}

/**
 * The origin of a tool by its name: Claude Code and Codex name MCP tools
 * `mcp__<server>__<tool>`, the Gemini CLI `mcp_<server>_<tool>`; everything
 * else is the CLI's own.
 */
export function toolOrigin(name: string, api: WireApi = 'anthropic-messages'): string {
  return toolOriginOf(api, name);
}

const META: EntryMeta = { source: { file: 0, lines: [] } };

/**
 * Conversation segments through the transcript import's own builder, so a
 * segment's id is the id the imported session gives the same content; with
 * each segment's text kept aside for counting.
 */
export class SegmentCollector {
  private readonly b: SessionBuilder;
  private readonly texts: string[] = [];
  private readonly paths: (string | undefined)[] = [];
  private readonly calls = new Map<string, { name: string; input: unknown }>();
  private readonly nodes: SegmentNode[][] = [];
  private readonly images: ParsedImage[] = [];
  private last = -1;

  /** `ids`: the eviction stage's parse, ids only (see SessionBuilder's IdOptions). */
  private readonly idsOnly: boolean;

  constructor(ids: IdOptions = {}) {
    this.b = new SessionBuilder(undefined, ids);
    this.idsOnly = ids.idsOnly === true;
  }

  private keep(index: number, text: string, node?: SegmentNode): void {
    this.last = index;
    if (index < 0) return;
    if (!this.idsOnly) this.texts[index] = (this.texts[index] ?? '') + text;
    if (node) (this.nodes[index] ??= []).push(node);
  }

  /** `node`: where the text sits in the body, for the eviction stage's rewriter (parsers pass it always; it costs a reference). */
  text(kind: 'user' | 'assistant' | 'thinking' | 'summary', text: string, label?: string, node?: SegmentNode): void {
    this.keep(this.b.text(kind, text, label ? { ...META, label } : META), text, node);
  }

  toolCall(callId: string, name: string, input: unknown, node?: SegmentNode): void {
    const index = this.b.toolCall(callId, name, input, META);
    this.calls.set(callId, { name, input });
    this.paths[index] = readPathOf(name, input);
    this.keep(index, this.idsOnly ? '' : `${name} ${JSON.stringify(input ?? null)}`, node);
  }

  hasPendingCall(callId: string): boolean {
    return this.b.hasPendingCall(callId);
  }

  toolResult(callId: string, output: string, isError: boolean, node?: SegmentNode): void {
    this.keep(this.b.toolResult(callId, output, isError, META), `\n${output}`, node);
  }

  /** An image carried by the segment added last (its placeholder text, or the tool result it is in). */
  image(img: Omit<ParsedImage, 'segment'>): void {
    this.images.push({ ...img, segment: this.last >= 0 ? this.last : null });
  }

  finish(): { segments: ImportedEntry[]; texts: string[]; paths: (string | undefined)[]; nodes: SegmentNode[][]; images: ParsedImage[] } {
    const { entries } = this.b.finish();
    return { segments: entries, texts: entries.map((_, i) => this.texts[i] ?? ''), paths: entries.map((_, i) => this.paths[i]), nodes: entries.map((_, i) => this.nodes[i] ?? []), images: this.images };
  }
}

export const jsonBytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v ?? null));
