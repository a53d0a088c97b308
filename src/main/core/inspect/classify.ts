// Deciding what a file's bytes are, before anything is previewed.
import { isUtf8 } from 'node:buffer';

/** How far the NUL-byte test looks, as git's own binary heuristic does. */
export const BINARY_SNIFF_BYTES = 8000;

/** git-lfs pointers are small text files; the spec caps them well under this. */
const LFS_POINTER_MAX_BYTES = 1024;
const LFS_VERSION_LINE = 'version https://git-lfs.github.com/spec/v1';

export type ContentClass =
  | { kind: 'text'; text: string }
  | { kind: 'binary' }
  | { kind: 'invalid-utf8' }
  | { kind: 'lfs-pointer' };

/** Byte-order marks of encodings other than UTF-8 (UTF-32 first: its LE mark starts like UTF-16's). */
const FOREIGN_BOMS = [
  [0xff, 0xfe, 0x00, 0x00],
  [0x00, 0x00, 0xfe, 0xff],
  [0xff, 0xfe],
  [0xfe, 0xff],
];

function startsWithBytes(bytes: Uint8Array, prefix: number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

/**
 * True for a git-lfs pointer file (https://github.com/git-lfs/git-lfs/blob/main/docs/spec.md):
 * small, first line `version https://git-lfs.github.com/spec/v1`, with an oid line.
 */
export function isLfsPointer(bytes: Uint8Array): boolean {
  // Most small files are not pointers: decide on the first byte before making a string.
  if (bytes.length > LFS_POINTER_MAX_BYTES || bytes[0] !== 0x76 /* 'v' */) return false;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  return head.startsWith(`${LFS_VERSION_LINE}\n`) && /\noid sha256:[0-9a-f]{64}\n/.test(head);
}

/**
 * Classifies a file's exact bytes:
 * - `lfs-pointer` for a git-lfs pointer (the real content lives elsewhere);
 * - `invalid-utf8` for a UTF-16 or UTF-32 byte-order mark: that is text, but
 *   not UTF-8, and Loupe previews, hashes and counts UTF-8 only (calling it
 *   `binary` because its ASCII has NUL bytes would mislead);
 * - `binary` for a NUL byte in the first 8000 bytes;
 * - `invalid-utf8` when a strict check of the whole file fails;
 * - otherwise `text`, decoded (a UTF-8 BOM is accepted and left out of the text).
 */
export function classifyContent(bytes: Uint8Array): ContentClass {
  const content = classifyBytes(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return content.kind === 'text' ? { kind: 'text', text: content.text.toString('utf8') } : content;
}

/** The UTF-8 byte-order mark: accepted, and left out of the text. */
const UTF8_BOM = [0xef, 0xbb, 0xbf];

export type ByteClass = { kind: 'text'; text: Buffer } | Exclude<ContentClass, { kind: 'text' }>;

/**
 * classifyContent without decoding (its one implementation): the same answer, with a text file's bytes (less a UTF-8
 * BOM) as a view in place of its string. The inspector previews the first 8 KiB of a file:
 * decoding all of it (7.8 MiB for 200 files of 40 KB) made strings that the garbage
 * collector then copied as long as the inspection held them.
 */
export function classifyBytes(bytes: Buffer): ByteClass {
  if (isLfsPointer(bytes)) return { kind: 'lfs-pointer' };
  if (FOREIGN_BOMS.some((bom) => startsWithBytes(bytes, bom))) return { kind: 'invalid-utf8' };
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return { kind: 'binary' };
  // The same strict test as the fatal TextDecoder (overlong forms, surrogates, past U+10FFFF).
  if (!isUtf8(bytes)) return { kind: 'invalid-utf8' };
  return { kind: 'text', text: startsWithBytes(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes };
}

/**
 * The text of the first `maxBytes` of valid UTF-8 `bytes`, cut back to a character
 * boundary: a prefix of the whole text holding every character that ends within them.
 */
export function decodeHead(bytes: Buffer, maxBytes: number): string {
  if (bytes.length <= maxBytes) return bytes.toString('utf8');
  let end = maxBytes;
  // bytes[end] is the first byte left out: a continuation byte means its character is cut.
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.toString('utf8', 0, end);
}
