/**
 * The restored blocks of ./pins.ts written into the body's text where
 * placeRestored put them in the tree: only the inserted items (or the one
 * member rewritten) are spliced in, the rest of the body goes on byte for byte
 * and is not serialized again (a 1 MB request cost 2.65x its parse written
 * whole; bench/wire-pins.bench.ts). Null when the splice cannot address the
 * body: the stage then writes it whole from the tree.
 */
import { setMember, splice, targetSpans, type TextEdit } from './json-spans';
import type { Insertion } from './pin-place';

/** Where the conversation is in each API (Code Assist wraps it in `request`), and how deep an insertion can be. */
const CONVERSATION_KEYS = ['messages', 'input', 'contents', 'request'];
const DEPTH = 5;

/**
 * `body` (whose text is `text`, the tree `json` parsed from it before `insertion` was made in the
 * tree) with the insertion spliced in.
 */
export function splicedInsertion(body: Buffer, text: string, json: Record<string, unknown>, insertion: Insertion): Buffer | null {
  const target = insertion.kind === 'items' ? insertion.array : insertion.object;
  const span = targetSpans(text, json, CONVERSATION_KEYS, new Set([target]), DEPTH)?.get(target);
  if (!span) return null;
  if (insertion.kind === 'member') return splice(body, text, [setMember(span, insertion.key, JSON.stringify(insertion.object[insertion.key]))]);
  const { array, at, count } = insertion;
  // The text still has the array as it was: its items are the tree's less the inserted ones.
  const before = span.items;
  if (!before || before.length !== array.length - count) return null;
  const items = array
    .slice(at, at + count)
    .map((v) => JSON.stringify(v))
    .join(',');
  const edit: TextEdit = at < before.length ? { start: before[at]!.start, end: before[at]!.start, text: `${items},` } : { start: span.end - 1, end: span.end - 1, text: `${before.length ? ',' : ''}${items}` };
  return splice(body, text, [edit]);
}
