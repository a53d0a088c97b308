import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { RequestOf, ResponseOf } from '../../../shared/api';
import type { Manifest, SegmentEviction } from '../../../shared/contract/xray';
import { evictionPriceText } from '../../../shared/cost/eviction-price';
import { toErrorShape } from '../../../shared/errors';

/** How the server reaches Loupe: a contract method by name (the runtime's dispatch, which validates like every transport). */
/** The X-Ray methods the tools call. */
type XrayToolMethod = 'xray.manifest' | 'xray.pin' | 'xray.evict' | 'xray.restore' | 'xray.report' | 'xray.preview';

/** How the tools reach X-Ray: the runtime's typed call (input validated there, as from any client). */
export type XrayCaller = <M extends XrayToolMethod>(method: M, request: RequestOf<M>) => Promise<ResponseOf<M>>;

/** The tools `loupe mcp` offers, in the order listed. */
export const XRAY_TOOL_NAMES = ['context_manifest_get', 'context_pin', 'context_evict', 'context_restore', 'context_report', 'context_preview_get'] as const;

/** Who directives from these tools are recorded as (Directive.author). */
export const MCP_AUTHOR = 'agent';

const PREVIEW = 120;
const segmentId = z.string().min(1).max(200).describe('A segment id from context_manifest_get (e.g. "tool-3f2a…").');

/** The manifest in the shape an agent reads: totals, the provider's count, and every segment by id. */
export function compactManifest(m: Manifest): unknown {
  return {
    threadId: m.threadId,
    enforceable: m.enforceable,
    note: m.enforceable
      ? 'Directives apply to the next prompt Loupe assembles for this thread.'
      : 'Advisory: the CLI owns this context; directives are recorded as intent and apply when the thread continues as a fresh Loupe session.',
    freshness: m.freshness,
    model: m.model,
    totals: m.totals,
    reported: m.reported,
    system: m.system.map((s) => ({ title: s.title, tier: s.tier, tokens: s.tokens?.tokens ?? null })),
    segments: m.segments.map((s) => ({
      id: s.id,
      kind: s.kind,
      ...(s.label ? { label: s.label } : {}),
      tokens: s.tokens.tokens,
      status: s.status,
      ...(s.outOfContext ? { outOfContext: true } : {}),
      preview: s.preview.length > PREVIEW ? `${s.preview.slice(0, PREVIEW - 1)}…` : s.preview,
      ...(s.eviction ? { eviction: compactEviction(s.eviction) } : {}),
    })),
  };
}

/** A wire segment's eviction price and state as the agent weighs it (issue 37): the same figures X-Ray and `loupe xray --json` show. */
function compactEviction(e: SegmentEviction): unknown {
  const p = e.price;
  return {
    state: e.state,
    ...(e.applied ? { appliedAtRequest: e.applied.seq, appliedBecause: e.applied.reason } : {}),
    ...(e.note ? { note: e.note } : {}),
    ...(p
      ? {
          savedTokensPerRequest: p.savedTokens,
          rewriteTokens: p.rewriteTokens,
          rewriteUsd: p.rewriteUsd,
          savedUsdPerRequest: p.savedUsdPerRequest,
          breakEven: p.breakEven,
          basis: p.basis,
          summary: evictionPriceText(p),
        }
      : {}),
  };
}

const text = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value, null, 2) }] });

/** A failure as a tool error the agent can read: the stable code and Loupe's sentence. */
export function toolError(err: unknown): CallToolResult {
  const shape = toErrorShape(err);
  // The X-Ray services arrive with issue 10; until then every tool says so plainly.
  const code = shape.code === 'unknown-method' ? 'unsupported' : shape.code;
  const message = shape.code === 'unknown-method' ? "This Loupe build has no X-Ray services yet, so the thread's context cannot be read or changed." : shape.message;
  return { isError: true, content: [{ type: 'text', text: `${code}: ${message}` }] };
}

/**
 * How an agent should use the tools (seed 002's rule): what the work is for
 * goes first, so an eviction never takes the task with it. Said in the
 * server's instructions and in the descriptions of the tools it concerns,
 * since clients show either one or the other to the model.
 */
const XRAY_GUIDANCE =
  'Before evicting, pin the segments that hold the task, its requirements and the decisions made so far; then evict large tool results that are stale (read, acted on, no longer needed), largest first.';

