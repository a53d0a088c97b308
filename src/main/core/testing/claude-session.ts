// Test helper: the real Claude Code session in fixtures/sessions/claude/spotter (3 MB,
// claude-opus-4-6) as the points where Claude counted a request: the history so far as
// fold rows, and the context size Claude reported (input + cache creation + cache read).
import { readFileSync } from 'node:fs';
import type { FoldRow } from '../../../shared/fold';

export const SPOTTER_SESSION = 'fixtures/sessions/claude/spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl';

/** One point per request Claude answered; after a compaction the history restarts from its summary. Run from the repository root. */
export function claudeSession(file = SPOTTER_SESSION): { rows: FoldRow[]; reported: number }[] {
  const points: { rows: FoldRow[]; reported: number }[] = [];
  const seen = new Set<string>();
  let rows: FoldRow[] = [];
  for (const text of readFileSync(file, 'utf8').split('\n')) {
    if (!text) continue;
    const line = JSON.parse(text);
    if (line.type === 'system' && line.subtype === 'compact_boundary') rows = [];
    if ((line.type !== 'user' && line.type !== 'assistant') || line.isSidechain) continue;
    if (line.type === 'assistant' && !seen.has(line.message.id)) {
      seen.add(line.message.id);
      const u = line.message.usage;
      if (rows.length > 0) points.push({ rows: [...rows], reported: u.input_tokens + u.cache_creation_input_tokens + u.cache_read_input_tokens });
    }
    const content = JSON.stringify(line.message.content);
    rows.push(line.type === 'user' ? { role: 'user', content } : { role: 'assistant', text: content });
  }
  return points;
}
