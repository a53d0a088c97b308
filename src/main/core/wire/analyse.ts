/**
 * Turns a parsed request into what is recorded: each part's bytes, sha256,
 * Loupe's count (exact where the model's tokenizer is public, else the
 * calibrated estimate, labelled) and a redacted preview of at most 200
 * characters; the diff against the session's previous request. The texts
 * are dropped once this is done.
 */
import { createHash } from 'node:crypto';
import type { TokenCount } from '../../../shared/contract/xray';
import type { WireDiff, WireImageTotals, WireSegment, WireSplit, WireSystemBlock, WireToolDef } from '../../../shared/contract/wire';
import { calibrate, foldFactorFor } from '../../../shared/tokens/calibration';
import { tokenizerForModel } from '../../../shared/tokens/model-tokenizer';
import type { CoreDeps } from '../deps';
import { calibrationRows } from '../tokens/calibration-store';
import { PREVIEW_CHARS } from '../../../shared/contract/xray';
import { hiddenResult, redactTexts } from '../secrets';
import { previewOf } from '../conversation/builder';
import { countsWithImages } from './image-count';
import type { ParsedRequest } from './parse';

/** Redaction markers can be longer than what they replace: a preview stays within 200 characters. */
const clamp = (text: string) => (text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const utf8 = (text: string) => Buffer.byteLength(text, 'utf8');

export interface Analysis {
  system: WireSystemBlock[];
  tools: WireToolDef[];
  segments: WireSegment[];
  split: WireSplit;
  count: TokenCount;
  countBasis: string | null;
  /** ceil(part bytes / 4) over every part: calibration's x for this request. */
  estimateTokens: number;
  /** The request's images by the provider's formula (already in `count`), null when it has none. */
  imageTokens: WireImageTotals | null;
}

/**
 * Above this many bytes a request is not counted exactly: a 30 MB body held a process for
 * minutes (issue 33). Its count is the estimate, labelled as such, with the reason in its basis.
 */
export const WIRE_EXACT_MAX_BYTES = 8 * 1024 * 1024;
/** An exact count that takes longer than this falls back to the estimate (labelled). */
const WIRE_COUNT_TIMEOUT_MS = 20_000;

/** How Loupe counts for `model`: a function from texts to counts, and what to say about it. */
export async function countTexts(
  deps: Pick<CoreDeps, 'db' | 'tokens'>,
  model: string | null,
  texts: readonly string[],
  /** Each text's UTF-8 bytes, when the caller has them (measured once per analysis). */
  bytes: readonly number[] = texts.map(utf8),
): Promise<{ counts: TokenCount[]; basis: string | null }> {
  const tokenizer = model ? tokenizerForModel(model) : null;
  const tooLarge = bytes.reduce((n, b) => n + b, 0) > WIRE_EXACT_MAX_BYTES;
  if (tokenizer?.kind === 'exact' && !tooLarge) {
    try {
      const n = await deps.tokens.count(
        texts.map((text) => ({ text })),
        tokenizer.encoding,
        { signal: AbortSignal.timeout(WIRE_COUNT_TIMEOUT_MS) },
      );
      return { counts: n.map((tokens) => ({ tokens, kind: 'exact', encoding: tokenizer.encoding })), basis: null };
    } catch {
      // No token workers here: the estimate below, labelled as such.
    }
  }
  const calibration = model ? (calibrate(calibrationRows(deps.db, model))[0] ?? null) : null;
  const factor = foldFactorFor(model ?? '', calibration);
  return {
    counts: bytes.map((b) => ({ tokens: Math.ceil((b * factor.factor) / 4), kind: 'estimate' })),
    basis: `${tooLarge && tokenizer?.kind === 'exact' ? `over ${WIRE_EXACT_MAX_BYTES / 1024 / 1024} MiB, not counted exactly; ` : ''}ceil(bytes × ${factor.factor} ÷ 4): ${factor.basis}`,
  };
}

const sum = (counts: readonly TokenCount[], from: number, to: number): TokenCount => {
  let tokens = 0;
  for (let i = from; i < to; i++) tokens += counts[i]!.tokens;
  return { tokens, kind: counts[from]?.kind ?? 'estimate', ...(counts[from]?.encoding ? { encoding: counts[from].encoding } : {}) };
};

/** Records the parts of `parsed` (a request of `requestBytes` bytes): counts, hashes, redacted previews. */
export async function analyse(deps: Pick<CoreDeps, 'db' | 'tokens'>, parsed: ParsedRequest, requestBytes: number): Promise<Analysis> {
  const toolTexts = parsed.tools.map((t) => t.json);
  const texts = [...parsed.system.map((s) => s.text), ...toolTexts, ...parsed.segmentTexts];
  const bytes = texts.map(utf8);
  const { counts: textCounts, basis } = await countTexts(deps, parsed.model, texts, bytes);
  const ns = parsed.system.length;
  const nt = parsed.tools.length;
  // Images by the provider's formula, in their segments' counts (image-count.ts).
  const { counts, images } = countsWithImages(parsed, textCounts, ns + nt);
  // Previews: the builder's (credential-file reads already hidden), then redacted like every preview Loupe shows.
  const segmentPreviews = parsed.segments.map((s, i) => {
    const path = parsed.filePaths[i];
    const hidden = path ? hiddenResult(null, null, path) : null;
    return hidden ?? s.preview;
  });
  const redacted = await redactTexts([...parsed.system.map((s) => previewOf(s.text)), ...segmentPreviews, ...parsed.system.map((s) => s.title)]);
  const system: WireSystemBlock[] = parsed.system.map((s, i) => ({
    // A title is the block's first line: redacted like its preview.
    title: redacted[ns + parsed.segments.length + i]!.text,
    provenance: s.provenance,
    bytes: s.bytes,
    sha256: sha256(s.text),
    preview: clamp(redacted[i]!.text),
    tokens: counts[i]!,
  }));
  const tools: WireToolDef[] = parsed.tools.map((t, i) => ({ name: t.name, origin: t.origin, bytes: bytes[ns + i]!, sha256: sha256(t.json), tokens: counts[ns + i]!, ...(t.deferred ? { deferred: true as const } : {}) }));
  const segments: WireSegment[] = parsed.segments.map((s, i) => {
    const seg: WireSegment = { id: s.id, kind: s.kind, bytes: s.bytes, tokens: counts[ns + nt + i]!, preview: clamp(redacted[ns + i]!.text) };
    if (s.kind === 'tool' && s.label) seg.toolName = s.label;
    else if (s.label) seg.label = s.label;
    if (parsed.filePaths[i]) seg.filePath = parsed.filePaths[i];
    if (s.isError) seg.isError = true;
    if (images.bySegment.has(i)) seg.images = images.bySegment.get(i);
    return seg;
  });
  const split: WireSplit = {
    systemBytes: parsed.systemBytes,
    toolBytes: parsed.toolBytes,
    messageBytes: parsed.messageBytes,
    otherBytes: Math.max(0, requestBytes - parsed.systemBytes - parsed.toolBytes - parsed.messageBytes),
    system: sum(counts, 0, ns),
    tools: sum(counts, ns, ns + nt),
    messages: sum(counts, ns + nt, counts.length),
  };
  const total = sum(counts, 0, counts.length);
  return { system, tools, segments, split, count: total, countBasis: basis, estimateTokens: Math.ceil(bytes.reduce((n, b) => n + b, 0) / 4), imageTokens: images.totals };
}

/** What changed since the previous request: segments added and dropped, by id. */
export function diffSegments(previous: { seq: number; segments: { id: string; bytes: number }[] } | null, segments: readonly { id: string; bytes: number }[]): WireDiff | null {
  if (!previous) return null;
  const before = new Map(previous.segments.map((s) => [s.id, s.bytes]));
  const now = new Set(segments.map((s) => s.id));
  const added = segments.filter((s) => !before.has(s.id));
  const dropped = previous.segments.filter((s) => !now.has(s.id));
  return {
    previousSeq: previous.seq,
    added: added.length,
    dropped: dropped.length,
    addedBytes: added.reduce((n, s) => n + s.bytes, 0),
    droppedBytes: dropped.reduce((n, s) => n + s.bytes, 0),
    droppedIds: dropped.slice(0, 50).map((s) => s.id),
  };
}
