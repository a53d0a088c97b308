import { expect, it } from 'vitest';
import { MAX_SELECTIONS, NEAR_SELECTIONS } from './limits';

it('warns before the selection limit is reached', () => {
  expect(NEAR_SELECTIONS).toBeGreaterThan(0);
  expect(NEAR_SELECTIONS).toBeLessThan(MAX_SELECTIONS);
});
