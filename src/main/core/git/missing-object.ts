import { LoupeError } from '../../../shared/errors';

/** What git and Loupe's own reader say when an object the tree names is not in the repository. */
const MISSING = /git object ([0-9a-f]{40,64}) is missing|Could not read ([0-9a-f]{40,64})|(?:bad|missing) (?:blob|tree|object) ([0-9a-f]{40,64})|unable to read (?:tree )?\(?([0-9a-f]{40,64})/i;

/**
 * `err` as a clear `not-found` error when it says a git object is missing (a
 * damaged repository, or a partial clone whose object was never fetched; Loupe
 * never fetches), else `err` unchanged. Listing such a repository answered 500.
 */
export function missingObjectError(err: unknown): unknown {
  const m = err instanceof Error && !(err instanceof LoupeError) ? MISSING.exec(err.message) : null;
  if (!m) return err;
  const oid = m[1] ?? m[2] ?? m[3] ?? m[4]!;
  return new LoupeError(
    'not-found',
    `This repository is missing git object ${oid.slice(0, 12)}, which its tree names: the repository is damaged or a partial clone without that object (Loupe never fetches). Run \`git fsck\` in it to see what is missing.`,
  );
}
