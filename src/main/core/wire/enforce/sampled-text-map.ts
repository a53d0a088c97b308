/**
 * A memo by text whose lookups never hash a whole long text. A Map keyed by
 * the text itself hashes every char of each 10 KB tool result the CLI sends
 * again on every request (a fresh string each time: the hash is not kept);
 * here the key is the text's length and three short samples, and the text
 * kept with each entry settles the match (a compare, which stops at the first
 * difference, or a memcmp of equal texts).
 */
import type { TextMemo } from '../../conversation/builder';

function sampleKey(text: string): string {
  if (text.length <= 96) return text;
  const mid = text.length >> 1;
  return `${text.length}\u0000${text.slice(0, 32)}${text.slice(mid - 16, mid + 16)}${text.slice(-32)}`;
}

export class SampledTextMap<V> implements TextMemo<V> {
  private readonly map = new Map<string, { text: string; value: V }[]>();

  /** Distinct samples held (the caller's bound). */
  get size(): number {
    return this.map.size;
  }

  clear(): void {
    this.map.clear();
  }

  get(text: string): V | undefined {
    return this.map.get(sampleKey(text))?.find((e) => e.text === text)?.value;
  }

  set(text: string, value: V): this {
    const key = sampleKey(text);
    const slot = this.map.get(key);
    const entry = slot?.find((e) => e.text === text);
    if (entry) entry.value = value;
    else if (slot) slot.push({ text, value });
    else this.map.set(key, [{ text, value }]);
    return this;
  }
}
