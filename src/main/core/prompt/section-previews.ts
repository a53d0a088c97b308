import type { PromptSection } from '../../../shared/contract/runs';
import { PREVIEW_CHARS } from '../../../shared/contract/xray';
import { redactTexts } from '../secrets';

/**
 * A preview of at most `max` characters (code points), whitespace runs shown
 * as one space, cut with an ellipsis. Reads only the start of a long text.
 */
export function clipPreview(text: string, max = PREVIEW_CHARS): string {
  const flat = text.slice(0, max * 8).replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  if (chars.length <= max && text.length <= max * 8) return flat;
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

/**
 * The sections with a preview of each system section (Loupe's notes, the
 * runtime context, notes, memory, references): redacted first, on more text
 * than is kept, so a secret that starts inside the preview is recognised
 * whole; then cut to 200 characters. History and the ask get none.
 */
export async function withPreviews(sections: readonly PromptSection[], heads: Partial<Record<PromptSection['name'], string>>): Promise<PromptSection[]> {
  const named = sections.filter((s) => heads[s.name] !== undefined);
  const redacted = await redactTexts(named.map((s) => heads[s.name]!));
  const previews = new Map(named.map((s, i) => [s.name, clipPreview(redacted[i]!.text)]));
  return sections.map((s) => (previews.has(s.name) ? { ...s, preview: previews.get(s.name)! } : s));
}
