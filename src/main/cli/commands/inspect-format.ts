// The readable (non --json) output of `loupe inspect`: a table of files,
// omissions grouped by reason with one plain sentence each, attachments, totals.
import type { InspectedFile, InspectResult } from '../../../shared/contract/context';
import { formatBytes, formatInt, plural } from '../../../shared/format';
import { groupOmissions } from '../../../shared/omission-text';

/** Pads cells into aligned columns (numbers right-aligned). */
function table(rows: string[][], rightAligned: Set<number>): string[] {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  return rows.map((r) =>
    r
      .map((cell, c) => (c === r.length - 1 ? cell : rightAligned.has(c) ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd(),
  );
}

/** How the working copy differs at a file's path, in words (untracked is not "modified"). */
const CHANGE_WORDS: Record<Exclude<InspectedFile['change'], null>, string> = {
  modified: 'modified',
  untracked: 'untracked',
  added: 'added, not in the base commit',
  deleted: 'deleted locally: base version',
};

/** The whole readable report for one inspection. */
export function formatInspection(r: InspectResult): string {
  const out: string[] = [];
  out.push(`Repository ${r.repo}`);
  out.push(`Base ${r.baseRef} (${r.baseCommit.slice(0, 10)})`, '');
  if (r.files.length) {
    const exact = r.totals.inspectedExactTokens?.encoding;
    const rows = [['SOURCE', 'BYTES', '~TOKENS', ...(exact ? [exact.toUpperCase()] : []), 'SHA-256', 'REDACTED', 'PATH']];
    for (const f of r.files) {
      rows.push([
        f.source === 'working-copy' ? 'working copy' : 'base',
        formatInt(f.bytes),
        formatInt(f.approxTokens),
        ...(exact ? [f.exactTokens ? formatInt(f.exactTokens.count) : '-'] : []),
        f.sha256.slice(0, 10),
        f.redactions ? formatInt(f.redactions) : '-',
        f.change ? `${f.path}  (${CHANGE_WORDS[f.change]})` : f.path,
      ]);
    }
    out.push(...table(rows, exact ? new Set([1, 2, 3, 5]) : new Set([1, 2, 4])), '');
  } else {
    out.push('No files will be sent.', '');
  }
  if (r.omissions.length) {
    out.push(`Left out (${formatInt(r.omissions.length)}):`);
    for (const group of groupOmissions(r.omissions, r.limits)) {
      out.push(`  ${group.reason}: ${group.sentence}`);
      for (const o of group.items) out.push(`    ${o.path}${o.bytes === null ? '' : `  (${formatBytes(o.bytes)})`}`);
    }
    out.push('');
  }
  if (r.attachments.length) {
    out.push('Attachments (metadata only):');
    for (const a of r.attachments) {
      const tokens = a.approxTokens === null ? 'tokens unknown' : `~${formatInt(a.approxTokens)} tokens`;
      out.push(`  ${a.kind.padEnd(6)}  ${formatBytes(a.size).padStart(9)}  ${tokens}  ${a.name}`);
    }
    out.push('');
  }
  if (r.modifiedDescendantsAtBase > 0) {
    const n = r.modifiedDescendantsAtBase;
    out.push(
      `${n} modified ${n === 1 ? 'file' : 'files'} under the selected folders ${n === 1 ? 'is' : 'are'} sent at the committed version; select ${n === 1 ? 'it' : 'them'} one by one to send the working copy.`,
      '',
    );
  }
  if (r.truncated) {
    out.push(`Only the first ${formatInt(r.limits.maxEntries)} entries are listed; ${formatInt(r.truncatedCount)} more were not inspected.`, '');
  }
  const t = r.totals;
  out.push(
    `Totals: ${formatBytes(t.inspectedBytes)} of ${formatBytes(r.limits.maxInspectedBytes)} inspected, ~${formatInt(t.inspectedTokens)} tokens (approximate: bytes / 4)`,
    ...(t.inspectedExactTokens ? [`        ${formatInt(t.inspectedExactTokens.count)} tokens exactly in ${t.inspectedExactTokens.encoding}`] : []),
    `        ${formatInt(r.files.length + r.omissions.length)} of ${formatInt(r.limits.maxEntries)} entries; ${plural(r.files.length, 'file')} sent, ${formatInt(r.omissions.length)} left out (${formatBytes(t.omittedBytes)} known)`,
  );
  if (r.attachments.length) {
    out.push(`        attachments ${formatBytes(t.attachmentBytes)}, ~${formatInt(t.attachmentTokens)} tokens`);
  }
  if (t.unknownSizes) out.push(`        ${formatInt(t.unknownSizes)} ${t.unknownSizes === 1 ? 'size is' : 'sizes are'} unknown`);
  out.push('Redaction hides secrets in these previews only; it is no guarantee that none are sent.');
  return `${out.join('\n')}\n`;
}
