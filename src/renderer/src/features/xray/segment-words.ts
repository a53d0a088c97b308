// Segments in words, for what the page says about them (an action done, a
// reason an action is unavailable): never an internal id alone.
import type { OutOfContextReason, Segment } from '../../../../shared/contract/xray';
import { formatInt } from '../../../../shared/format';

const KIND_WORDS: Record<Segment['kind'], string> = {
  user: 'the ask',
  assistant: 'the reply',
  thinking: 'the thinking',
  tool: 'the tool call',
  'file-read': 'the file read',
  summary: 'the summary',
  unknown: 'the unknown line',
};

const clip = (text: string, max: number) => {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
};

/** "the tool call Read src/a.ts (≈ 1,200 tokens)", "the reply “Done: the cache…” (≈ 40 tokens)". */
export function segmentWords(s: Segment): string {
  const named = s.label ? ` ${clip(s.label, 60)}` : s.preview.trim() ? ` “${clip(s.preview, 48)}”` : '';
  return `${KIND_WORDS[s.kind]}${named} (≈ ${formatInt(s.tokens.tokens)} tokens)`;
}

/**
 * Why no directive can be set on a segment, or null when one can: what the
 * CLI compacted away, a subagent's own work, lines the CLI removed and lines
 * Loupe does not know are never carried, so pinning or evicting them would
 * change nothing (the service refuses them too).
 */
export function noDirectiveReason(s: Segment): string | null {
  const why: Partial<Record<OutOfContextReason, string>> = {
    compaction: 'It is before the newest compaction: the CLI no longer has it in context, and a continuation leaves it out already.',
    subagent: 'It is a subagent’s own work: only its result reaches the conversation (through its tool call), so there is nothing here to pin or evict.',
    dropped: 'The CLI removed it (a rewind or a failed turn): a continuation leaves it out already.',
  };
  if (s.outOfContext && s.outOfContextReason && why[s.outOfContextReason]) return why[s.outOfContextReason]!;
  if (s.kind === 'unknown') return 'A line Loupe does not know: it is never carried, so there is nothing to pin or evict.';
  return null;
}
