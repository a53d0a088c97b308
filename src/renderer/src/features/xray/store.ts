import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { RunPreview, ThreadSummary } from '../../../../shared/contract/runs';
import type { Directive, Manifest, Segment, SegmentKind, SegmentStatus } from '../../../../shared/contract/xray';
import { bridge } from '../../bridge';
import { sessionPersist } from '../../session-persist';
import { toUiError, type UiError } from '../../ui/ui-error';
import type { SegmentOrder } from './segment-filter';

export type Action = 'pin' | 'evict' | 'summarize' | 'restore';

/** The last action, so it can be undone: the segment and the directive it had before. */
export interface UndoEntry {
  segmentId: string;
  did: Action;
  before: Pick<Directive, 'kind' | 'summary'> | null;
}

interface XrayState {
  repo: string | null;
  threads: ThreadSummary[];
  threadId: string | null;
  manifest: Manifest | null;
  /** The next fresh-session prompt, measured now (xray.measure). */
  measured: RunPreview | null;
  loading: boolean;
  error: UiError | null;
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
  continuedRun: string | null;
  setRepo(repo: string): Promise<void>;
  select(threadId: string | null): Promise<void>;
  refresh(): Promise<void>;
  act(action: Action, segment: Segment, summary?: string): Promise<void>;
  undoLast(): Promise<void>;
  continueFresh(ask: string): Promise<boolean>;
  toggleKind(kind: SegmentKind): void;
  toggleStatus(status: SegmentStatus): void;
  setQuery(query: string): void;
  setOrder(order: SegmentOrder): void;
  setHover(id: string | null): void;
  setConsidering(id: string | null): void;
  clearError(): void;
}

const before = (s: Segment): UndoEntry['before'] =>
  s.status === 'pinned' ? { kind: 'pin' } : s.status === 'evicted' ? { kind: 'evict' } : s.status === 'summarized' ? { kind: 'summarize', summary: s.summary } : null;

const toggle = <T>(list: T[], v: T) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);

let unfollow: (() => void) | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;
// Answers can arrive out of order (a turn's refresh and a directive overlap): only the latest request's answer is shown.
let manifestAsked = 0;
let measureAsked = 0;

/** X-Ray: the open repository's threads, the chosen thread's manifest (kept live on `thread:<id>`), filters and directives with undo. */
export const useXray = create<XrayState>()(
  persist(
    (set, get) => {
      async function call(action: Action, threadId: string, segmentId: string, summary?: string): Promise<Manifest> {
        if (action === 'summarize') return bridge.call('xray.summarize', { threadId, segmentId, summary: summary ?? '' });
        return bridge.call(`xray.${action}`, { threadId, segmentId });
      }
      async function measure(threadId: string) {
        const asked = ++measureAsked;
        const latest = () => asked === measureAsked && get().threadId === threadId;
        try {
          const measured = await bridge.call('xray.measure', { threadId });
          if (latest()) set({ measured });
        } catch {
          // A thread whose repository is gone cannot be measured; the manifest still shows.
          if (latest()) set({ measured: null });
        }
      }
      /** Shows a manifest unless a later request (or action) has already answered. */
      function show(asked: number, threadId: string, manifest: Manifest) {
        if (asked !== manifestAsked || get().threadId !== threadId) return false;
        set({ manifest });
        void measure(threadId);
        return true;
      }
      return {
        repo: null,
        threads: [],
        threadId: null,
        manifest: null,
        measured: null,
        loading: false,
        error: null,
        kinds: [],
        statuses: [],
        query: '',
        order: 'tokens',
        hover: null,
        considering: null,
        busy: null,
        undo: null,
        continuing: false,
        continuedRun: null,
        async setRepo(repo) {
          if (get().repo !== repo) set({ repo, threads: [] });
          try {
            const threads = await bridge.call('threads.list', { repo });
            set({ threads });
            const current = get().threadId;
            if (!current || !threads.some((t) => t.id === current)) await get().select(threads[0]?.id ?? null);
            else if (!get().manifest) await get().select(current);
          } catch (err) {
            set({ error: toUiError(err) });
          }
        },
        async select(threadId) {
          unfollow?.();
          unfollow = null;
          set({ threadId, manifest: null, measured: null, undo: null, hover: null, considering: null, continuedRun: null });
          if (!threadId) return;
          unfollow = bridge.follow(`thread:${threadId}`, {
            onEvent: () => {
              // Turns and directives come in bursts: one refresh for each burst.
              if (timer) clearTimeout(timer);
              timer = setTimeout(() => void get().refresh(), 150);
            },
            onExpired: () => void get().refresh(),
          });
          await get().refresh();
        },
        async refresh() {
          const threadId = get().threadId;
          if (!threadId) return;
          set({ loading: true });
          const asked = ++manifestAsked;
          try {
            const manifest = await bridge.call('xray.manifest', { threadId });
            if (show(asked, threadId, manifest)) set({ loading: false, error: null });
          } catch (err) {
            set({ loading: false, error: toUiError(err) });
          }
        },
        async act(action, segment, summary) {
          const threadId = get().threadId;
          if (!threadId) return;
          set({ busy: segment.id, considering: null });
          try {
            const asked = ++manifestAsked;
            const manifest = await call(action, threadId, segment.id, summary);
            show(asked, threadId, manifest);
            set({ busy: null, error: null, undo: { segmentId: segment.id, did: action, before: before(segment) } });
          } catch (err) {
            set({ busy: null, error: toUiError(err) });
          }
        },
        async undoLast() {
          const { undo, threadId } = get();
          if (!undo || !threadId) return;
          set({ busy: undo.segmentId });
          try {
            const b = undo.before;
            const asked = ++manifestAsked;
            const manifest = b ? await call(b.kind === 'pin' ? 'pin' : b.kind === 'evict' ? 'evict' : 'summarize', threadId, undo.segmentId, b.summary) : await call('restore', threadId, undo.segmentId);
            show(asked, threadId, manifest);
            set({ busy: null, undo: null, error: null });
          } catch (err) {
            set({ busy: null, error: toUiError(err) });
          }
        },
        async continueFresh(ask) {
          const threadId = get().threadId;
          if (!threadId) return false;
          set({ continuing: true });
          try {
            const detail = await bridge.call('xray.continue', { threadId, ask });
            set({ continuing: false, continuedRun: detail.run.id, error: null });
            return true;
          } catch (err) {
            set({ continuing: false, error: toUiError(err) });
            return false;
          }
        },
        toggleKind: (kind) => set({ kinds: toggle(get().kinds, kind) }),
        toggleStatus: (status) => set({ statuses: toggle(get().statuses, status) }),
        setQuery: (query) => set({ query }),
        setOrder: (order) => set({ order }),
        setHover: (hover) => set({ hover }),
        setConsidering: (considering) => set({ considering }),
        clearError: () => set({ error: null }),
      };
    },
    sessionPersist<XrayState, { threadId: string | null; kinds: SegmentKind[]; statuses: SegmentStatus[]; order: SegmentOrder }>('xray', (s) => ({
      threadId: s.threadId,
      kinds: s.kinds,
      statuses: s.statuses,
      order: s.order,
    })),
  ),
);
