import { describe, expect, it } from 'vitest';
import { thousands } from './manifest';

describe('thousands (the window source text without Intl, issue 38)', () => {
  it("writes every integer as toLocaleString('en-US') does", () => {
    const values = [0, 7, 42, 999, 1000, 1001, 9999, 10000, 99999, 100000, 170251, 200000, 999999, 1000000, 1048576, 123456789, Number.MAX_SAFE_INTEGER, -1, -1000, -170251];
    for (let v = 1; v < 1e15; v = v * 7 + 3) values.push(v, -v);
    for (const v of values) expect(thousands(v)).toBe(v.toLocaleString('en-US'));
  });

  it('leaves anything else to Intl', () => {
    for (const v of [1.5, 1234.5678, Number.MAX_SAFE_INTEGER + 2, Infinity, NaN]) expect(thousands(v)).toBe(v.toLocaleString('en-US'));
  });
});
