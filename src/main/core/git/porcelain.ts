// Parsers for the machine-readable (-z) output of the git commands the CLI reader runs.
import { entryTypeForMode, type ChangeKind, type TreeEntry } from './git-reader';

/**
 * Parses `git ls-tree -z -l` output: `<mode> <type> <oid> <size>\t<path>\0`
 * (size is space-padded, `-` for trees and gitlinks). `prefix` is prepended to
 * each path (for `ls-tree <commit>:<dir>` listings).
 */
export function parseLsTree(output: Buffer | string, prefix = ''): TreeEntry[] {
  const text = typeof output === 'string' ? output : output.toString('utf8');
  const entries: TreeEntry[] = [];
  let start = 0;
  // Fields are found by position in the one string (no per-record copy of the metadata, no
  // regular expression): a 9,347-file listing is parsed on every inspection of its folder.
  while (start < text.length) {
    let end = text.indexOf('\0', start);
    if (end < 0) end = text.length;
    const tab = text.indexOf('\t', start);
    if (tab > start && tab < end) {
      const s1 = text.indexOf(' ', start);
      const s2 = text.indexOf(' ', s1 + 1);
      let s3 = text.indexOf(' ', s2 + 1);
      // Without -l (a partial clone lacking a blob cannot size it) there is no size column.
      if (s3 > tab) s3 = -1;
      const mode = text.slice(start, s1);
      const oid = s3 < 0 ? text.slice(s2 + 1, tab) : text.slice(s2 + 1, s3);
      const type = entryTypeForMode(mode);
      entries.push({
        path: prefix + text.slice(tab + 1, end),
        type,
        mode,
        oid,
        // A size git could not give (a partial clone's missing blob) is unknown, not NaN.
        size: s3 >= 0 && (type === 'file' || type === 'symlink') ? sizeField(text, s3 + 1, tab) : null,
      });
    }
    start = end + 1;
  }
  return entries;
}

/** The size column between `from` and `to`: spaces around decimal digits, else null (`-`, or nothing). */
function sizeField(text: string, from: number, to: number): number | null {
  let i = from;
  while (i < to && text.charCodeAt(i) === 32) i++;
  let end = to;
  while (end > i && text.charCodeAt(end - 1) === 32) end--;
  if (end === i) return null;
  let value = 0;
  for (let k = i; k < end; k++) {
    const c = text.charCodeAt(k) - 48;
    if (c < 0 || c > 9) return null;
    value = value * 10 + c;
  }
  return value;
}

/** Splits NUL-separated records, dropping the empty tail. */
function records(output: Buffer | string): string[] {
  const text = typeof output === 'string' ? output : output.toString('utf8');
  const parts = text.split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}

/** The path field of a porcelain v2 record: after `skip` space-separated fields. */
function fieldAfter(record: string, skip: number): string {
  let at = 0;
  for (let i = 0; i < skip; i++) at = record.indexOf(' ', at) + 1;
  return record.slice(at);
}

/**
 * Parses `git status --porcelain=v2 -z --untracked-files=all` into changes of
 * the working copy against HEAD (submodules left out). A path staged as new is `added`; a path gone
 * from the working tree is `deleted`; any other tracked change is `modified`.
 * See https://git-scm.com/docs/git-status#_porcelain_format_version_2
 */
export function parseStatusV2(output: Buffer | string): Map<string, ChangeKind> {
  const changes = new Map<string, ChangeKind>();
  const recs = records(output);
  for (let i = 0; i < recs.length; i++) {
    const rec = recs[i]!;
    const kind = rec[0];
    if (kind === '?') {
      const path = rec.slice(2);
      // `git rm --cached` leaves a path deleted in the index but present on disk.
      changes.set(path, changes.get(path) === 'deleted' ? 'modified' : 'untracked');
    } else if (kind === '1' || kind === '2' || kind === 'u') {
      const xy = rec.slice(2, 4);
      const path = fieldAfter(rec, kind === '1' ? 8 : kind === '2' ? 9 : 10);
      if (kind === '2') i++; // the original path follows as its own record
      // Submodules are never inspected; leave their state out (as isomorphic-git does).
      if (rec.slice(5, 6) === 'S') continue;
      const x = xy[0];
      const y = xy[1];
      let change: ChangeKind;
      if (y === 'D' || (x === 'D' && y === '.')) change = 'deleted';
      else if (x === 'A') change = 'added';
      else change = 'modified';
      if (changes.get(path) === 'untracked') changes.set(path, 'modified');
      else changes.set(path, change);
    }
  }
  return changes;
}

/**
 * Parses `git diff --name-status -z --no-renames <commit>` (working tree
 * against a commit other than HEAD): `A` added, `D` deleted, anything else modified.
 */
export function parseNameStatus(output: Buffer | string): Map<string, ChangeKind> {
  const changes = new Map<string, ChangeKind>();
  const recs = records(output);
  for (let i = 0; i + 1 < recs.length; i += 2) {
    const status = recs[i]!;
    const path = recs[i + 1]!;
    changes.set(path, status.startsWith('A') ? 'added' : status.startsWith('D') ? 'deleted' : 'modified');
  }
  return changes;
}
