/**
 * Images on the wire in words, one wording for the app and the CLI: a count
 * by the provider's formula is labelled "image (<formula>)", never "exact" or
 * "estimate"; an image whose size could not be read is "unknown". Pure.
 */
import type { WireImageCount, WireImageTotals } from '../contract/wire';
import { formatInt, plural } from '../format';

/** "1,334 tokens (image, Anthropic’s formula)" or "unknown". */
export function imageCountText(c: WireImageCount): string {
  return c.tokens === null ? 'unknown' : `${formatInt(c.tokens)} tokens (image, ${c.formula})`;
}

/** "image/png 1000×1000: 1,334 tokens (image, Anthropic’s formula)"; "image/png: unknown (the request names …)". */
export function imageLine(c: WireImageCount): string {
  const what = `${c.mediaType ?? 'image'}${c.width !== null && c.height !== null ? ` ${c.width}×${c.height}` : ''}`;
  return c.tokens === null ? `${what}: unknown (${c.why ?? 'its size could not be read'})` : `${what}: ${imageCountText(c)}`;
}

/** "1 image: 1,334 tokens (image, Anthropic’s formula)"; "2 images: 1,334 tokens (…) + 1 unknown". */
export function imageTotalsText(t: WireImageTotals): string {
  const head = plural(t.images, 'image');
  if (t.unknown === t.images) return `${head}: unknown (${t.unknown === 1 ? 'its size' : 'their sizes'} could not be read)`;
  const measured = `${formatInt(t.tokens)} tokens (image, ${t.formula})`;
  return t.unknown ? `${head}: ${measured} + ${formatInt(t.unknown)} unknown` : `${head}: ${measured}`;
}

/**
 * A request's count with its images apart: "1,358 tokens: 24 estimate + 1,334 image (Anthropic’s formula)",
 * "… + 1 image unknown". Without images: "36,261 tokens (exact, cl100k_base)" / "(estimate)".
 */
export function requestCountText(count: { tokens: number; kind: string; encoding?: string } | null, images: WireImageTotals | null | undefined): string {
  if (!count) return 'not counted';
  const kind = count.kind === 'exact' ? `exact${count.encoding ? `, ${count.encoding}` : ''}` : 'estimate';
  if (!images) return `${formatInt(count.tokens)} tokens (${kind})`;
  const text = `${formatInt(count.tokens - images.tokens)} ${kind}`;
  const measured = images.images > images.unknown ? ` + ${formatInt(images.tokens)} image (${images.formula})` : '';
  const unknown = images.unknown ? ` + ${plural(images.unknown, 'image')} unknown` : '';
  return `${formatInt(count.tokens)} tokens: ${text}${measured}${unknown}`;
}

/** A segment's tokens: "≈ 120 tokens"; an image block: "1,334 tokens (image, Anthropic’s formula)" or "unknown"; a result with images: "≈ 12 tokens + 2 tokens (image, …)". */
export function segmentTokensText(tokens: number, images: readonly WireImageCount[] | undefined, isImageBlock: boolean): string {
  if (!images?.length) return `≈ ${formatInt(tokens)} tokens`;
  const parts = images.map(imageCountText);
  if (isImageBlock) return parts.join(' + ');
  const text = tokens - images.reduce((n, c) => n + (c.tokens ?? 0), 0);
  return `≈ ${formatInt(text)} tokens + ${parts.join(' + ')}`;
}
