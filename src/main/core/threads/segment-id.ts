import { createHash } from 'node:crypto';
import type { TranscriptItem } from '../../../shared/contract/transcript';

/** JSON with object keys sorted, so the same value always hashes the same. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  // JSON.stringify answers undefined (not a string) for undefined, a function or a symbol.
  return (JSON.stringify(value) as string | undefined) ?? 'null';
}

/**
 * What identifies an item's content: its kind and normalized content. Tool
 * call ids are volatile (every CLI makes up new ones), so a tool segment is
 * its name, input and result; whitespace at the ends of text does not count.
 */
export function contentKey(item: TranscriptItem): string {
  switch (item.kind) {
    case 'tool':
      return canonical({ k: 'tool', name: item.name, input: item.input, output: item.output, isError: item.isError });
    default:
      return canonical({ k: item.kind, text: item.text.trim() });
  }
}

/**
 * contentKey of a tool item whose input's canonical JSON is already made
 * (the session builder makes it for every call): the same string, written
 * directly instead of sorting and re-serializing the whole item. Keys in
 * canonical order: input, isError, k, name, output.
 */
export function toolContentKey(name: string, input: unknown, inputJson: string, output: string | null, isError: boolean): string {
  // canonical() leaves out an undefined member: only the generic path says so.
  if (input === undefined) return contentKey({ kind: 'tool', callId: '', name, input, output, isError });
  return `{"input":${inputJson},"isError":${isError},"k":"tool","name":${JSON.stringify(name)},"output":${JSON.stringify(output)}}`;
}

/**
 * Segment ids for items in thread order: `<kind>-<16 hex of sha256>`, with
 * `-<n>` for the n-th repeat of the same content, so ids are stable across
 * turns and restarts and differ for different content. `seen` carries the
 * counts of earlier items of the thread (mutated).
 */
export function segmentIds(items: readonly TranscriptItem[], seen: Map<string, number> = new Map()): string[] {
  return items.map((item) => {
    const hash = createHash('sha256').update(contentKey(item)).digest('hex').slice(0, 16);
    const base = `${item.kind}-${hash}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n === 0 ? base : `${base}-${n}`;
  });
}
