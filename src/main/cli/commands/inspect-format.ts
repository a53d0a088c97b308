// The readable (non --json) output of `loupe inspect`: a table of files,
// omissions grouped by reason with one plain sentence each, attachments, totals.
import type { InspectResult, Omission, OmissionReason } from '../../../shared/contract/context';

const int = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Bytes in binary units: "812 B", "1.5 KiB", "8 MiB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${int.format(bytes)} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (unit < units.length - 1 && value >= 1023.95) {
    value /= 1024;
    unit++;
  }
  const text = value.toFixed(value < 9.995 && !Number.isInteger(value) ? 1 : 0).replace(/\.0$/, '');
  return `${text} ${units[unit]}`;
}

/** Reasons in the order listed: what the user can act on first. */
const REASON_ORDER: OmissionReason[] = [
  'credential',
  'not-found',
  'outside-repo',
  'too-large',
  'inspection-budget',
  'binary',
  'invalid-utf8',
  'lfs-pointer',
  'symlink',
  'submodule',
  'git-internal',
];

/** One plain sentence per omission reason. */
export function reasonSentence(reason: OmissionReason, limits: InspectResult['limits']): string {
  switch (reason) {
    case 'credential':
      return 'Looks like a credential file; Loupe never opens these.';
    case 'not-found':
      return 'Neither in the working copy nor in the base commit.';
    case 'outside-repo':
      return 'Outside the repository; only paths inside it can be inspected.';
    case 'too-large':
      return `Larger than ${formatBytes(limits.maxFileBytes)}, the most Loupe sends of one text file.`;
    case 'inspection-budget':
      return `Not scanned: ${formatBytes(limits.maxInspectedBytes)} of text had already been inspected.`;
    case 'binary':
      return 'Binary content (a NUL byte near the start) or a special file, so it is not sent as text.';
    case 'invalid-utf8':
      return 'Not valid UTF-8 (or UTF-16/32 text), so it cannot be sent or counted as text.';
    case 'lfs-pointer':
      return 'A Git LFS pointer; the real content lives in LFS storage, not in the repository.';
    case 'symlink':
      return 'A symbolic link, or inside a linked folder; Loupe does not follow links.';
    case 'submodule':
      return 'A submodule; its files belong to another repository.';
    case 'git-internal':
      return 'Part of Git’s own data under .git/; never sent.';
  }
}

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

function groupByReason(omissions: Omission[]): [OmissionReason, Omission[]][] {
  const groups = new Map<OmissionReason, Omission[]>();
  for (const o of omissions) groups.set(o.reason, [...(groups.get(o.reason) ?? []), o]);
  return REASON_ORDER.filter((r) => groups.has(r)).map((r) => [r, groups.get(r)!]);
}

/** The whole readable report for one inspection. */
export function formatInspection(r: InspectResult): string {
  const out: string[] = [];
  out.push(`Repository ${r.repo}`);
  out.push(`Base ${r.baseRef} (${r.baseCommit.slice(0, 10)})`, '');
  if (r.files.length) {
    const rows = [['SOURCE', 'BYTES', '~TOKENS', 'SHA-256', 'REDACTED', 'PATH']];
    for (const f of r.files) {
      rows.push([
        f.source === 'working-copy' ? 'working copy' : 'base',
        int.format(f.bytes),
        int.format(f.approxTokens),
        f.sha256.slice(0, 10),
        f.redactions ? int.format(f.redactions) : '-',
        f.modified ? `${f.path}  (modified)` : f.path,
      ]);
    }
    out.push(...table(rows, new Set([1, 2, 4])), '');
  } else {
    out.push('No files will be sent.', '');
  }
  if (r.omissions.length) {
    out.push(`Left out (${int.format(r.omissions.length)}):`);
    for (const [reason, items] of groupByReason(r.omissions)) {
      out.push(`  ${reason}: ${reasonSentence(reason, r.limits)}`);
      for (const o of items) out.push(`    ${o.path}${o.bytes === null ? '' : `  (${formatBytes(o.bytes)})`}`);
    }
    out.push('');
  }
  if (r.attachments.length) {
    out.push('Attachments (metadata only):');
    for (const a of r.attachments) {
      const tokens = a.approxTokens === null ? 'tokens unknown' : `~${int.format(a.approxTokens)} tokens`;
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
    out.push(`Only the first ${int.format(r.limits.maxEntries)} entries are listed; ${int.format(r.truncatedCount)} more were not inspected.`, '');
  }
  const t = r.totals;
  out.push(
    `Totals: ${formatBytes(t.inspectedBytes)} of ${formatBytes(r.limits.maxInspectedBytes)} inspected, ~${int.format(t.inspectedTokens)} tokens (approximate: bytes / 4)`,
    `        ${int.format(r.files.length + r.omissions.length)} of ${int.format(r.limits.maxEntries)} entries; ${int.format(r.files.length)} files sent, ${int.format(r.omissions.length)} left out (${formatBytes(t.omittedBytes)} known)`,
  );
  if (r.attachments.length) {
    out.push(`        attachments ${formatBytes(t.attachmentBytes)}, ~${int.format(t.attachmentTokens)} tokens`);
  }
  if (t.unknownSizes) out.push(`        ${int.format(t.unknownSizes)} ${t.unknownSizes === 1 ? 'size is' : 'sizes are'} unknown`);
  out.push('Redaction hides secrets in these previews only; it is no guarantee that none are sent.');
  return `${out.join('\n')}\n`;
}
