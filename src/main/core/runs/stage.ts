import { createHash } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { INSPECT_LIMITS } from '../../../shared/contract/limits';
import type { Exclusion } from '../../../shared/contract/runs';
import type { OmissionReason } from '../../../shared/contract/context';
import { reasonSentence } from '../../../shared/omission-text';
import type { GitReader } from '../git/git-reader';
import { classifyContent } from '../inspect/classify';
import { isCredentialPath } from '../secrets';
import { expandSelection } from '../inspect/expand-selection';
import { readBaseBlob } from '../inspect/read-items';
import { readOmission, WorkingCopy } from '../inspect/working-copy';
import { applyRedactions, findSecrets } from '../secrets';

/** One file put in the staged folder. */
export interface StagedFile {
  /** Repo-relative path (files), or the attachment's name. */
  path: string;
  /** Where the agent finds it. */
  location: string;
  source: 'working-copy' | 'base' | 'attachment';
  bytes: number;
  /** sha256 of the source bytes (before any redaction). */
  sha256: string;
  /** Secrets hidden in the staged copy (the agent sees `[redacted …]` there). */
  redactions: number;
}

export interface Staging {
  dir: string;
  baseCommit: string;
  files: StagedFile[];
  exclusions: Exclusion[];
}

export interface StageRequest {
  baseRef: string;
  paths: readonly string[];
  attachments: readonly { name: string; size: number; path?: string }[];
  /** false: decide and measure everything, write nothing (a preview). */
  write?: boolean;
}

/** An exclusion for one of the Inspector's omission reasons, with its sentence. */
const omission = (path: string, reason: OmissionReason): Exclusion => ({ path, reason, detail: reasonSentence(reason, INSPECT_LIMITS) });

/** Flags some platforms lack (Windows has no O_NOFOLLOW), though the typings list them everywhere. */
const optionalFlags: Partial<typeof constants> = constants;
const READ_FLAGS = constants.O_RDONLY | (optionalFlags.O_NOFOLLOW ?? 0) | (optionalFlags.O_NONBLOCK ?? 0);

/** Reads an attachment: an absolute path to a regular file, never through a link. */
async function readAttachment(path: string): Promise<Buffer | { reason: string }> {
  if (!isAbsolute(path)) return { reason: 'the path is not absolute' };
  const info = await lstat(path).catch(() => null);
  if (!info) return { reason: 'not found' };
  if (info.isSymbolicLink()) return { reason: 'a symbolic link: not followed' };
  if (!info.isFile()) return { reason: 'not a regular file' };
  if (info.size > INSPECT_LIMITS.maxFileBytes) return { reason: 'too large (over 512 KiB)' };
  const handle = await open(path, READ_FLAGS).catch(() => null);
  if (!handle) return { reason: 'could not be opened' };
  try {
    const bytes = await handle.readFile();
    return bytes.length > INSPECT_LIMITS.maxFileBytes ? { reason: 'too large (over 512 KiB)' } : bytes;
  } finally {
    await handle.close();
  }
}

