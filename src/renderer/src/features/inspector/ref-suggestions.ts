/**
 * Completions for the base-ref field: HEAD, branches, tags and recent commits,
 * filtered by what the user typed. A branch and a tag with the same name are
 * offered under their full names (refs/heads/x, refs/tags/x), since the short
 * name would pick one of them silently. Pure, so it is unit-tested.
 */
import type { RefsInfo } from '../../../../shared/contract/context';
import { shortHash } from '../../../../shared/format';

export interface RefSuggestion {
  /** What goes into the field and the request. */
  value: string;
  kind: 'head' | 'branch' | 'tag' | 'commit';
  /** The name shown (a branch or tag name, or a short commit id). */
  label: string;
  /** Short commit id, and a commit's subject. */
  detail: string;
}

export const KIND_LABEL: Record<RefSuggestion['kind'], string> = { head: 'HEAD', branch: 'branch', tag: 'tag', commit: 'commit' };

/** Every suggestion for these refs, in the order shown: HEAD, branches, tags, recent commits. */
export function refSuggestions(refs: RefsInfo | null): RefSuggestion[] {
  const out: RefSuggestion[] = [];
  const headDetail = refs ? `${refs.branch ?? 'detached'}${refs.head ? ` · ${shortHash(refs.head)}` : ''}` : '';
  out.push({ value: 'HEAD', kind: 'head', label: 'HEAD', detail: headDetail });
  if (!refs) return out;
  const tagNames = new Set(refs.tags.map((t) => t.name));
  const branchNames = new Set(refs.branches.map((b) => b.name));
  for (const b of refs.branches) {
    out.push({ value: tagNames.has(b.name) ? `refs/heads/${b.name}` : b.name, kind: 'branch', label: b.name, detail: shortHash(b.commit) });
  }
  for (const t of refs.tags) {
    out.push({ value: branchNames.has(t.name) ? `refs/tags/${t.name}` : t.name, kind: 'tag', label: t.name, detail: shortHash(t.commit) });
  }
  for (const c of refs.commits) {
    out.push({ value: c.commit, kind: 'commit', label: shortHash(c.commit), detail: c.subject });
  }
  return out;
}

/**
 * The suggestions matching `typed` (case-insensitive, anywhere in the value,
 * name or a commit's subject); names starting with it come first. An empty
 * query or one equal to the current value lists everything.
 */
export function filterSuggestions(all: readonly RefSuggestion[], typed: string, current: string): RefSuggestion[] {
  const q = typed.trim().toLowerCase();
  if (!q || typed === current) return [...all];
  const hits = all.filter((s) => [s.value, s.label, s.kind === 'commit' ? s.detail : ''].some((t) => t.toLowerCase().includes(q)));
  const starts = (s: RefSuggestion) => s.label.toLowerCase().startsWith(q) || s.value.toLowerCase().startsWith(q);
  return [...hits.filter(starts), ...hits.filter((s) => !starts(s))];
}

/** The words describing the current base: "branch main · 1a2b3c4d5e", "tag v1 · …", or the ref itself. */
export function describeRef(all: readonly RefSuggestion[], value: string): string | null {
  const hit = all.find((s) => s.value === value);
  if (!hit) return null;
  if (hit.kind === 'commit') return `commit ${hit.detail}`;
  return `${KIND_LABEL[hit.kind] === 'HEAD' ? 'HEAD' : `${KIND_LABEL[hit.kind]} ${hit.label}`} · ${hit.detail}`;
}
