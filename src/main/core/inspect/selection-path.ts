import { posix } from 'node:path';

/**
 * A user-given selection path as a clean repo-relative path ('' is the
 * repository's top folder), or null when it points outside the repository:
 * absolute paths (POSIX, drive letters, UNC) and `..` escapes after
 * normalisation. Backslashes separate folders only on Windows, where they
 * cannot be part of a name.
 */
export function normalizeSelection(raw: string): string | null {
  const slashed = process.platform === 'win32' ? raw.replace(/\\/g, '/') : raw;
  if (slashed.startsWith('/') || /^[A-Za-z]:[\\/]/.test(slashed) || slashed.startsWith('\\\\')) return null;
  const normal = posix.normalize(slashed);
  if (normal === '..' || normal.startsWith('../')) return null;
  const trimmed = normal.replace(/\/+$/, '');
  return trimmed === '.' ? '' : trimmed.replace(/^\.\//, '');
}
