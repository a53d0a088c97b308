import { INSPECT_LIMITS, MAX_ATTACHMENTS as CONTRACT_MAX_ATTACHMENTS } from '../../../../shared/contract/limits';

/** The contract's selection limit (shared/contract/limits.ts is zod-free, so this adds nothing to the bundle). */
export const MAX_SELECTIONS: number = INSPECT_LIMITS.maxSelections;

/** From this many selections on, the limit is shown as a warning. */
const NEAR_SELECTIONS = MAX_SELECTIONS - 10;

/** How the selection count is shown: 'near' warns ten before the limit, 'full' refuses more. */
export function selectionLevel(count: number): 'ok' | 'near' | 'full' {
  return count >= MAX_SELECTIONS ? 'full' : count >= NEAR_SELECTIONS ? 'near' : 'ok';
}

/** Attachments one request may carry (the contract's bound). */
export const MAX_ATTACHMENTS: number = CONTRACT_MAX_ATTACHMENTS;
