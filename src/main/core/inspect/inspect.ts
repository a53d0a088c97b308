import {
  INSPECT_LIMITS,
  type AttachmentResult,
  type InspectedFile,
  type InspectResult,
  type InspectTotals,
  type Omission,
} from '../../../shared/contract/context';
import { LoupeError } from '../../../shared/errors';
import type { TokenEncoding } from '../../../shared/tokens/encodings';
import type { GitReader } from '../git/git-reader';
import type { TokenCounter } from '../tokens/token-counter';
import { applyRedactions, findSecrets } from '../secrets/redact';
import { inspectAttachments } from './attachments';
import { changeOf, countModifiedDescendantsAtBase, expandSelection } from './expand-selection';
import { readItems, wholeText, type PreviewedFile } from './read-items';
import { WorkingCopy } from './working-copy';

export interface InspectRequest {
  baseRef?: string;
  paths: readonly string[];
  attachments?: readonly { name: string; size: number }[];
  /** Count each file exactly in this encoding too. */
  tokens?: TokenEncoding;
}

export interface InspectOptions {
  /** Progress for large inspections: called at most every `progressEveryMs` and once at the end. */
  onProgress?: (done: number, total: number, label: string) => void;
  progressEveryMs?: number;
  /** The counter for `request.tokens` (required when it is set); counts run in its worker threads. */
  tokenCounter?: TokenCounter;
  /** Aborting stops the inspection between files, and the exact count at once; it then rejects. */
  signal?: AbortSignal;
  /** Receives each previewed file's whole text, by content hash (for exact counts asked for later). */
  keepText?: (sha256: string, text: string, bytes: number) => void;
}

/** Inspections with fewer entries than this report no progress. */
const PROGRESS_MIN_ENTRIES = 20;

/**
 * The context inspection behind `context.inspect`: expands the selection,
 * reads each file from its source, classifies it, and returns previews (secrets
 * redacted), omissions with reasons, attachments and totals, within the
 * contract's limits (INSPECT_LIMITS). Totals cover the entries returned; the
 * `truncatedCount` entries past the limit are counted but never read.
 */
export async function inspectContext(reader: GitReader, request: InspectRequest, options: InspectOptions = {}): Promise<InspectResult> {
  const limits = INSPECT_LIMITS;
  if (request.paths.length > limits.maxSelections) {
    throw new LoupeError(
      'too-many-selections',
      `${request.paths.length} paths were selected; the inspector takes at most ${limits.maxSelections}. Select a folder instead of its files.`,
    );
  }
  const baseRef = request.baseRef ?? 'HEAD';
  // Start the blob reader now so its start-up overlaps resolving and listing.
  if (request.paths.length > 0) reader.prepareBlobs();
  const commit = reader.resolveCommit(baseRef);
  const attached = inspectAttachments(request.attachments ?? []);
  const working = new WorkingCopy(reader.root);
  const expansion = await expandSelection(reader, working, { ref: baseRef, commit }, request.paths, limits.maxEntries);
  const baseCommit = await commit;

  // Attachment rejections come first so truncation never hides them.
  const room = Math.max(0, limits.maxEntries - attached.omissions.length);
  const items = expansion.items.slice(0, room);
  const truncatedCount = expansion.items.length - items.length;

  const entries = await readItems(reader, working, items, progressReporter(items.length, options), options.signal);
  const files = entries.flatMap((e) => ('file' in e ? [e] : []));
  const changes = await expansion.changes;
  options.signal?.throwIfAborted();
  for (const f of files) {
    f.file.change = changeOf(f.item, changes);
    f.file.modified = f.file.change !== null;
  }
  await redactPreviews(files);
  if (options.keepText) for (const f of files) options.keepText(f.file.sha256, wholeText(f), f.file.bytes);
  const exactTotal = request.tokens ? await countExactly(files, request.tokens, options) : undefined;

  const omissions = [...attached.omissions, ...entries.flatMap((e) => ('omission' in e ? [e.omission] : []))];
  const fileList = files.map((f) => f.file);
  return {
    repo: reader.root,
    baseRef,
    baseCommit,
    files: fileList,
    omissions,
    attachments: attached.attachments,
    totals: { ...totalsOf(fileList, omissions, attached.attachments), ...(exactTotal ? { inspectedExactTokens: exactTotal } : {}) },
    limits: { ...limits },
    truncated: truncatedCount > 0,
    truncatedCount,
    modifiedDescendantsAtBase: countModifiedDescendantsAtBase(expansion.items, changes),
  };
}

/** Sums over the entries returned; sizes that are null count as unknown, not as zero. */
function totalsOf(files: readonly InspectedFile[], omissions: readonly Omission[], attachments: readonly AttachmentResult[]): InspectTotals {
  const sum = <T>(list: readonly T[], of: (x: T) => number | null) => list.reduce((n, x) => n + (of(x) ?? 0), 0);
  return {
    inspectedBytes: sum(files, (f) => f.bytes),
    inspectedTokens: sum(files, (f) => f.approxTokens),
    omittedBytes: sum(omissions, (o) => o.bytes),
    attachmentBytes: sum(attachments, (a) => a.size),
    attachmentTokens: sum(attachments, (a) => a.approxTokens),
    unknownSizes: omissions.filter((o) => o.bytes === null).length + attachments.filter((a) => a.approxTokens === null).length,
  };
}

/** Adds each file's exact count in `encoding` (whole text, cached by its sha256); returns their sum. */
async function countExactly(
  files: readonly { file: InspectedFile; textBytes: Buffer }[],
  encoding: TokenEncoding,
  options: InspectOptions,
): Promise<{ encoding: TokenEncoding; count: number }> {
  if (!options.tokenCounter) throw new LoupeError('unsupported', 'Exact token counts are not available here.');
  const counts = await options.tokenCounter.count(
    files.map((f) => ({ text: wholeText(f), sha256: f.file.sha256 })),
    encoding,
    { signal: options.signal },
  );
  files.forEach((f, i) => (f.file.exactTokens = { encoding, count: counts[i]! }));
  return { encoding, count: counts.reduce((a, b) => a + b, 0) };
}

/** Hides the recognised secrets that overlap each preview; counts them. */
async function redactPreviews(files: readonly { file: PreviewedFile; scanText: string }[]): Promise<void> {
  // Only spans that start in the preview are shown: the scan past it need not look further.
  const spans = await findSecrets(
    files.map((f) => f.scanText),
    files.map((f) => f.file.preview.length),
  );
  files.forEach(({ file }, i) => {
    const visible = (spans[i] ?? [])
      .filter((s) => s.start < file.preview.length)
      .map((s) => ({ ...s, end: Math.min(s.end, file.preview.length) }));
    file.preview = applyRedactions(file.preview, visible);
    file.redactions = visible.length;
  });
}

/** A throttled progress callback that always reports the last step. */
function progressReporter(total: number, options: InspectOptions): (done: number, label: string) => void {
  const { onProgress } = options;
  if (!onProgress || total < PROGRESS_MIN_ENTRIES) return () => {};
  const every = options.progressEveryMs ?? 100;
  let last = 0;
  return (done, label) => {
    const now = Date.now();
    if (done === total || now - last >= every) {
      last = now;
      onProgress(done, total, label);
    }
  };
}
