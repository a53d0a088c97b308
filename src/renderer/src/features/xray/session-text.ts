import type { ThreadSummary } from '../../../../shared/contract/runs';
import { SESSION_CLI_LABELS, type SessionSummary } from '../../../../shared/contract/sessions';
import { formatBytes, formatInt } from '../../../../shared/format';

/** "3 min ago", "5 h ago", "2 d ago": how long since `iso`, for lists. */
export function ago(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return 'just now';
  if (s < 3600) return `${Math.round(s / 60)} min ago`;
  if (s < 86_400) return `${Math.round(s / 3600)} h ago`;
  return `${Math.round(s / 86_400)} d ago`;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * One session in the picker: CLI, first prompt, age, size, the provider's last count (never an
 * estimate) and the format. The title is clipped at `max` characters (Infinity: the tooltip's whole text).
 */
export function sessionOption(s: SessionSummary, max = 50): string {
  const count = s.lastContext ? `${formatInt(s.lastContext.tokens)} tokens reported` : 'no reported count';
  return `${SESSION_CLI_LABELS[s.cli]} · ${clip(s.title ?? s.sessionId ?? 'untitled', max)} · ${ago(s.updatedAt)} · ${formatBytes(s.bytes)} · ${count} · ${s.format}`;
}

/** One Loupe thread in the picker: its title (clipped at `max`), agent and turns. */
export function threadOption(t: Pick<ThreadSummary, 'title' | 'agent' | 'runCount'>, max = 70): string {
  return `${clip(t.title, max)} · ${t.agent} · ${t.runCount} ${t.runCount === 1 ? 'turn' : 'turns'}`;
}
