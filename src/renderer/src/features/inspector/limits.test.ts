import { expect, it } from 'vitest';
import { MAX_SELECTIONS, selectionLevel } from './limits';

it('shows the selection count plainly, then as a warning ten before the limit, then as full at it', () => {
  const levels = Array.from({ length: MAX_SELECTIONS + 2 }, (_, n) => selectionLevel(n));
  expect(levels.indexOf('near')).toBe(MAX_SELECTIONS - 10);
  expect(levels.indexOf('full')).toBe(MAX_SELECTIONS);
  expect(levels.slice(0, MAX_SELECTIONS - 10).every((l) => l === 'ok')).toBe(true);
  expect(levels.slice(MAX_SELECTIONS - 10, MAX_SELECTIONS).every((l) => l === 'near')).toBe(true);
  expect(levels.slice(MAX_SELECTIONS).every((l) => l === 'full')).toBe(true);
});
