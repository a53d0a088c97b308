/**
 * The kinds of text a manifest's totals hold (prose, code, CJK, JSON), in
 * UTF-8 bytes, so the estimator's expected error beside an estimated total is
 * the measured one for that mix (src/shared/tokens/estimate-error.ts).
 */
import type { TranscriptEntry } from '../../../shared/contract/transcript';
import type { Segment, SystemSection } from '../../../shared/contract/xray';
import { classifyTextKind } from '../../../shared/tokens/text-kind';
import type { TextKind, TextMix } from '../../../shared/tokens/estimate-error';

const add = (mix: TextMix, kind: TextKind, bytes: number) => {
  if (bytes > 0) mix[kind] = (mix[kind] ?? 0) + bytes;
};

/** The kind of one transcript entry's text: a file read by its path, a tool result or a message by its content. */
function entryKind(entry: TranscriptEntry): TextKind {
  const item = entry.item;
  if (item.kind === 'tool') return classifyTextKind(item.filePath ?? '', item.output ?? JSON.stringify(item.input ?? {}));
  return classifyTextKind('', item.text);
}

/** Bytes per kind of the segments the next turn carries (not out of context, not evicted). */
export function conversationMix(segments: readonly Segment[], entries: readonly TranscriptEntry[]): TextMix {
  const byId = new Map(entries.map((e) => [e.segmentId, e]));
  const mix: TextMix = {};
  for (const s of segments) {
    if (s.outOfContext || s.status === 'evicted') continue;
    const entry = byId.get(s.id);
    if (entry) add(mix, entryKind(entry), s.bytes);
  }
  return mix;
}

/** Bytes per kind of the system sections of known size (the schema is JSON; the rest by their preview). */
export function systemMix(system: readonly SystemSection[]): TextMix {
  const mix: TextMix = {};
  for (const s of system) {
    if (s.bytes === null) continue;
    add(mix, s.id === 'system-schema' ? 'json' : classifyTextKind(s.id.endsWith('.md') ? s.id : '', s.preview), s.bytes);
  }
  return mix;
}
