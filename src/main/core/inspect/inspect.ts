import { createHash } from 'node:crypto';
import {
  INSPECT_LIMITS,
  type InspectedFile,
  type InspectResult,
  type Omission,
  type OmissionReason,
} from '../../../shared/contract/context';
import { LoupeError } from '../../../shared/errors';
import type { GitReader } from '../git/git-reader';
import { applyRedactions, findSecrets } from '../secrets/redact';
import { inspectAttachments } from './attachments';
import { classifyContent } from './classify';
import { countModifiedDescendantsAtBase, expandSelection, isModified, type WorkItem } from './expand-selection';
import { boundedPreview, secretScanText } from './preview';
import { WorkingCopy } from './working-copy';

export interface InspectRequest {
  baseRef?: string;
  paths: readonly string[];
  attachments?: readonly { name: string; size: number }[];
}

export interface InspectOptions {
  /** Progress for large inspections: called at most every `progressEveryMs` and once at the end. */
  onProgress?: (done: number, total: number, label: string) => void;
  progressEveryMs?: number;
}

/** Blob or file reads kept in flight ahead of the one being classified. */
const LOOKAHEAD = 64;
/** Inspections with fewer entries than this report no progress. */
const PROGRESS_MIN_ENTRIES = 20;

type Loaded = { bytes: Buffer } | { omit: OmissionReason; bytes: number | null };

/** A load that did not happen: an omission decided earlier, or the budget already spent. */
const BUDGET: Loaded = { omit: 'inspection-budget', bytes: null };

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
  reader.prepareBlobs();
  const commit = reader.resolveCommit(baseRef);
  const attached = inspectAttachments(request.attachments ?? []);
  const working = new WorkingCopy(reader.root);
  const expansion = await expandSelection(reader, working, { ref: baseRef, commit }, request.paths);
  const baseCommit = await commit;

  // Attachment rejections come first so truncation never hides them.
  const room = Math.max(0, limits.maxEntries - attached.omissions.length);
  const items = expansion.items.slice(0, room);
  const truncatedCount = expansion.items.length - items.length;

  let inspectedBytes = 0;
  let budgetSpent = false;
  /** Reads an item's bytes, or decides its omission without reading when size alone tells. */
  const load = async (item: WorkItem): Promise<Loaded> => {
    if (item.kind === 'omit' || budgetSpent) return BUDGET;
    if (item.kind === 'base') {
      if (item.size !== null && item.size > limits.maxFileBytes) return { omit: 'too-large', bytes: item.size };
      const bytes = await reader.readBlob(item.oid);
      return bytes.length > limits.maxFileBytes ? { omit: 'too-large', bytes: bytes.length } : { bytes };
    }
    const read = await working.read(item.path, limits.maxFileBytes);
    if (read.kind === 'bytes') return { bytes: read.bytes };
    if (read.kind === 'too-large') return { omit: 'too-large', bytes: read.size };
    // Replaced by something else, or removed, since it was looked at.
    return { omit: read.kind === 'special' ? 'binary' : 'not-found', bytes: null };
  };

  type FileItem = Exclude<WorkItem, { kind: 'omit' }>;
  const entries: ({ file: InspectedFile; text: string; item: FileItem } | { omission: Omission })[] = [];
  const inFlight = new Map<number, Promise<Loaded>>();
  const progress = progressReporter(items.length, options);
  for (let i = 0; i < items.length; i++) {
    for (let j = i; j < Math.min(items.length, i + LOOKAHEAD) && !budgetSpent; j++) {
      if (!inFlight.has(j)) inFlight.set(j, load(items[j]!));
    }
    const item = items[i]!;
    const loaded = await (inFlight.get(i) ?? load(item));
    inFlight.delete(i);
    progress(i + 1, item.path);
    if (item.kind === 'omit') {
      entries.push({ omission: { path: item.path, reason: item.reason, bytes: item.bytes } });
      continue;
    }
    // Once a file would pass the budget, it and every later file go unscanned.
    if (!budgetSpent && !('omit' in loaded) && inspectedBytes + loaded.bytes.length > limits.maxInspectedBytes) {
      budgetSpent = true;
    }
    if (budgetSpent) {
      entries.push({ omission: { path: item.path, reason: 'inspection-budget', bytes: null } });
      continue;
    }
    if ('omit' in loaded) {
      entries.push({ omission: { path: item.path, reason: loaded.omit, bytes: loaded.bytes } });
      continue;
    }
    const content = classifyContent(loaded.bytes);
    if (content.kind !== 'text') {
      entries.push({ omission: { path: item.path, reason: content.kind, bytes: loaded.bytes.length } });
      continue;
    }
    inspectedBytes += loaded.bytes.length;
    const preview = boundedPreview(content.text);
    entries.push({
      file: {
        path: item.path,
        source: item.kind === 'working' ? 'working-copy' : 'base',
        bytes: loaded.bytes.length,
        approxTokens: Math.ceil(loaded.bytes.length / 4),
        sha256: createHash('sha256').update(loaded.bytes).digest('hex'),
        modified: false, // set once git status has answered
        redactions: 0,
        preview,
      },
      text: secretScanText(content.text, preview),
      item,
    });
  }
  await Promise.allSettled(inFlight.values());

  const files = entries.flatMap((e) => ('file' in e ? [e] : []));
  const changes = await expansion.changes;
  for (const f of files) f.file.modified = isModified(f.item, changes);
  const spans = await findSecrets(files.map((f) => f.text));
  files.forEach(({ file }, i) => {
    const visible = (spans[i] ?? [])
      .filter((s) => s.start < file.preview.length)
      .map((s) => ({ ...s, end: Math.min(s.end, file.preview.length) }));
    file.preview = applyRedactions(file.preview, visible);
    file.redactions = visible.length;
  });

  const omissions = [...attached.omissions, ...entries.flatMap((e) => ('omission' in e ? [e.omission] : []))];
  const fileList = files.map((f) => f.file);
  const known = (n: number | null): number => n ?? 0;
  return {
    repo: reader.root,
    baseRef,
    baseCommit,
    files: fileList,
    omissions,
    attachments: attached.attachments,
    totals: {
      inspectedBytes,
      inspectedTokens: fileList.reduce((sum, f) => sum + f.approxTokens, 0),
      omittedBytes: omissions.reduce((sum, o) => sum + known(o.bytes), 0),
      attachmentBytes: attached.attachments.reduce((sum, a) => sum + a.size, 0),
      attachmentTokens: attached.attachments.reduce((sum, a) => sum + known(a.approxTokens), 0),
      unknownSizes:
        omissions.filter((o) => o.bytes === null).length + attached.attachments.filter((a) => a.approxTokens === null).length,
    },
    limits: { ...limits },
    truncated: truncatedCount > 0,
    truncatedCount,
    modifiedDescendantsAtBase: countModifiedDescendantsAtBase(expansion.items, changes),
  };
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
