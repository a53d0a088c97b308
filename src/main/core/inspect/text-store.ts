/**
 * The texts of recently inspected files, by content hash, so their exact
 * counts can be asked for after the inspection answered (context.countTokens)
 * without reading anything again. Bounded by UTF-8 bytes, least recently used
 * out first.
 */
import { INSPECT_LIMITS } from '../../../shared/contract/limits';

/** Room for the texts of two full inspections (two tabs, or one before and after a change). */
export const TEXT_STORE_BYTES = 2 * INSPECT_LIMITS.maxInspectedBytes;

export class TextStore {
  private readonly texts = new Map<string, { text: string; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes = TEXT_STORE_BYTES) {}

  /** Keeps `text` (whose UTF-8 bytes hash to `sha256`), as the most recent. */
  put(sha256: string, text: string, bytes: number): void {
    if (bytes > this.maxBytes) return;
    this.drop(sha256);
    this.texts.set(sha256, { text, bytes });
    this.total += bytes;
    for (const [key] of this.texts) {
      if (this.total <= this.maxBytes) break;
      this.drop(key);
    }
  }

  /** The text with this hash, refreshed as most recent; undefined when it is not kept (any more). */
  get(sha256: string): { text: string; bytes: number } | undefined {
    const hit = this.texts.get(sha256);
    if (hit) {
      this.texts.delete(sha256);
      this.texts.set(sha256, hit);
    }
    return hit;
  }

  get bytes(): number {
    return this.total;
  }

  private drop(sha256: string): void {
    const old = this.texts.get(sha256);
    if (!old) return;
    this.texts.delete(sha256);
    this.total -= old.bytes;
  }
}
