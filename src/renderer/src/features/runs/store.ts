/**
 * Runs view state: the repository's runs and threads, the selected run with
 * its live stream (folded by RunFollower), and the actions on it (cancel,
 * retry, follow-up turn, export). Only this store calls the bridge for runs;
 * the Inspector and X-Ray hand a run or thread over through the shell's `showInRuns`. The selected run, the
 * thread filter and the tab survive a reload (sessionStorage), so a reloaded
 * tab reloads the run with runs.get and follows it again after its last event.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { AgentInfo, RunDetail, RunSettings, RunStatus, RunSummary, StepEvidence, ThreadSummary } from '../../../../shared/contract/runs';
import type { WireRunSummary } from '../../../../shared/contract/wire';
import { bridge } from '../../bridge';
import { sessionPersist } from '../../session-persist';
import { saveTextFile } from '../../ui/save-file';
import { toUiError, type UiError } from '../../ui/ui-error';
import type { EventLog } from './event-log';
import { EMPTY_OUTPUT, useRunOutput } from './output-store';
import { RunFollower } from './run-follow';
import { selectedMemoryTexts } from '../../../../shared/contract/memory';
import { useShell } from '../../state/shell-store';

export type RunsTab = 'output' | 'evidence' | 'thread';
export type ExportScope = 'run' | 'thread' | 'repo';
export type Busy = 'cancel' | 'retry' | 'follow-up' | 'export' | null;

export interface RunsState {
  repo: string | null;
  runs: RunSummary[];
  threads: ThreadSummary[];
  agents: AgentInfo[];
  /** The settings in force (the Inspector's, new runs'), to tell a thread's own ceiling from them. */
  inForce: RunSettings | null;
  listLoaded: boolean;
  listError: UiError | null;
  threadFilter: string | null;
  selectedId: string | null;
  /** The selected run as last loaded or ended, and the settings it ran with. */
  run: RunSummary | null;
  settings: RunSettings | null;
  status: RunStatus | null;
  steps: StepEvidence[];
  /** What the wire recorded of the selected run's requests, per step (null until loaded). */
  wire: WireRunSummary | null;
  threadRuns: RunSummary[];
  loadingDetail: boolean;
  detailError: UiError | null;
  tab: RunsTab;
  busy: Busy;
  actionError: UiError | null;
  /** Which action failed: its error shows next to its control (Cancel and export in the header, retry in the blocked panel, the follow-up under its box). */
  actionErrorAt: Exclude<Busy, null> | null;
  /** Where the last export went, in words. */
  exportNote: string | null;

  /** Points the view at a repository (the open one); restores the selected run after a reload. */
  setRepo(root: string): void;
  refreshList(): Promise<void>;
  setThreadFilter(threadId: string | null): void;
  /**
   * Shows one thread's runs: the list filtered to it, and one of its runs
   * selected (the newest, unless the selected run is already of that thread).
   */
  openThread(threadId: string): Promise<void>;
  setTab(tab: RunsTab): void;
  select(runId: string | null): Promise<void>;
  /** Shows a run that was just started or retried (the Inspector hands its answer over). */
  open(detail: RunDetail): void;
  cancel(): Promise<void>;
  /** A new step of the selected run: the same settings, or new ones (a raised ceiling). */
  retry(settings?: RunSettings): Promise<boolean>;
  /** The next turn of the selected run's thread. */
  followUp(ask: string, fresh: boolean): Promise<boolean>;
  exportEvidence(scope: ExportScope, format: 'json' | 'csv'): Promise<void>;
  dismissActionError(): void;
}

type Persisted = Pick<RunsState, 'repo' | 'selectedId' | 'threadFilter' | 'tab'>;

let generation = 0;

const upsertRun = (runs: RunSummary[], run: RunSummary): RunSummary[] =>
  runs.some((r) => r.id === run.id) ? runs.map((r) => (r.id === run.id ? run : r)) : [run, ...runs];

