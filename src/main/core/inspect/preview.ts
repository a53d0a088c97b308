// The bounded preview of a text file, and the stretch of text scanned for secrets around it.
import { PREVIEW_LIMITS } from '../../../shared/contract/limits';
import { mayContainSecret } from '../secrets/keywords';
import { decodeHead } from './classify';

export const PREVIEW_MAX_LINES = PREVIEW_LIMITS.maxLines;
export const PREVIEW_MAX_BYTES = PREVIEW_LIMITS.maxBytes;
/**
 * Secrets are looked for a little past the preview's end, so a key block or
 * token cut in half by the bound is still recognised (and its visible half hidden).
 */
export const SECRET_SCAN_MARGIN = 16 * 1024;

/**
 * The first PREVIEW_MAX_LINES lines of `text` (newlines kept), cut further to
 * at most PREVIEW_MAX_BYTES UTF-8 bytes on a character boundary.
 */
export function boundedPreview(
  text: string,
  /** The text's UTF-8 bytes when the caller has them (or a prefix holding the preview's): nothing is encoded again. */
  utf8?: Buffer,
): string {
  let end = text.length;
  let newlines = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) {
    if (++newlines === PREVIEW_MAX_LINES) {
      end = i + 1;
      break;
    }
    // Past this point the byte bound decides; stop counting lines.
    if (i > PREVIEW_MAX_BYTES) break;
  }
  // Each UTF-16 unit is at least one UTF-8 byte, so this slice already holds the result.
  let head = text.slice(0, Math.min(end, PREVIEW_MAX_BYTES));
  const last = head.charCodeAt(head.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) head = head.slice(0, -1); // never split a surrogate pair
  // Counted without encoding: most previews (200 lines of code) are within the bound.
  if (Buffer.byteLength(head, 'utf8') <= PREVIEW_MAX_BYTES) return head;
  // Over the bound: `head` is a prefix of the text, so the text's first PREVIEW_MAX_BYTES bytes are its own.
  return decodeHead(utf8 ?? Buffer.from(head, 'utf8'), PREVIEW_MAX_BYTES);
}

/**
 * Every rule's keyword sits within a few characters of the start of its match,
 * so a secret that overlaps the preview has a keyword in the preview or just past it.
 */
const KEYWORD_REACH = 64;

/**
 * The text to scan for secrets that overlap a preview: the preview plus a
 * margin after it, or '' when no rule's keyword occurs where such a secret
 * would have to start (nothing to find, and Secretlint is skipped).
 */
export function secretScanText(text: string, preview: string): string {
  if (!mayContainSecret(text.slice(0, preview.length + KEYWORD_REACH))) return '';
  return text.slice(0, preview.length + SECRET_SCAN_MARGIN);
}

/**
 * How many bytes of a file are decoded for its preview, its text kind (4096 characters)
 * and the keyword check (the preview's 8 KiB and 64 characters): a UTF-16 unit is at most
 * three UTF-8 bytes, so 12 KiB hold all three whatever the text.
 */
export const HEAD_BYTES = 3 * 4096;

/** What the inspector shows of a valid UTF-8 file and scans for secrets, decoding only what they need. */
export function previewOfBytes(text: Buffer): { head: string; preview: string; scanText: string } {
  const head = decodeHead(text, HEAD_BYTES);
  const preview = boundedPreview(head, text);
  if (!mayContainSecret(head.slice(0, preview.length + KEYWORD_REACH))) return { head, preview, scanText: '' };
  const want = preview.length + SECRET_SCAN_MARGIN;
  // A file within HEAD_BYTES is all in `head` already: not decoded twice.
  const scanned = text.length <= HEAD_BYTES ? head : decodeHead(text, 3 * want);
  return { head, preview, scanText: scanned.slice(0, want) };
}
