/**
 * Number formatting shared by the renderer and the CLI. Pure functions (no DOM,
 * no Node), so every surface reads the same.
 */

/**
 * A whole number with thousands separators: 1234 → "1,234", rounded half away
 * from zero as Intl does. Written out rather than Intl.NumberFormat: the first
 * Intl formatter loads ICU data, about 22 ms of every CLI command's start here.
 */
export function formatInt(n: number): string {
  if (!Number.isFinite(n)) return Number.isNaN(n) ? 'NaN' : n > 0 ? '∞' : '-∞';
  const whole = Math.round(Math.abs(n));
  if (whole >= 1e21) return n.toLocaleString('en-US', { maximumFractionDigits: 0 });
  const digits = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 && whole !== 0 ? `-${digits}` : digits;
}

/**
 * Bytes in binary units, as a person reads them: "0 B", "812 B", "1.5 KiB",
 * "8 MiB". One decimal below 10 units, none above, never "1024 KiB".
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${formatInt(bytes)} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (unit < units.length - 1 && value >= 1023.95) {
    value /= 1024;
    unit += 1;
  }
  const digits = value < 9.995 && !Number.isInteger(value) ? 1 : 0;
  const text = value.toFixed(digits).replace(/\.0$/, '');
  return `${text} ${units[unit]}`;
}

/** Bytes or "size unknown" for nullable sizes (forbidden files are never opened to size them). */
export function formatMaybeBytes(bytes: number | null): string {
  return bytes === null ? 'size unknown' : formatBytes(bytes);
}

/** Token estimate, always labelled approximate: "≈ 1,234 tokens (approx.)". */
export function formatTokens(tokens: number): string {
  return `≈ ${formatInt(tokens)} ${tokens === 1 ? 'token' : 'tokens'} (approx.)`;
}

/** A short token figure for table cells, where the column header says "approx.". */
export function formatTokensShort(tokens: number | null): string {
  return tokens === null ? 'unknown' : `≈ ${formatInt(tokens)}`;
}

/** The first 10 hex digits of a hash: enough to tell files apart at a glance. */
export function shortHash(hex: string): string {
  return hex.slice(0, 10);
}

/** "1 file" / "3 files". */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatInt(n)} ${n === 1 ? one : many}`;
}

/** Share of a limit in percent, clamped to 0..100 for meters. */
export function percentOf(value: number, limit: number): number {
  if (limit <= 0) return 0;
  return Math.max(0, Math.min(100, (value / limit) * 100));
}

/** A duration as a person reads it: "0.4 s", "12 s", "3 min 05 s", "2 h 04 min". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 10_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)} s`;
  const s = Math.floor(ms / 1000);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}
