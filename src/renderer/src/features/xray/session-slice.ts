import type { StoreApi } from 'zustand';
import { bridge } from '../../bridge';
import { toUiError } from '../../ui/ui-error';
import type { SessionSlice, XrayState } from './state';

/** How often an open session's file is checked for what the CLI wrote since. */
export const SESSION_POLL_MS = 2000;

type Set = StoreApi<XrayState>['setState'];
type Get = StoreApi<XrayState>['getState'];

let poll: ReturnType<typeof setInterval> | null = null;

/** Stops following the open session's file. */
export function stopSessionPoll(): void {
  if (poll) clearInterval(poll);
  poll = null;
}

/**
 * Follows the open session's file as the CLI writes it: when it changed, the
 * manifest is read again at once, unless the user is in the middle of
 * something (an action under way, pointing at Evict, a reading under way); then it
 * is marked stale, and read again on the next tick that finds them done.
 */
function followFile(file: string, get: Get, set: Set): void {
  stopSessionPoll();
  poll = setInterval(() => {
    const m = get().manifest;
    const main = m?.source === 'session' ? m.session.files[0] : undefined;
    if (get().sessionFile !== file || !m || !main) return;
    void bridge.call('sessions.freshness', { file, bytes: main.bytes, mtimeMs: main.mtimeMs }).then(
      (f) => {
        const s = get();
        const now = s.manifest;
        if (s.sessionFile !== file || now !== m) return;
        const idle = !s.busy && !s.loading && s.considering === null;
        if (f.freshness === 'stale' && idle) void s.refresh();
        else if (now.freshness !== f.freshness) set({ manifest: { ...now, freshness: f.freshness } });
      },
      () => undefined,
    );
  }, SESSION_POLL_MS);
}

export function sessionSlice(set: Set, get: Get): SessionSlice {
  return {
    sessions: [],
    sessionFile: null,
    continueSettings: null,
    continuation: null,
    async loadSessions(repo) {
      try {
        const list = await bridge.call('sessions.list', { repo });
        if (get().repo === repo) set({ sessions: list.sessions });
      } catch (err) {
        set({ error: toUiError(err) });
      }
    },
    async selectSession(file) {
      get().unfollowThread();
      set({ threadId: null, sessionFile: file, manifest: null, measured: null, undo: null, actionError: null, hover: null, considering: null, continuedRun: null, query: file === get().sessionFile ? get().query : '' });
      followFile(file, get, set);
      void bridge.call('settings.effective', {}).then(
        (e) => set({ continueSettings: e.settings }),
        () => set({ continueSettings: null }),
      );
      await get().refresh();
    },
    async continueSession(ask) {
      const { sessionFile, repo } = get();
      if (!sessionFile || !repo) return false;
      set({ continuing: true, actionError: null });
      try {
        const settings = get().continueSettings;
        const done = await bridge.call('sessions.continue', { sessionFile, repo, ask, ...(settings ? { settings } : {}) });
        set({ continuing: false, threads: await bridge.call('threads.list', { repo }) });
        await get().select(done.threadId);
        set({ continuation: done });
        return true;
      } catch (err) {
        set({ continuing: false, actionError: { at: 'continue', error: toUiError(err) } });
        return false;
      }
    },
  };
}
