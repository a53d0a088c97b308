import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration, formatInt, formatMaybeBytes, formatTokens, formatTokensShort, percentOf, plural, shortHash } from './format';

describe('formatBytes', () => {
  it('uses bytes below 1 KiB and binary units above', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023)).toBe('1,023 B');
    expect(formatBytes(1024)).toBe('1 KiB');
    expect(formatBytes(1536)).toBe('1.5 KiB');
    expect(formatBytes(524_288)).toBe('512 KiB');
    expect(formatBytes(8_388_608)).toBe('8 MiB');
    expect(formatBytes(600 * 1024 + 1)).toBe('600 KiB');
  });
  it('never prints 1024 of a unit', () => {
    expect(formatBytes(1024 * 1024 - 1)).toBe('1 MiB');
  });
  it('marks impossible sizes instead of printing NaN', () => {
    expect(formatBytes(-1)).toBe('—');
    expect(formatBytes(Number.NaN)).toBe('—');
    expect(formatMaybeBytes(null)).toBe('size unknown');
  });
});

describe('token labels', () => {
  it('always say approximate', () => {
    expect(formatTokens(1234)).toBe('≈ 1,234 tokens (approx.)');
    expect(formatTokens(1)).toBe('≈ 1 token (approx.)');
    expect(formatTokensShort(42)).toBe('≈ 42');
    expect(formatTokensShort(null)).toBe('unknown');
  });
});

describe('small helpers', () => {
  it('format counts, hashes and shares', () => {
    expect(formatInt(1234567)).toBe('1,234,567');
    expect(plural(1, 'file')).toBe('1 file');
    expect(plural(2, 'entry', 'entries')).toBe('2 entries');
    expect(shortHash('a'.repeat(64))).toBe('aaaaaaaaaa');
    expect(percentOf(4, 8)).toBe(50);
    expect(percentOf(20, 8)).toBe(100);
    expect(percentOf(1, 0)).toBe(0);
  });
});

describe('formatDuration', () => {
  it('reads at a glance from tenths of a second to hours', () => {
    expect(formatDuration(0)).toBe('0.0 s');
    expect(formatDuration(420)).toBe('0.4 s');
    expect(formatDuration(9_999)).toBe('9.9 s');
    expect(formatDuration(12_345)).toBe('12 s');
    expect(formatDuration(185_000)).toBe('3 min 05 s');
    expect(formatDuration(2 * 3_600_000 + 4 * 60_000)).toBe('2 h 04 min');
    expect(formatDuration(-1)).toBe('—');
  });
});

describe('formatInt against Intl', () => {
  it('prints what Intl.NumberFormat en-US prints, for whole and fractional numbers', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    const values = [0, 1, 12, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 2 ** 31, 2 ** 53 - 1, 1e20, 0.5, 1.5, 2.5, 999.5, -1, -1.5, -1234.4, -999_999.6, NaN, Infinity, -Infinity];
    for (const v of values) expect(formatInt(v), String(v)).toBe(intl.format(v));
  });
});
