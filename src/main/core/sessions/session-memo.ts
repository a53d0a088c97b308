import type { IdOptions, TextMemo } from '../conversation/builder';

/** Characters of text the memos of one parse hold at most (then they start over): a bound on what they add to memory. */
export const SESSION_MEMO_CHARS = 4 * 1024 * 1024;

/** The key a text is filed under: its length and three short samples (a lookup never hashes a whole long text). */
function sampleKey(text: string): string {
  if (text.length <= 96) return text;
  const mid = text.length >> 1;
  return `${text.length}\u0000${text.slice(0, 32)}${text.slice(mid - 16, mid + 16)}${text.slice(-32)}`;
}

/**
 * A memo by text for one transcript's parse, bounded by the characters it
 * holds; the text kept with each entry settles a match (a compare that stops
 * at the first difference). Once past `maxChars` it forgets everything and
 * starts again, so memory stays bounded whatever the transcript.
 */
export class BoundedSampledMemo<V> implements TextMemo<V> {
  private readonly map = new Map<string, { text: string; value: V }[]>();
  private chars = 0;

  constructor(private readonly maxChars = SESSION_MEMO_CHARS) {}

  get(text: string): V | undefined {
    return this.map.get(sampleKey(text))?.find((e) => e.text === text)?.value;
  }

  set(text: string, value: V): this {
    const key = sampleKey(text);
    const entry = this.map.get(key)?.find((e) => e.text === text);
    if (entry) {
      entry.value = value;
      return this;
    }
    this.chars += text.length;
    if (this.chars > this.maxChars) {
      this.map.clear();
      this.chars = text.length;
    }
    const slot = this.map.get(key);
    if (slot) slot.push({ text, value });
    else this.map.set(key, [{ text, value }]);
    return this;
  }
}

/**
 * Content hashes and secret checks of texts seen before in the same transcript
 * (a file read again, a result quoted in a subagent's progress, a resumed copy):
 * each is a pure function of the text it is found by, so the manifest is the
 * same byte for byte, with each repeated text hashed and scanned once.
 */
export function sessionIdMemos(): Required<Pick<IdOptions, 'memo' | 'hidden'>> {
  return { memo: new BoundedSampledMemo(), hidden: new BoundedSampledMemo() };
}
