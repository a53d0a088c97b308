import { createHash } from 'node:crypto';
import { INSPECT_LIMITS, type InspectedFile, type Omission, type OmissionReason } from '../../../shared/contract/context';
import { classifyTextKind } from '../../../shared/tokens/text-kind';
import type { GitReader } from '../git/git-reader';
import { classifyBytes } from './classify';
import type { WorkItem } from './expand-selection';
import { previewOfBytes } from './preview';
import { readOmission, type WorkingCopy } from './working-copy';
import { approxTokens } from '../../../shared/contract/run-limits';

/** Blob or file reads kept in flight ahead of the one being classified (git streams them meanwhile). */
const LOOKAHEAD = 64;

export type FileItem = Exclude<WorkItem, { kind: 'omit' }>;

/** An inspected file as read: its preview is always there (context.inspect may leave it out of its answer). */
export type PreviewedFile = InspectedFile & { preview: string };

/**
 * A previewed file (its change status and redactions are filled in later) with its text's
 * UTF-8 bytes (a view, less any BOM; wholeText decodes them), or an omission.
 */
export type ReadEntry = { file: PreviewedFile; scanText: string; textBytes: Buffer; item: FileItem } | { omission: Omission };

/** A previewed file's whole text, decoded when asked for (an exact count, the app's text store), not for every preview. */
export const wholeText = (entry: { textBytes: Buffer }): string => entry.textBytes.toString('utf8');

type Loaded = { bytes: Buffer } | { omit: OmissionReason; bytes: number | null };

/** A base blob's bytes, or null when this clone lacks it (a partial clone: never fetched). */
export async function readBaseBlob(reader: GitReader, oid: string): Promise<Buffer | null> {
  try {
    return await reader.readBlob(oid);
  } catch (err) {
    if (err instanceof Error && /\bmissing\b|could not (?:read|find)|not found/i.test(err.message)) return null;
    throw err;
  }
}

/** A load that did not happen: an omission decided earlier, or the budget already spent. */
const SKIPPED: Loaded = { omit: 'inspection-budget', bytes: null };

/**
 * Reads and classifies work items in order, keeping reads in flight ahead.
 * Sizes over the per-file limit are refused without reading when known; once a
 * file would take the inspected text past the budget, it and every later file
 * are `inspection-budget` (not scanned, size null). The budget is checked
 * before classifying, so a file that does not fit is never scanned.
 */
export async function readItems(
  reader: GitReader,
  working: WorkingCopy,
  items: readonly WorkItem[],
  progress: (done: number, label: string) => void,
  signal?: AbortSignal,
): Promise<ReadEntry[]> {
  const limits = INSPECT_LIMITS;
  let inspectedBytes = 0;
  let budgetSpent = false;
  const load = async (item: WorkItem): Promise<Loaded> => {
    if (item.kind === 'omit' || budgetSpent) return SKIPPED;
    if (item.kind === 'base') {
      if (item.size !== null && item.size > limits.maxFileBytes) return { omit: 'too-large', bytes: item.size };
      const bytes = await readBaseBlob(reader, item.oid);
      if (bytes === null) return { omit: 'missing-object', bytes: item.size };
      return bytes.length > limits.maxFileBytes ? { omit: 'too-large', bytes: bytes.length } : { bytes };
    }
    const read = await working.read(item.path, limits.maxFileBytes);
    if (read.kind === 'bytes') return { bytes: read.bytes };
    // Too large, or replaced by something else (a FIFO, a link on the way) or removed since it was looked at.
    return { omit: readOmission(read), bytes: read.kind === 'too-large' ? read.size : null };
  };

  const entries: ReadEntry[] = [];
  const inFlight = new Map<number, Promise<Loaded>>();
  try {
    for (let i = 0; i < items.length; i++) {
      signal?.throwIfAborted();
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
      const content = classifyBytes(loaded.bytes);
      if (content.kind !== 'text') {
        entries.push({ omission: { path: item.path, reason: content.kind, bytes: loaded.bytes.length } });
        continue;
      }
      inspectedBytes += loaded.bytes.length;
      entries.push(previewEntry(item, loaded.bytes, content.text));
    }
  } finally {
    // Reads still in flight (after an error) must not reject unobserved.
    await Promise.allSettled(inFlight.values());
  }
  return entries;
}

function previewEntry(item: FileItem, bytes: Buffer, text: Buffer): ReadEntry {
  const { head, preview, scanText } = previewOfBytes(text);
  return {
    file: {
      path: item.path,
      source: item.kind === 'working' ? 'working-copy' : 'base',
      bytes: bytes.length,
      approxTokens: approxTokens(bytes.length),
      sha256: createHash('sha256').update(bytes).digest('hex'),
      // It reads the first 4096 characters, all in `head`.
      textKind: classifyTextKind(item.path, head),
      change: null, // change and modified are set once git status has answered
      modified: false,
      redactions: 0,
      preview,
    },
    scanText,
    textBytes: text,
    item,
  };
}
