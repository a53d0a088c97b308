import { INSPECT_LIMITS } from '../../../../shared/contract/limits';

/** The contract's selection limit (shared/contract/limits.ts is zod-free, so this adds nothing to the bundle). */
export const MAX_SELECTIONS: number = INSPECT_LIMITS.maxSelections;

/** From this many selections on, the limit is shown as a warning. */
export const NEAR_SELECTIONS = MAX_SELECTIONS - 10;