/**
 * The stdio MCP server of `loupe mcp --thread ID`: X-Ray tools for the agent
 * working in that thread. Every tool calls the runtime's xray.* methods, so
 * the same rules apply as in the app (a protected segment is refused, and the
 * refusal comes back as a tool error); directives are recorded as the agent's.
 */
export function createXrayMcpServer(call: XrayCaller, threadId: string, version: string): McpServer {
  const server = new McpServer({ name: 'loupe-xray', version }, { instructions: `Loupe's X-Ray of this thread's context. ${XRAY_GUIDANCE}` });
  const guarded = (fn: () => Promise<unknown>) => async (): Promise<CallToolResult> => {
    try {
      return text(await fn());
    } catch (err) {
      return toolError(err);
    }
  };
  const direct = (method: 'xray.pin' | 'xray.evict' | 'xray.restore', id: string, now?: boolean) =>
    guarded(async () => compactManifest(await call(method, { threadId, segmentId: id, author: MCP_AUTHOR, ...(now ? { now: true } : {}) })))();

  server.registerTool(
    'context_manifest_get',
    {
      title: 'Read my context',
      description:
        "The thread's model-bound context as Loupe sees it: the window, totals (estimates: bytes/4) beside the provider's own count, system sections, and every conversation segment with its id, kind, tokens, status and a preview. " +
        XRAY_GUIDANCE,
      inputSchema: {},
    },
    guarded(async () => compactManifest(await call('xray.manifest', { threadId }))),
  );
  server.registerTool(
    'context_pin',
    {
      title: 'Pin a segment',
      description: `Keep a segment in the context whatever the fold drops: the task, requirements and decisions first. ${XRAY_GUIDANCE} Returns the manifest.`,
      inputSchema: { segmentId },
    },
    ({ segmentId: id }) => direct('xray.pin', id),
  );
  server.registerTool(
    'context_evict',
    {
      title: 'Evict a segment',
      description:
        `Leave a segment out of the next prompt Loupe assembles (e.g. an old tool result you no longer need). Protected segments (the current ask) are refused. ${XRAY_GUIDANCE} ` +
        "On the wire, withholding a segment breaks the provider's prompt cache from that point: each segment's `eviction` says the tokens saved per request, the one-time cache re-write and the break-even in requests. By default Loupe applies it at a cheap moment (pending until then); now: true applies it on the next request. Returns the manifest.",
      inputSchema: { segmentId, now: z.boolean().optional().describe("Apply on the wire's next request instead of at a cheap moment (the cache re-write is paid now).") },
    },
    ({ segmentId: id, now }) => direct('xray.evict', id, now),
  );
  server.registerTool(
    'context_restore',
    { title: 'Restore a segment', description: 'Undo a pin, eviction or summary of a segment. Returns the manifest.', inputSchema: { segmentId } },
    ({ segmentId: id }) => direct('xray.restore', id),
  );
  server.registerTool(
    'context_report',
    {
      title: 'Report my own context inventory',
      description: 'Tell Loupe what your context holds as you see it (ids, kinds, token counts). Stored and shown beside Loupe\'s manifest as advisory; nothing is enforced.',
      inputSchema: {
        segments: z
          .array(z.object({ id: segmentId, kind: z.string().min(1).max(40), tokens: z.number().int().nonnegative(), preview: z.string().max(2000).optional() }))
          .max(10_000),
        host: z.string().min(1).max(200).optional().describe('Who reports (defaults to "agent via loupe mcp").'),
      },
    },
    ({ segments, host }) => guarded(() => call('xray.report', { threadId, host: host ?? 'agent via loupe mcp', segments }))(),
  );
  server.registerTool(
    'context_preview_get',
    {
      title: 'Preview a new thread’s context',
      description:
        'The system context a new thread would start with under the settings in force, before any turn: Loupe’s sections (with the ticked memory every run sends), the instruction files the agent’s CLI loads from the repository, the tools it last announced, and the model’s window. Same as `loupe xray --preview`.',
      inputSchema: { repo: z.string().min(1).max(4096).optional().describe('The repository’s absolute path (for its instruction files and runtime context).') },
    },
    ({ repo }) => guarded(async () => compactManifest(await call('xray.preview', repo ? { repo } : {})))(),
  );
  return server;
}
