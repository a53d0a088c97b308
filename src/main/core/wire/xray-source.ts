/**
 * A wire session as an X-Ray source: its latest request as a manifest (the
 * CLI's system blocks and inlined memory files, its tool definitions grouped
 * built-in / per MCP server, the conversation's segments with the same
 * content-derived ids a transcript import gives), the provider's reported
 * input beside Loupe's count. Advisory: Loupe does not assemble these requests.
 * Kept beside the other sources until core/xray/source.ts lands on main.
 */
import type { AgentId } from '../../../shared/contract/runs';
import type { WireRequestRecord, WireSessionSummary } from '../../../shared/contract/wire';
import type { SystemSection, TokenCount, WireManifest } from '../../../shared/contract/xray';
import { PREVIEW_CHARS } from '../../../shared/contract/xray';

export interface WireModel {
  id: string | null;
  window: number;
  reserve: number;
  source: string;
}

const total = (counts: readonly TokenCount[]): TokenCount => ({
  tokens: counts.reduce((n, c) => n + c.tokens, 0),
  kind: counts.some((c) => c.kind === 'estimate') ? 'estimate' : (counts[0]?.kind ?? 'estimate'),
  ...(counts[0]?.encoding ? { encoding: counts[0].encoding } : {}),
});

const clip = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text);

/** The request's system context as sections: blocks, then tool definitions per origin. */
export function wireSystemSections(r: WireRequestRecord): SystemSection[] {
  const sections: SystemSection[] = r.system.map((s, i) => ({
    id: `wire-system-${i + 1}`,
    title: s.title,
    provenance: s.provenance === 'memory' ? 'memory' : s.provenance === 'runtime-context' ? 'runtime-context' : 'framework-core',
    tier: 'inherited',
    sha256: s.sha256,
    tokens: s.tokens,
    bytes: s.bytes,
    preview: s.preview,
    loadedBy: 'cli',
  }));
  const groups = new Map<string, WireRequestRecord['tools']>();
  for (const t of r.tools) groups.set(t.origin, [...(groups.get(t.origin) ?? []), t]);
  const origins = [...groups.keys()].sort((a, b) => (a === 'built-in' ? -1 : b === 'built-in' ? 1 : a.localeCompare(b)));
  for (const origin of origins) {
    const tools = groups.get(origin)!;
    sections.push({
      id: `wire-tools-${origin}`,
      title: origin === 'built-in' ? `Tool definitions: built-in (${tools.length})` : `Tool definitions: MCP server ${origin.slice(4)} (${tools.length})`,
      provenance: 'tools',
      tier: 'inherited',
      sha256: null,
      tokens: total(tools.map((t) => t.tokens)),
      bytes: tools.reduce((n, t) => n + t.bytes, 0),
      preview: clip(tools.map((t) => t.name).join(', ')),
      loadedBy: 'cli',
    });
  }
  return sections;
}

/** The manifest of a wire session's request `r`, in `model`'s window. */
export function wireManifest(session: WireSessionSummary, r: WireRequestRecord, model: WireModel): WireManifest {
  const system = wireSystemSections(r);
  const zero: TokenCount = { tokens: 0, kind: r.count?.kind ?? 'estimate' };
  const usage = r.usage;
  return {
    source: 'wire',
    wireSession: session.id,
    threadId: null,
    sessionFile: null,
    agent: session.agent as AgentId,
    model,
    freshness: 'current',
    enforceable: false,
    segments: r.segments.map((g, i) => ({
      id: g.id,
      kind: g.kind,
      source: `wire request ${r.seq}`,
      tokens: g.tokens,
      bytes: g.bytes,
      status: 'active',
      preview: g.preview,
      ...(g.toolName ? { label: g.filePath ? `${g.toolName} ${g.filePath}` : g.toolName } : g.label ? { label: g.label } : {}),
      seq: i,
    })),
    system,
    totals: { system: total(system.map((s) => s.tokens!)), conversation: r.split?.messages ?? zero, reclaimable: zero },
    reported:
      usage?.input != null
        ? {
            usage: {
              inputTokens: usage.input,
              ...(usage.output != null ? { outputTokens: usage.output } : {}),
              ...(usage.cacheRead != null ? { cacheReadTokens: usage.cacheRead } : {}),
              ...(usage.cacheWrite != null ? { cacheCreationTokens: usage.cacheWrite } : {}),
              contextTokens: usage.input,
            },
            contextTokens: usage.input,
            estimateAtSamePoint: r.count?.tokens ?? 0,
          }
        : null,
    builtAt: r.at,
    tokenizer: r.count
      ? { kind: r.count.kind === 'exact' ? 'exact' : 'estimate', ...(r.count.encoding ? { encoding: r.count.encoding } : {}), note: r.countBasis ?? `Counted with ${r.count.encoding ?? 'the model’s tokenizer'}.` }
      : undefined,
  };
}
