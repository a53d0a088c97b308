import { SESSION_CLI_LABELS, type SessionManifest } from '../../../../shared/contract/sessions';
import { formatBytes, formatInt, plural } from '../../../../shared/format';
import { useXray } from './store';
import { formatWhen } from '../../ui/when';

/** The newest compaction boundary, in words: when, why, and the CLI's own counts around it. */
function compactionText(m: SessionManifest): string {
  const list = m.session.compactions;
  const newest = list.at(-1);
  if (!newest) return 'none: the whole conversation is in context';
  const before = m.segments.filter((s) => s.outOfContextReason === 'compaction').length;
  const counts = newest.preTokens !== null ? `, ${formatInt(newest.preTokens)} tokens before${newest.postTokens !== null ? ` → ${formatInt(newest.postTokens)} after` : ''} as the CLI reported` : '';
  const at = newest.timestamp ? ` at ${formatWhen(newest.timestamp)}` : '';
  return `${list.length} (newest: ${newest.trigger ?? 'unknown trigger'}${at}${counts}); ${plural(before, 'segment')} before it ${before === 1 ? 'is' : 'are'} no longer in context`;
}

/** What only a transcript has: its file and format, how its lines read, compaction boundaries, and the threads it was continued as. */
export function SessionFacts({ manifest: m }: { manifest: SessionManifest }) {
  const s = m.session;
  const main = s.files[0];
  const lines = m.lines;
  return (
    <dl className="meter-facts" data-testid="session-facts">
      <dt>Session</dt>
      <dd>
        {SESSION_CLI_LABELS[s.cli]}
        {s.cliVersion ? ` ${s.cliVersion}` : ''} · {s.format} · {main ? formatBytes(main.bytes) : '?'} · <span className="mono" title={m.sessionFile}>{m.sessionFile}</span>
      </dd>
      {lines && (
        <>
          <dt>Lines</dt>
          <dd>
            {formatInt(lines.read)} read{lines.malformed ? ` · ${formatInt(lines.malformed)} malformed, skipped` : ''}
            {lines.unknown ? ` · ${formatInt(lines.unknown)} of unknown types, shown as unknown` : ''}
            {lines.partialTail ? ' · the last line is still being written' : ''}
          </dd>
        </>
      )}
      <dt>Compactions</dt>
      <dd data-testid="compactions">{compactionText(m)}</dd>
      {s.continuedAs && s.continuedAs.length > 0 && (
        <>
          <dt>Continued as</dt>
          <dd>
            {s.continuedAs.map((id) => (
              <button key={id} type="button" className="small ghost mono" onClick={() => void useXray.getState().select(id)}>
                {id}
              </button>
            ))}
          </dd>
        </>
      )}
    </dl>
  );
}
