/**
 * The contract's selection limit, as a plain constant: importing the value
 * from shared/contract/context would pull zod (~500 kB) into the renderer
 * bundle. limits.test.ts keeps it equal to INSPECT_LIMITS.
 */
export const MAX_SELECTIONS = 50;

/** From this many selections on, the limit is shown as a warning. */
export const NEAR_SELECTIONS = MAX_SELECTIONS - 10;
