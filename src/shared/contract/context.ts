import { z } from 'zod';
import { TOKEN_ENCODINGS, type ExactCount, type TokenEncoding } from '../tokens/encodings';
import type { TextKind } from '../tokens/estimate-error';
import { pathString, refString } from './common';
import { lazy, method } from './define';
import { INSPECT_LIMITS, MAX_ATTACHMENTS } from './limits';
import type { WorkingStatus } from './repo';

export { INSPECT_LIMITS };
// The tree types live with the repo.* methods; re-exported for the Inspector's imports.
export type { DirEntry, DirListing, RefsInfo, WorkingStatus } from './repo';

export type FileSource = 'working-copy' | 'base';

export type OmissionReason =
  | 'too-large'
  | 'binary'
  | 'invalid-utf8'
  | 'symlink'
  | 'submodule'
  | 'lfs-pointer'
  | 'credential'
  | 'git-internal'
  | 'outside-repo'
  | 'not-found'
  | 'inspection-budget'
  /** The path holds a control character (a newline, a tab, …): it could forge lines of a prompt. */
  | 'unsafe-name'
  /** The blob is not in this clone (a partial clone); Loupe never fetches it. */
  | 'missing-object';

export interface InspectedFile {
  /** Repo-relative path with forward slashes. */
  path: string;
  source: FileSource;
  bytes: number;
  /** ceil(bytes / 4): always approximate. */
  approxTokens: number;
  /** The exact count in the encoding the request named (`tokens`); absent when none was asked for. */
  exactTokens?: ExactCount;
  /** sha256 (hex) of the exact bytes previewed. */
  sha256: string;
  /** What kind of text it is (prose, code, CJK, JSON; by its path and first 4 KiB): how far off its estimate is likely to be. */
  textKind: TextKind;
  /**
   * How the working copy differs from the base commit at this path, whichever
   * source was read: 'modified', 'untracked' (not in git at all), 'added'
   * (staged, not in the base commit), 'deleted' (missing locally; the base
   * version was read), or null when they are the same.
   */
  change: WorkingStatus;
  /** True when `change` is not null. Kept for older callers; prefer `change`. */
  modified: boolean;
  /** How many recognized secrets the preview hides. */
  redactions: number;
  /**
   * At most ~200 lines / 8 KiB, secrets redacted. Absent only when the request
   * said `previews: false` (the app's Inspector, which shows a preview when a row
   * opens): context.previews then gives it by sha256. `loupe inspect --json`
   * always has it.
   */
  preview?: string;
}

export interface Omission {
  path: string;
  reason: OmissionReason;
  /** Size when known without opening forbidden files; null otherwise. */
  bytes: number | null;
}

export interface AttachmentResult {
  name: string;
  size: number;
  /** ceil(size / 4) for text-like names; null for images and other binaries. */
  approxTokens: number | null;
  kind: 'text' | 'image' | 'binary';
}

export interface InspectTotals {
  inspectedBytes: number;
  inspectedTokens: number;
  /** Sum of the files' exact counts, when the request asked for them (`tokens`). */
  inspectedExactTokens?: ExactCount;
  omittedBytes: number;
  attachmentBytes: number;
  attachmentTokens: number;
  /** Omissions and attachments whose size or tokens are unknown. */
  unknownSizes: number;
}

export interface InspectResult {
  repo: string;
  baseRef: string;
  baseCommit: string;
  files: InspectedFile[];
  omissions: Omission[];
  attachments: AttachmentResult[];
  totals: InspectTotals;
  limits: typeof INSPECT_LIMITS;
  truncated: boolean;
  truncatedCount: number;
  /** Modified files under selected folders that were kept at their base version. */
  modifiedDescendantsAtBase: number;
}

const attachment = lazy(() =>
  z
  .object({
    name: z.string().min(1, 'must not be empty').max(1024).refine((s) => !s.includes('\0'), 'must not contain a NUL byte'),
    size: z
      .number({ error: 'must be a number' })
      .int('must be a whole number of bytes')
      .nonnegative('must not be negative')
      .max(Number.MAX_SAFE_INTEGER),
  })
  .strict(),
);

const inspectRequest = lazy(() =>
  z
  .object({
    repo: pathString(),
    baseRef: refString().optional(),
    paths: z.array(pathString(), { error: 'must be an array of path strings' }),
    attachments: z.array(attachment()).max(MAX_ATTACHMENTS).optional(),
    /** Also count each file exactly in this encoding (off the UI thread, cached by content hash). */
    tokens: z.enum(TOKEN_ENCODINGS, { error: `must be one of ${TOKEN_ENCODINGS.join(', ')}` }).optional(),
    /**
     * False: the files come without their previews (a 200-file answer is then ~50 KB, not
     * ~1.7 MB for the page to take in); context.previews gives each one afterwards.
     * Default true (the document `loupe inspect --json` prints).
     */
    previews: z.boolean({ error: 'must be true or false' }).optional(),
  })
  .strict(),
);

/** Exact counts of inspected files, by content (context.countTokens). */
export interface TokenCountResult {
  encoding: TokenEncoding;
  /** Per requested sha256, in order: its exact count, or null when Loupe no longer holds that content (inspect again). */
  counts: (number | null)[];
  /** Sum of the counts that are known. */
  total: number;
  /** How many were null. */
  missing: number;
}

const sha256Hex = lazy(() => z.string().regex(/^[0-9a-f]{64}$/, 'must be a sha256 in lowercase hex'));

const countTokensRequest = lazy(() =>
  z
  .object({
    encoding: z.enum(TOKEN_ENCODINGS, { error: `must be one of ${TOKEN_ENCODINGS.join(', ')}` }),
    /** The inspected files' content hashes (InspectedFile.sha256), as a recent inspection returned them. */
    sha256: z.array(sha256Hex()).max(INSPECT_LIMITS.maxEntries),
  })
  .strict(),
);

/** The previews of inspected files, by content (context.previews). */
export interface PreviewsResult {
  /** Per requested sha256, in order: its preview (redacted as the inspection made it), or null when Loupe no longer holds it (inspect again). */
  previews: (string | null)[];
}

const previewsRequest = lazy(() =>
  z
  .object({
    /** The inspected files' content hashes (InspectedFile.sha256), as a recent inspection returned them. */
    sha256: z.array(sha256Hex()).max(INSPECT_LIMITS.maxEntries),
  })
  .strict(),
);

export const contextMethods = {
  'context.inspect': method<InspectResult>()(inspectRequest),
  /**
   * Exact counts, in the token workers, of files a recent inspection read
   * (named by content hash; main keeps their text for a while): progress in
   * bytes on `task:<callId>`, cancellable, cached by content.
   */
  'context.countTokens': method<TokenCountResult>()(countTokensRequest),
  /**
   * The previews a recent inspection made (secrets already redacted), by content
   * hash: for an inspection asked for with `previews: false`. Main keeps them for a while.
   */
  'context.previews': method<PreviewsResult>()(previewsRequest),
};
