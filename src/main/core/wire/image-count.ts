/**
 * A request's images counted the way its provider bills them: each image's
 * size read from its own header bytes (image-header.ts), then the provider's
 * formula (image-tokens.ts). An image whose size cannot be read (only a URL or
 * a file id sent, a format Loupe does not read, bytes that are no image) is
 * "unknown": never a placeholder's few tokens, never zero.
 */
import type { WireApi, WireImageCount, WireImageTotals } from '../../../shared/contract/wire';
import { readImageSize, type ImageSize } from '../../../shared/tokens/image-header';
import { IMAGE_FORMULA, imageTokensFor } from '../../../shared/tokens/image-tokens';
import type { ParsedImage, ParsedRequest } from './parse/parsed';

/** Base64 characters decoded first: a PNG, GIF or WebP header is in the first bytes; a JPEG's frame header usually is. */
const HEAD_CHARS = 64 * 1024;

/** The base64 payload of a `data:` URL or of plain base64; null when it is not base64. */
function base64Of(data: string): string | null {
  if (!data.startsWith('data:')) return data;
  const comma = data.indexOf(',');
  return comma > 0 && /;base64$/i.test(data.slice(0, comma)) ? data.slice(comma + 1) : null;
}

/** The size an image's bytes declare: its head first, all of it when a JPEG's frame header lies further in. */
function sizeOf(b64: string): ImageSize {
  const head = b64.length > HEAD_CHARS ? b64.slice(0, HEAD_CHARS) : b64;
  const first = readImageSize(Buffer.from(head, 'base64'));
  if (first.ok || !first.truncated || head.length === b64.length) return first;
  return readImageSize(Buffer.from(b64, 'base64'));
}

/** One image's count by `api`'s formula, or unknown with why. */
export function countImage(api: WireApi, img: ParsedImage): WireImageCount {
  const formula = IMAGE_FORMULA[api];
  const unknown = (why: string): WireImageCount => ({ mediaType: img.mediaType, width: null, height: null, tokens: null, formula, why });
  if (img.data === null) return unknown(`the request names the image by ${img.ref ?? 'reference'} and sends no bytes to read its size from`);
  if (img.mediaType && !img.mediaType.startsWith('image/')) return unknown(`it is ${img.mediaType}, not an image`);
  const b64 = base64Of(img.data);
  if (b64 === null) return unknown('its data URL is not base64');
  const size = sizeOf(b64);
  if (!size.ok) return unknown(`its size could not be read: ${size.reason}`);
  return { mediaType: img.mediaType ?? `image/${size.format}`, width: size.width, height: size.height, tokens: imageTokensFor(api, size.width, size.height, img.detail ?? null), formula };
}

export interface ImageCounts {
  /** Each image's count, by the index of the segment that carries it. */
  bySegment: Map<number, WireImageCount[]>;
  /** null when the request has no image. */
  totals: WireImageTotals | null;
}

/** Every image of a parsed request, counted. */
export function countImages(parsed: Pick<ParsedRequest, 'api' | 'imageSources'>): ImageCounts {
  const bySegment = new Map<number, WireImageCount[]>();
  const sources = parsed.imageSources ?? [];
  if (!sources.length) return { bySegment, totals: null };
  let tokens = 0;
  let unknown = 0;
  for (const img of sources) {
    const c = countImage(parsed.api, img);
    if (c.tokens === null) unknown++;
    else tokens += c.tokens;
    if (img.segment !== null) bySegment.set(img.segment, [...(bySegment.get(img.segment) ?? []), c]);
  }
  return { bySegment, totals: { images: sources.length, tokens, unknown, formula: IMAGE_FORMULA[parsed.api] } };
}

/** A segment's tokens with its images: its text's count, an image block's placeholder replaced by what the image costs. */
function withImageTokens(textTokens: number, images: readonly WireImageCount[], isImageBlock: boolean): number {
  const measured = images.reduce((n, c) => n + (c.tokens ?? 0), 0);
  return (isImageBlock ? 0 : textTokens) + measured;
}

/**
 * The counts of a request's parts (system, tools, then segments from `offset`)
 * with its images in: the one rule the record's count and the request
 * ceiling's measure share, so both are the same number.
 */
export function countsWithImages<T extends { tokens: number }>(parsed: Pick<ParsedRequest, 'api' | 'imageSources' | 'segments'>, counts: readonly T[], offset: number): { counts: T[]; images: ImageCounts } {
  const images = countImages(parsed);
  if (!images.totals) return { counts: [...counts], images };
  const out = counts.map((c, i) => {
    const list = images.bySegment.get(i - offset);
    return list ? { ...c, tokens: withImageTokens(c.tokens, list, parsed.segments[i - offset]?.label === 'image') } : c;
  });
  return { counts: out, images };
}
