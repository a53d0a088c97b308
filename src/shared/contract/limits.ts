// Zod-free on purpose: the renderer imports these values without pulling in the schemas.

/** Numbers that are part of the contract (docs/ARCHITECTURE.md); the response echoes them as `limits`. */
export const INSPECT_LIMITS = {
  maxSelections: 50,
  maxEntries: 200,
  maxFileBytes: 524_288,
  maxInspectedBytes: 8_388_608,
} as const;

/** Attachments one inspection (or run) may carry: name and size records only. */
export const MAX_ATTACHMENTS = 200;

/** A file's preview is bounded to about this many lines and bytes (secrets redacted). */
export const PREVIEW_LIMITS = { maxLines: 200, maxBytes: 8192 } as const;
