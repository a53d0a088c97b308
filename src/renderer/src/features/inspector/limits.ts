import { INSPECT_LIMITS, MAX_ATTACHMENTS as CONTRACT_MAX_ATTACHMENTS } from '../../../../shared/contract/limits';

/** The contract's selection limit (shared/contract/limits.ts is zod-free, so this adds nothing to the bundle). */
export const MAX_SELECTIONS: number = INSPECT_LIMITS.maxSelections;

/** From this many selections on, the limit is shown as a warning. */
export const NEAR_SELECTIONS = MAX_SELECTIONS - 10;

/** Attachments one request may carry (the contract's bound). */
export const MAX_ATTACHMENTS: number = CONTRACT_MAX_ATTACHMENTS;
