/**
 * What of the Inspector survives a reload (kept in sessionStorage by the
 * store), and the check that reads it back: anything malformed or over the
 * limits is dropped, never trusted.
 */
import { MAX_ATTACHMENTS, MAX_SELECTIONS } from './limits';
import type { InspectorState, PendingAttachment, Selection } from './state';

/** Choices only: the tree, refs and result are fetched again after a reload. */
export type PersistedInspector = Pick<
  InspectorState,
  'repo' | 'baseRef' | 'selected' | 'attachments' | 'expanded' | 'activePath' | 'hadResult'
>;

/** The persisted part, checked field by field: anything malformed is left at its default. */
export function restoredState(stored: unknown, newId: () => string): Partial<PersistedInspector> {
  if (typeof stored !== 'object' || stored === null) return {};
  const s = stored as Record<string, unknown>;
  const str = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
  const out: Partial<PersistedInspector> = {};
  if (str(s.repo)) out.repo = s.repo;
  if (str(s.baseRef)) out.baseRef = s.baseRef;
  if (Array.isArray(s.selected)) {
    out.selected = s.selected
      .filter((x): x is Selection => str(x?.path) && (x.kind === 'dir' || x.kind === 'file'))
      .slice(0, MAX_SELECTIONS)
      .map(({ path, kind }) => ({ path, kind }));
  }
  if (Array.isArray(s.attachments)) {
    out.attachments = s.attachments
      .filter((a): a is PendingAttachment => str(a?.name) && Number.isSafeInteger(a.size) && a.size >= 0)
      .slice(0, MAX_ATTACHMENTS)
      .map((a) => ({ id: newId(), name: a.name, size: a.size }));
  }
  if (typeof s.expanded === 'object' && s.expanded !== null) {
    out.expanded = Object.fromEntries(Object.entries(s.expanded).filter(([, v]) => v === true));
  }
  if (str(s.activePath)) out.activePath = s.activePath;
  if (s.hadResult === true) out.hadResult = true;
  return out;
}
