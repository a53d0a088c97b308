// X-Ray's state and actions as types, apart from the store that implements
// them (so the session slice can name the whole state without a cycle).
import type { RunDetail, RunPreview, RunSettings, ThreadSummary } from '../../../../shared/contract/runs';
import type { SessionContinuation, SessionSummary } from '../../../../shared/contract/sessions';
import type { Directive, Segment, SegmentKind, SegmentStatus } from '../../../../shared/contract/xray';
import type { XrayManifest } from '../../../../shared/contract/xray-methods';
import type { UiError } from '../../ui/ui-error';
import type { SegmentOrder } from './segment-filter';

export type Action = 'pin' | 'evict' | 'summarize' | 'restore';

/** The last action, so it can be undone: the segment and the directive it had before. */
export interface UndoEntry {
  segmentId: string;
  did: Action;
  before: Pick<Directive, 'kind' | 'summary'> | null;
  /** What the segment is, in words ("the tool result Read src/a.ts, ≈ 1,200 tokens"), never its id alone. */
  what: string;
}

export interface XrayState extends SessionSlice {
  repo: string | null;
  threads: ThreadSummary[];
  threadId: string | null;
  manifest: XrayManifest | null;
  /** The next fresh-session prompt, measured now (xray.measure). */
  measured: RunPreview | null;
  loading: boolean;
  /** What the view could not read (the threads, a manifest): shown at its top. */
  error: UiError | null;
  /**
   * What an action refused, shown next to the control that caused it: a
   * segment's row (its id), or the continue form ('continue').
   */
  actionError: { at: string; error: UiError } | null;
  kinds: SegmentKind[];
  statuses: SegmentStatus[];
  query: string;
  order: SegmentOrder;
  /** The segment under the pointer (its share lights up on the meter). */
  hover: string | null;
  /** The segment whose Evict is under the pointer or focused: the meter previews what it gives back. */
  considering: string | null;
  busy: string | null;
  undo: UndoEntry | null;
  continuing: boolean;
  /** The run a "continue as a fresh session" started. */
  /** As its first decision left it (blocked, failed or launched). */
  continuedRun: RunDetail | null;
  setRepo(repo: string): Promise<void>;
  select(threadId: string | null): Promise<void>;
  /** Stops following the shown thread's stream. */
  unfollowThread(): void;
  refresh(): Promise<void>;
  /** `now`: a wire eviction or summary applied on the CLI's next request instead of at a cheap moment (issue 37). */
  act(action: Action, segment: Segment, summary?: string, now?: boolean): Promise<void>;
  undoLast(): Promise<void>;
  continueFresh(ask: string): Promise<boolean>;
  toggleKind(kind: SegmentKind): void;
  toggleStatus(status: SegmentStatus): void;
  setQuery(query: string): void;
  setOrder(order: SegmentOrder): void;
  setHover(id: string | null): void;
  setConsidering(id: string | null): void;
  clearError(): void;
  clearActionError(): void;
}


/** X-Ray of the CLI sessions recorded in the open repository (advisory), and prune-and-continue. */
export interface SessionSlice {
  /** Sessions of the open repository (sessions.list: newest first). */
  sessions: SessionSummary[];
  /** The session shown (instead of a thread). */
  sessionFile: string | null;
  /** The settings a continuation runs with (the effective settings). */
  continueSettings: RunSettings | null;
  /** What the last continuation made (shown on the new thread). */
  continuation: SessionContinuation | null;
  loadSessions(repo: string): Promise<void>;
  selectSession(file: string): Promise<void>;
  /** Continues the open session as a Loupe thread, then shows that thread; false (with `error`) when refused. */
  continueSession(ask: string): Promise<boolean>;
}

