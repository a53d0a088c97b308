import type { TranscriptEntry } from '../../../shared/contract/transcript';
import type { Segment, TokenCount } from '../../../shared/contract/xray';
import type { TokenEncoding } from '../../../shared/tokens/encodings';
import { summaryText } from '../../../shared/xray/directives';
import type { TokenCounter } from '../tokens/token-counter';
import { segmentText, type BuiltSegments, type Delivery } from './segments';

/** Exact counts already made, by encoding and segment id (an id is a hash of the content: its count never changes). */
const known = new Map<string, number>();
const KNOWN_MAX = 100_000;

/**
 * The segments and totals with exact counts in `encoding` (a model whose
 * tokenizer is public): each segment's text as the history carries it,
 * counted in the token workers (only segments not counted before), summaries
 * too; the conversation the next turn carries, what a fresh session would
 * carry (its rendered history, counted whole) and what directives take off,
 * all from those counts. Labelled exact with the encoding.
 */
export async function withExactCounts(
  built: BuiltSegments,
  entries: readonly TranscriptEntry[],
  delivery: Delivery,
  encoding: TokenEncoding,
  counter: TokenCounter,
): Promise<BuiltSegments> {
  const key = (id: string) => `${encoding}:${id}`;
  const missing = entries.filter((e) => !known.has(key(e.segmentId)));
  const summaries = built.segments.filter((s) => s.summary !== undefined);
  const counts = await counter.count(
    [...missing.map((e) => ({ text: segmentText(e) })), ...summaries.map((s) => ({ text: `Assistant: ${summaryText(s.summary!)}` })), { text: built.freshText }],
    encoding,
  );
  if (known.size + missing.length > KNOWN_MAX) known.clear();
  missing.forEach((e, i) => known.set(key(e.segmentId), counts[i]!));
  const summaryCounts = new Map(summaries.map((s, i) => [s.id, counts[missing.length + i]!]));
  const exact = (tokens: number): TokenCount => ({ tokens, kind: 'exact', encoding });
  let conversation = 0;
  let reclaimable = 0;
  const segments = built.segments.map((s): Segment => {
    const tokens = known.get(key(s.id)) ?? s.tokens.tokens;
    const summaryTokens = summaryCounts.get(s.id);
    if (s.status === 'evicted' && s.kind !== 'thinking') reclaimable += tokens;
    if (summaryTokens !== undefined) reclaimable += Math.max(0, tokens - summaryTokens);
    if (!s.outOfContext && delivery.kind === 'resume') conversation += tokens;
    return { ...s, tokens: exact(tokens), ...(summaryTokens !== undefined ? { summaryTokens: exact(summaryTokens) } : {}) };
  });
  const fresh = counts.at(-1)!;
  return { ...built, segments, conversation: delivery.kind === 'fresh' ? fresh : conversation, fresh, reclaimable };
}
