import { create } from 'zustand';
import type { WireSessionSummary } from '../../../../shared/contract/wire';
import type { WireSessionDetail } from '../../../../shared/contract/wire-methods';
import type { WireToolsReport } from '../../../../shared/contract/wire-tools';
import type { Manifest } from '../../../../shared/contract/xray';
import { bridge } from '../../bridge';
import { toUiError, type UiError } from '../../ui/ui-error';

/** How often a shown wire session is read again (a wrapped CLI records from another process). */
const WIRE_POLL_MS = 2000;
let poll: ReturnType<typeof setInterval> | null = null;
let asked = 0;
/** The session and request count the kept tools report was read at. */
let toolsFor = '';

export interface WireState {
  sessions: WireSessionSummary[];
  wireId: string | null;
  detail: WireSessionDetail | null;
  /** The session's X-Ray manifest (the latest main request, directives applied), or null before it is read. */
  directed: Manifest | null;
  /** The session's tool definitions against their use (issue 37), or null before it is read. */
  tools: WireToolsReport | null;
  /** A directive in flight. */
  busy: boolean;
  /** The request shown (null: the latest). */
  requestSeq: number | null;
  error: UiError | null;
  load(repo: string): Promise<void>;
  select(id: string | null): Promise<void>;
  showRequest(seq: number | null): Promise<void>;
  /** Evicts or restores a segment on the wire: an eviction waits for a cheap moment unless `now` (issue 37). */
  direct(action: 'evict' | 'restore', segmentId: string, now?: boolean): Promise<void>;
}

/** X-Ray's third source: the wire sessions of the open repository, and the one shown (followed live). */
export const useWire = create<WireState>()((set, get) => {
  async function read(): Promise<void> {
    const id = get().wireId;
    if (!id) return;
    const mine = ++asked;
    try {
      const seq = get().requestSeq;
      const detail = await bridge.call('wire.show', { sessionId: id, ...(seq ? { request: seq } : {}) });
      // No model request yet: no manifest to direct.
      const directed = detail.request ? await bridge.call('xray.manifest', { wireSession: id }).catch(() => null) : null;
      // Advice beside the request: a session whose tools cannot be read still shows its requests.
      // Read again only when the session has recorded more requests (it reads every record).
      const kept = get().tools;
      const tools = !detail.request ? null : kept && toolsFor === `${id}:${detail.requests.length}` ? kept : await bridge.call('wire.tools', { sessionId: id }).catch(() => null);
      if (tools) toolsFor = `${id}:${detail.requests.length}`;
      // The picker's line for this session follows what was just read (a wrapped CLI keeps recording).
      const sessions = get().sessions.map((s) => (s.id === id ? detail.session : s));
      if (mine === asked && get().wireId === id) set({ detail, directed, tools, sessions, error: null });
    } catch (err) {
      if (mine === asked) set({ error: toUiError(err) });
    }
  }
  return {
    sessions: [],
    wireId: null,
    detail: null,
    directed: null,
    tools: null,
    busy: false,
    requestSeq: null,
    error: null,
    async load(repo) {
      try {
        set({ sessions: await bridge.call('wire.list', { repo }) });
      } catch {
        set({ sessions: [] });
      }
    },
    async select(id) {
      if (poll) clearInterval(poll);
      poll = null;
      set({ wireId: id, detail: null, directed: null, tools: null, requestSeq: null, error: null });
      if (!id) return;
      await read();
      poll = setInterval(() => void read(), WIRE_POLL_MS);
    },
    async showRequest(seq) {
      set({ requestSeq: seq });
      await read();
    },
    async direct(action, segmentId, now) {
      const id = get().wireId;
      if (!id) return;
      set({ busy: true });
      try {
        const directed = action === 'evict' ? await bridge.call('xray.evict', { wireSession: id, segmentId, ...(now ? { now } : {}) }) : await bridge.call('xray.restore', { wireSession: id, segmentId });
        if (get().wireId === id) set({ directed, error: null });
      } catch (err) {
        set({ error: toUiError(err) });
      } finally {
        set({ busy: false });
      }
    },
  };
});
