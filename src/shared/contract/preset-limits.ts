// Zod-free numbers and names of the presets contract: the renderer, the CLI and the schemas import them.
import { formatBytes, formatInt } from '../format';

/** What a library file says it is (`kind`), and the version Loupe writes. */
export const LIBRARY_KIND = 'loupe-presets';
export const LIBRARY_VERSION = 2;
/** Versions Loupe reads: 1 (no context budget) is migrated to the current one. */
export const LIBRARY_VERSIONS = [1, 2] as const;

/**
 * Bounds of a library file, checked before it is parsed. 2 MiB holds thousands of
 * revisions; it also keeps an import inside the browser host's 4 MiB request body
 * even when every character of the file needs escaping in the JSON request.
 */
export const LIBRARY_LIMITS = {
  maxBytes: 2 * 1024 * 1024,
  /** A library is 8 levels deep; anything past this is refused before parsing. */
  maxDepth: 32,
  maxPresets: 1_000,
  maxRevisionsPerPreset: 1_000,
  /** Problems listed in one refusal (the count says how many more). */
  maxProblems: 100,
} as const;

/** Where a repository keeps its team library, read at HEAD. */
export const REPO_LIBRARY_PATH = '.loupe/presets.json';

export const PRESET_NAME_MAX = 100;
export const PRESET_REVISION_MAX = 1_000_000;
export const AUTHOR_MAX = 200;

/**
 * What is wrong with a preset name, or null: 1-100 characters, no control
 * characters, no `@` (it separates NAME@REVISION on the command line), no
 * spaces at either end.
 */
export function presetNameProblem(name: string): string | null {
  if (name.length === 0) return 'must not be empty';
  if (name.length > PRESET_NAME_MAX) return `is longer than ${PRESET_NAME_MAX} characters`;
  if (name.trim() !== name) return 'must not start or end with spaces';
  if (name.includes('@')) return 'must not contain @ (it separates NAME@REVISION)';
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'must not contain control characters';
  return null;
}

/** Why a file of `bytes` is refused unread (`exact`: bytes is its size, not a lower bound). */
export function tooLargeMessage(bytes: number, exact = true): string {
  const max = LIBRARY_LIMITS.maxBytes;
  const size = `${exact ? '' : 'at least '}${formatBytes(bytes)} (${formatInt(bytes)} bytes)`;
  return `the file is ${size}; a preset library may be at most ${formatBytes(max)} (${formatInt(max)} bytes), so it was not read`;
}
