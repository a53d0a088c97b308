// Readable output of `loupe sessions list` and `loupe xray --session FILE`.
import type { SessionList, SessionManifest } from '../../../shared/contract/sessions';
import { formatBytes, formatInt } from '../../../shared/format';

const CLI_NAME = { 'claude-code': 'Claude Code', codex: 'Codex', gemini: 'Gemini CLI' } as const;
const n = formatInt;
const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/** A sessions list as a table, newest first, with where Loupe looked. */
export function formatSessionList(list: SessionList): string {
  const rows = list.sessions.map((s) => [
    s.updatedAt.slice(0, 16).replace('T', ' '),
    CLI_NAME[s.cli],
    formatBytes(s.bytes),
    s.lastContext ? n(s.lastContext.tokens) : '-',
    s.model ?? '-',
    oneLine(s.title ?? '(no prompt)', 60),
  ]);
  const head = ['UPDATED', 'CLI', 'SIZE', 'CONTEXT', 'MODEL', 'FIRST PROMPT'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  const out = list.sessions.length ? [line(head), ...rows.map(line)] : [list.repo ? `No sessions recorded in ${list.repo}.` : 'No sessions found.'];
  out.push('');
  for (const s of list.sessions) out.push(`  ${s.file}`);
  if (list.sessions.length) out.push('');
  out.push('CONTEXT is the provider\'s own count at the session\'s last reply (input + cached), never an estimate.');
  for (const f of list.folders) out.push(`${CLI_NAME[f.cli]}: ${f.path || '(no home folder in the environment)'} (${f.source}${f.exists ? '' : ', not found'})`);
  if (list.unreadable) out.push(`${n(list.unreadable)} file(s) could not be read as transcripts.`);
  return `${out.join('\n')}\n`;
}

/** A session's manifest: the advisory note, window, reported vs estimated, compactions, line stats and every segment. */
export function formatSessionManifest(m: SessionManifest): string {
  const s = m.session;
  const out: string[] = [];
  out.push(`${CLI_NAME[s.cli]} session ${s.sessionId ?? '(no id)'}${s.cliVersion ? ` (CLI ${s.cliVersion})` : ''}: ${m.sessionFile}`);
  out.push(`cwd ${s.cwd ?? 'not recorded'} · model ${m.model.id ?? 'not named'} · window ${n(m.model.window)} (${m.model.source}) · reserve ${n(m.model.reserve)}`);
  out.push(`Advisory: ${CLI_NAME[s.cli]} owns this context. Pins and evictions here are intent, not enforced, until you continue it as a Loupe thread.`);
  const used = m.totals.system.tokens + m.totals.conversation.tokens;
  const free = Math.max(0, m.model.window - m.model.reserve - used);
  const system = m.systemUnknown && m.totals.system.tokens === 0 ? 'system unknown (not in the transcript)' : `system ≈${n(m.totals.system.tokens)}`;
  out.push(`Meter (estimates, bytes/4): ${system} + conversation ≈${n(m.totals.conversation.tokens)} = ≈${n(used)} used; reserve ${n(m.model.reserve)} kept for the answer; free ≈${n(free)}.`);
  if (m.reported && s.lastPoint) {
    const p = s.lastPoint;
    const diff = m.reported.contextTokens - m.reported.estimateAtSamePoint;
    const basis = p.basis === 'request-input' ? 'input of the request' : 'input + output of the last request';
    out.push(
      `Reported by the provider at ${s.files[p.source.file]?.addressing === 'message' ? 'message' : 'line'} ${p.source.lines[0] ?? '?'}: ${n(m.reported.contextTokens)} tokens (${basis}). ` +
        `Loupe's estimate of the same point: ≈${n(m.reported.estimateAtSamePoint)}. Difference: ${diff >= 0 ? `${n(diff)} more reported` : `${n(-diff)} fewer reported`}.`,
    );
  } else out.push('The transcript holds no count reported by the provider: every number above is Loupe\'s estimate.');
  for (const c of s.compactions) {
    out.push(`Compaction at line ${c.source.lines[0] ?? '?'}${c.trigger ? ` (${c.trigger})` : ''}${c.preTokens !== null ? `, ${n(c.preTokens)} tokens before` : ''}${c.postTokens !== null ? `, ${n(c.postTokens)} after` : ''}.`);
  }
  if (m.totals.reclaimable.tokens > 0) out.push(`Directives (intent until continued as a Loupe thread) take about ${n(m.totals.reclaimable.tokens)} tokens off a continuation.`);
  const outOf = m.segments.filter((g) => g.outOfContext).length;
  if (outOf) out.push(`${n(outOf)} of ${n(m.segments.length)} segments are out of context (before the newest compaction, dropped by the CLI, or subagent work): marked "-".`);
  const l = m.lines!;
  const unknown = Object.entries(s.unknownTypes).map(([t, c]) => `${t} ×${c}`).join(', ');
  out.push(`Lines: ${n(l.read)} read, ${n(l.malformed)} malformed (skipped), ${n(l.unknown)} of unknown types${unknown ? ` (${unknown})` : ''}${l.partialTail ? '; the file ends inside a line (still being written): read up to its last complete line' : ''}.`);
  out.push('');
  out.push('System (from the transcript):');
  for (const sec of m.system) out.push(`  ${sec.tokens ? `≈${n(sec.tokens.tokens)}`.padStart(9) : '        ?'}  ${sec.title}: ${oneLine(sec.preview, 100)}`);
  out.push('', 'Segments:');
  for (const g of m.segments) {
    const kind = g.label ? `${g.kind}:${g.label}` : g.kind;
    const status = g.status === 'active' ? '' : ` (${g.status})`;
    out.push(`${g.outOfContext ? '-' : ' '} ${`≈${n(g.tokens.tokens)}`.padStart(8)}  ${oneLine(kind, 22).padEnd(22)}  ${g.source.padEnd(14)}  ${oneLine(g.preview, 90)}  [${g.id}]${status}`);
  }
  return `${out.join('\n')}\n`;
}
