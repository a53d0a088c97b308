import { expect, it } from 'vitest';
import { INSPECT_LIMITS } from '../../../../shared/contract/context';
import { MAX_SELECTIONS, NEAR_SELECTIONS } from './limits';

it('uses the contract selection limit and warns before reaching it', () => {
  expect(MAX_SELECTIONS).toBe(INSPECT_LIMITS.maxSelections);
  expect(NEAR_SELECTIONS).toBeGreaterThan(0);
  expect(NEAR_SELECTIONS).toBeLessThan(MAX_SELECTIONS);
});
