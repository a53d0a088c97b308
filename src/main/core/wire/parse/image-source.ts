/**
 * Where an image's bytes sit in each API's request shape, so the wire can
 * read its size from its header (image-count.ts). A request that only names
 * an image (a URL, an uploaded file's id) carries no bytes: `data: null`,
 * counted as unknown.
 */
import { obj, str } from '../../conversation/fields';
import type { ParsedImage } from './parsed';

export type ImageSource = Omit<ParsedImage, 'segment'>;

/** An Anthropic `image` block: `source` is base64 (with `media_type`), a URL or a file id. */
export function anthropicImageOf(blk: Record<string, unknown>): ImageSource {
  const source = obj(blk.source);
  const mediaType = str(source.media_type);
  if (source.type === 'base64') return { mediaType, data: str(source.data) };
  return { mediaType, data: null, ref: source.type === 'url' ? 'a URL' : source.type === 'file' ? 'a file id' : `a ${String(source.type ?? 'missing')} source` };
}

/** An OpenAI `input_image` part: `image_url` (a `data:` URL or a web URL) or `file_id`, with `detail`. */
export function openaiImageOf(part: Record<string, unknown>): ImageSource {
  const url = str(part.image_url) ?? str(obj(part.image_url).url);
  const detail = str(part.detail) ?? str(obj(part.image_url).detail);
  if (url?.startsWith('data:')) return { mediaType: /^data:([^;,]+)/.exec(url)?.[1] ?? null, data: url, detail };
  return { mediaType: null, data: null, ref: url ? 'a URL' : str(part.file_id) ? 'a file id' : 'nothing', detail };
}

/** A Gemini `inlineData` part (mimeType, base64 data) or `fileData` (a file URI). */
export function geminiImageOf(part: Record<string, unknown>): ImageSource {
  const inline = obj(part.inlineData ?? part.inline_data);
  if (part.inlineData || part.inline_data) return { mediaType: str(inline.mimeType) ?? str(inline.mime_type), data: str(inline.data) };
  const file = obj(part.fileData ?? part.file_data);
  return { mediaType: str(file.mimeType) ?? str(file.mime_type), data: null, ref: 'a file URI' };
}

/** The `input_image` parts of an OpenAI content or output array. */
export function openaiImagesIn(content: unknown): ImageSource[] {
  return (Array.isArray(content) ? content : []).map(obj).filter((p) => p.type === 'input_image').map(openaiImageOf);
}