export const useRuns = create<RunsState>()(
  persist(
    (set, get) => {
      /** Hands the log to the view; an `end` or a status change updates the run in the list too. */
      let wireWarningsSeen = 0;
      const publish = (log: EventLog) => {
        const current = get().run;
        if (!current) return;
        const ended = log.ended?.id === current.id ? log.ended : null;
        const status = log.status ?? current.status;
        // After a retry the log holds an earlier `end`: it describes the run only once the run is no longer running.
        const run: RunSummary =
          status !== 'running' && ended
            ? { ...ended, status }
            : { ...current, status, stepCount: Math.max(current.stepCount, log.steps.length), endedAt: status === 'running' ? null : current.endedAt };
        // A turn that just ended changed its thread (the CLI session to resume) and the list.
        if (current.status === 'running' && status !== 'running') {
          void get().refreshList();
          void loadThreadRuns(current.threadId);
          // The step's wire records are complete once it has ended.
          void bridge.call('runs.get', { runId: current.id }).then((d) => get().selectedId === d.run.id && set({ wire: d.wire }), () => {});
        }
        // A new warning on the wire (a request over the request budget, a secret): the evidence shows it now.
        if (log.wireWarnings > wireWarningsSeen) {
          wireWarningsSeen = log.wireWarnings;
          void bridge.call('runs.get', { runId: current.id }).then((d) => get().selectedId === d.run.id && set({ wire: d.wire }), () => {});
        }
        useRunOutput.setState({ items: log.items.slice(), dropped: log.dropped, unrecorded: log.skipped });
        // The rest changes once per status or step, not per line of output.
        const same = current.status === run.status && current.stepCount === run.stepCount && current.endedAt === run.endedAt && get().steps === log.steps;
        if (same && get().status === status) return;
        set((s) => ({
          steps: log.steps,
          status,
          run,
          runs: upsertRun(s.runs, run),
          threadRuns: s.threadRuns.some((r) => r.id === run.id) ? upsertRun(s.threadRuns, run) : s.threadRuns,
        }));
      };

      const follower = new RunFollower({
        changed: publish,
        reload: async () => {
          const id = get().selectedId;
          if (!id) return null;
          try {
            const d = await bridge.call('runs.get', { runId: id });
            if (get().selectedId !== id) return null;
            set({ run: d.run, settings: d.settings, wire: d.wire });
            return d;
          } catch (err) {
            set({ detailError: toUiError(err) });
            return null;
          }
        },
        lost: () => useRunOutput.setState({ lost: true }),
      });

      /** Shows a detail and follows the run while it runs. */
      function show(d: RunDetail): void {
        follower.stop();
        // A run handed over by the Inspector belongs to the open repository: the view opens on it.
        if (get().repo !== d.run.repo) set({ repo: d.run.repo, runs: [], threads: [], listLoaded: false });
        set({ selectedId: d.run.id, run: d.run, settings: d.settings, wire: d.wire, loadingDetail: false, detailError: null });
        useRunOutput.setState({ lost: false });
        const log = follower.reset(d);
        // The detail just loaded has the warnings recorded so far; later ones reload it.
        wireWarningsSeen = log.wireWarnings;
        publish(log);
        if (d.run.status === 'running') follower.follow(d);
        void loadThreadRuns(d.run.threadId);
      }

      async function loadThreadRuns(threadId: string): Promise<void> {
        try {
          const runs = await bridge.call('runs.list', { threadId, limit: 500 });
          if (get().run?.threadId === threadId) set({ threadRuns: runs.slice().reverse() });
        } catch {
          // The turns list is a convenience; the run itself is on screen.
        }
      }

      /** Runs an action on the selected run, with its busy flag and a plain error. */
      async function act<T>(busy: Exclude<Busy, null>, fn: (run: RunSummary) => Promise<T>): Promise<T | null> {
        const run = get().run;
        if (!run || get().busy) return null;
        set({ busy, actionError: null, actionErrorAt: null });
        try {
          return await fn(run);
        } catch (err) {
          set({ actionError: toUiError(err), actionErrorAt: busy });
          return null;
        } finally {
          set({ busy: null });
        }
      }

      return {
        repo: null,
        runs: [],
        threads: [],
        agents: [],
        inForce: null,
        listLoaded: false,
        listError: null,
        threadFilter: null,
        selectedId: null,
        run: null,
        settings: null,
        status: null,
        steps: [],
        wire: null,
        threadRuns: [],
        loadingDetail: false,
        detailError: null,
        tab: 'output',
        busy: null,
        actionError: null,
        actionErrorAt: null,
        exportNote: null,

        setRepo(root) {
          const same = get().repo === root;
          if (!same) {
            follower.stop();
            generation++;
            set({ repo: root, runs: [], threads: [], listLoaded: false, threadFilter: null, selectedId: null, run: null, steps: [], wire: null, threadRuns: [] });
            useRunOutput.setState(EMPTY_OUTPUT);
          }
          void get().refreshList();
          const id = get().selectedId;
          if (id && get().run?.id !== id) void get().select(id);
        },

        async refreshList() {
          const repo = get().repo;
          if (!repo) return;
          try {
            const [runs, threads, agents] = await Promise.all([
              bridge.call('runs.list', { repo, limit: 500 }),
              bridge.call('threads.list', { repo }),
              get().agents.length ? Promise.resolve(get().agents) : bridge.call('runs.agents', {}),
            ]);
            // Read beside the list, never holding it up: only the thread ceiling's comparison needs it.
            void bridge.call('settings.effective', {}).then(
              (e) => set({ inForce: e.settings }),
              () => undefined,
            );
            if (get().repo !== repo) return;
            // The followed run's live status is newer than the listing.
            const live = get().run;
            set({ runs: live ? runs.map((r) => (r.id === live.id ? live : r)) : runs, threads, agents, listLoaded: true, listError: null });
          } catch (err) {
            set({ listError: toUiError(err), listLoaded: true });
          }
        },

        setThreadFilter: (threadFilter) => set({ threadFilter }),

        async openThread(threadId) {
          set({ threadFilter: threadId });
          const gen = ++generation;
          if (get().run?.threadId === threadId) return;
          // A run of another thread must not stay on screen beside a list that no longer holds it.
          follower.stop();
          set({ selectedId: null, run: null, settings: null, status: null, steps: [], wire: null, threadRuns: [], loadingDetail: true, detailError: null });
          useRunOutput.setState(EMPTY_OUTPUT);
          try {
            const [newest] = await bridge.call('runs.list', { threadId, limit: 1 });
            if (gen !== generation) return;
            if (!newest) {
              set({ loadingDetail: false });
              return;
            }
            await get().select(newest.id);
          } catch (err) {
            if (gen === generation) set({ detailError: toUiError(err), loadingDetail: false });
          }
        },
        setTab: (tab) => set({ tab }),

        async select(runId) {
          const gen = ++generation;
          if (runId !== get().run?.id) {
            follower.stop();
            set({ run: null, settings: null, status: null, steps: [], wire: null, threadRuns: [] });
            useRunOutput.setState(EMPTY_OUTPUT);
          }
          set({ selectedId: runId, loadingDetail: runId !== null, detailError: null, actionError: null, exportNote: null });
          if (!runId) return;
          try {
            const d = await bridge.call('runs.get', { runId });
            if (gen === generation) show(d);
          } catch (err) {
            if (gen === generation) set({ detailError: toUiError(err), loadingDetail: false });
          }
        },

        open(detail) {
          generation++;
          set({ tab: 'output', actionError: null, exportNote: null, threadFilter: null });
          show(detail);
          void get().refreshList();
        },

        async cancel() {
          await act('cancel', (run) => bridge.call('runs.cancel', { runId: run.id }));
        },

        async retry(settings) {
          const d = await act('retry', (run) => bridge.call('runs.retry', { runId: run.id, ...(settings ? { settings } : {}) }));
          if (d) get().open(d);
          return d !== null;
        },

        async followUp(ask, fresh) {
          const settings = get().settings;
          if (!settings) return false;
          const d = await act('follow-up', async (run) => {
            // The selected memory goes with a follow-up as with a first turn.
            const memory = selectedMemoryTexts(await bridge.call('memory.list', {}));
            return bridge.call('runs.start', { repo: run.repo, ask, settings, threadId: run.threadId, ...(memory.length ? { memory } : {}), ...(fresh ? { fresh: true } : {}) });
          });
          if (d) get().open(d);
          return d !== null;
        },

        async exportEvidence(scope, format) {
          const repo = get().repo;
          set({ exportNote: null });
          await act('export', async (run) => {
            const request = scope === 'run' ? { runId: run.id } : scope === 'thread' ? { threadId: run.threadId } : { repo: repo ?? run.repo };
            const doc = await bridge.call('evidence.export', { scope: request, format });
            const out = await saveTextFile(doc.filename, doc.content, doc.mime);
            set({ exportNote: out.via === 'dialog' ? `Saved to ${out.path}` : out.via === 'download' ? `Downloaded ${doc.filename}` : null });
          });
        },

        dismissActionError: () => set({ actionError: null, actionErrorAt: null }),
      };
    },
    {
      ...sessionPersist<RunsState, Persisted>('runs', (s) => ({ repo: s.repo, selectedId: s.selectedId, threadFilter: s.threadFilter, tab: s.tab })),
      merge: (stored, current) => {
        const s = (stored ?? {}) as Partial<Persisted>;
        const id = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(v) ? v : null);
        const tab = s.tab === 'evidence' || s.tab === 'thread' ? s.tab : 'output';
        return { ...current, repo: typeof s.repo === 'string' ? s.repo : null, selectedId: id(s.selectedId), threadFilter: id(s.threadFilter), tab };
      },
    },
  ),
);

/** Takes what another view asked Runs to show (state/shell-store.ts `showInRuns`), once. */
useShell.subscribe((s) => {
  const focus = s.runsFocus;
  if (!focus) return;
  useShell.setState({ runsFocus: null });
  if ('run' in focus) useRuns.getState().open(focus.run);
  else void useRuns.getState().openThread(focus.threadId);
});
