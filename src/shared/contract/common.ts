import { z } from 'zod';
import { lazy } from './define';

/** A path string as it may arrive from a user: non-empty, bounded, never a NUL byte. */
export const pathString = lazy(() =>
  z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .max(4096, 'is longer than 4096 characters')
    .refine((s) => !s.includes('\0'), 'must not contain a NUL byte'),
);

export const emptyRequest = lazy(() => z.object({}).strict());

/** A git ref as a user may type it (HEAD~3, a commit id, origin/main); git decides if it names a commit. */
export const refString = lazy(() =>
  z
    .string({ error: 'must be a string' })
    .min(1, 'must not be empty')
    .max(1024, 'is longer than 1024 characters')
    .refine((s) => !s.includes('\0'), 'must not contain a NUL byte'),
);