/** A safe file name for an attachment inside the staged folder (no separators, no dot-dot). */
function attachmentName(name: string, taken: Set<string>): string {
  let safe = basename(name.replace(/\\/g, '/')).replace(/[\0-\x1f<>:"|?*]/g, '_');
  if (safe === '' || safe === '.' || safe === '..') safe = 'attachment';
  let candidate = safe;
  for (let i = 2; taken.has(candidate); i++) candidate = `${i}-${safe}`;
  taken.add(candidate);
  return candidate;
}

/**
 * Stages the selected files and attachments into `dir`, re-checking every path
 * whatever the Inspector said: credential names, Git internals, symlinks (the
 * file or any folder on the way), base symlinks and submodules, paths outside
 * the repository, binaries and files over the limits are refused and recorded
 * as exclusions. Text is staged with recognised secrets redacted; each file
 * keeps its source label and the hash of its source bytes.
 */
export async function stageContext(reader: GitReader, dir: string, request: StageRequest, signal?: AbortSignal): Promise<Staging> {
  const write = request.write !== false;
  if (write) await mkdir(join(dir, 'repo'), { recursive: true, mode: 0o700 });
  const working = new WorkingCopy(reader.root);
  const commit = reader.resolveCommit(request.baseRef);
  const expansion = await expandSelection(reader, working, { ref: request.baseRef, commit }, request.paths);
  const baseCommit = await commit;
  await expansion.changes.catch(() => undefined);
  const exclusions: Exclusion[] = [];
  const texts: { path: string; location: string; source: StagedFile['source']; bytes: Buffer; text: string }[] = [];
  let total = 0;
  for (const item of expansion.items) {
    signal?.throwIfAborted();
    if (item.kind === 'omit') {
      exclusions.push(omission(item.path, item.reason));
      continue;
    }
    let bytes: Buffer | null = null;
    if (item.kind === 'base') {
      if (item.size !== null && item.size > INSPECT_LIMITS.maxFileBytes) {
        exclusions.push(omission(item.path, 'too-large'));
        continue;
      }
      bytes = await readBaseBlob(reader, item.oid);
      if (bytes === null) {
        exclusions.push(omission(item.path, 'missing-object'));
        continue;
      }
    } else {
      const read = await working.read(item.path, INSPECT_LIMITS.maxFileBytes);
      if (read.kind !== 'bytes') {
        exclusions.push(omission(item.path, readOmission(read)));
        continue;
      }
      bytes = read.bytes;
    }
    if (bytes.length > INSPECT_LIMITS.maxFileBytes) {
      exclusions.push(omission(item.path, 'too-large'));
      continue;
    }
    const content = classifyContent(bytes);
    if (content.kind !== 'text') {
      exclusions.push(omission(item.path, content.kind));
      continue;
    }
    if (total + bytes.length > INSPECT_LIMITS.maxInspectedBytes) {
      exclusions.push(omission(item.path, 'inspection-budget'));
      continue;
    }
    total += bytes.length;
    const source = item.kind === 'base' ? 'base' : 'working-copy';
    texts.push({ path: item.path, location: join(dir, 'repo', ...item.path.split('/')), source, bytes, text: content.text });
  }

  const taken = new Set<string>();
  for (const a of request.attachments) {
    signal?.throwIfAborted();
    if (isCredentialPath(a.name) || (a.path && isCredentialPath(a.path))) {
      exclusions.push(omission(a.name, 'credential'));
      continue;
    }
    if (!a.path) {
      exclusions.push({
        path: a.name,
        reason: 'attachment-unavailable',
        detail: 'Only its name and size are known here (the browser host cannot read dropped files); use the desktop app to send it.',
      });
      continue;
    }
    const read = await readAttachment(a.path);
    if (!Buffer.isBuffer(read)) {
      exclusions.push({ path: a.name, reason: 'attachment-unreadable', detail: `Not staged: ${read.reason}.` });
      continue;
    }
    const content = classifyContent(read);
    const location = join(dir, 'attachments', attachmentName(a.name, taken));
    if (content.kind === 'text') texts.push({ path: a.name, location, source: 'attachment', bytes: read, text: content.text });
    else exclusions.push(omission(a.name, content.kind));
  }

  // One secret scan over every text; staged copies never hold a recognised secret.
  const spans = await findSecrets(texts.map((t) => t.text));
  const files: StagedFile[] = [];
  for (const [i, t] of texts.entries()) {
    signal?.throwIfAborted();
    const hidden = spans[i] ?? [];
    if (write) {
      await mkdir(dirname(t.location), { recursive: true, mode: 0o700 });
      await writeFile(t.location, hidden.length ? applyRedactions(t.text, hidden) : t.bytes, { mode: 0o600, flag: 'wx' });
    }
    files.push({
      path: t.path,
      location: t.location,
      source: t.source,
      bytes: t.bytes.length,
      sha256: createHash('sha256').update(t.bytes).digest('hex'),
      redactions: hidden.length,
    });
  }
  if (write) await writeFile(join(dir, 'manifest.json'), JSON.stringify({ baseCommit, files, exclusions }, null, 2), { mode: 0o600 });
  return { dir, baseCommit, files, exclusions };
}

/** Removes a staged folder (ignoring one that is already gone). */
export async function removeStaged(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
