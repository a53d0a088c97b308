import { create } from 'zustand';
import type { ImportReport, LibraryProblem, LibraryRefusal, PresetDetail, PresetHistoryEntry, PresetSummary, RepoLibrary } from '../../../../shared/contract/presets';
import type { EffectiveSettings } from '../../../../shared/contract/settings';
import type { ErrorCode } from '../../../../shared/errors';
import { bridge, BridgeError } from '../../bridge';
import { toUiError, type UiError } from '../../ui/ui-error';
import { saveTextFile } from '../../ui/save-file';

/** What the last import did: what it added, or why it was refused, item by item. */
export type ImportOutcome =
  | { kind: 'imported'; source: string; report: ImportReport }
  | { kind: 'refused'; source: string; code: ErrorCode; summary: string; problems: LibraryProblem[]; more: number };

interface PresetsState {
  presets: PresetSummary[];
  showArchived: boolean;
  loaded: boolean;
  selected: string | null;
  detail: PresetDetail | null;
  history: PresetHistoryEntry[];
  effective: EffectiveSettings | null;
  repoLibrary: RepoLibrary | null;
  busy: boolean;
  /** A short sentence about the last action ("Applied team@2."). */
  note: string | null;
  error: UiError | null;
  importOutcome: ImportOutcome | null;
  load(): Promise<void>;
  setShowArchived(show: boolean): Promise<void>;
  select(name: string | null): Promise<void>;
  loadRepoLibrary(repo: string | null): Promise<void>;
  /** Saves the settings in force as the next revision of `name` (a new preset when new), and applies it. */
  saveCurrent(name: string, repo: string | null): Promise<boolean>;
  apply(name: string, revision: number): Promise<void>;
  archive(name: string, archived: boolean): Promise<void>;
  exportLibrary(names?: string[]): Promise<void>;
  importText(content: string, source: string): Promise<void>;
  importFromRepo(repo: string, names?: string[]): Promise<void>;
  /** Shows a refusal found before anything was sent (a file over the size cap, not a library). */
  refuse(source: string, problems: LibraryProblem[]): void;
  dismissImport(): void;
  clearError(): void;
}

function refusalOf(err: unknown, source: string): ImportOutcome | null {
  if (!(err instanceof BridgeError)) return null;
  const d = err.details as Partial<LibraryRefusal> | undefined;
  if (!d || !Array.isArray(d.problems)) return null;
  return { kind: 'refused', source, code: err.code, summary: d.summary ?? err.message, problems: d.problems, more: d.more ?? 0 };
}

export const usePresets = create<PresetsState>()((set, get) => {
  /** Runs `work` with the busy flag, turning a failure into `error`. */
  const act = async (work: () => Promise<void>) => {
    set({ busy: true, error: null, note: null });
    try {
      await work();
    } catch (err) {
      set({ error: toUiError(err) });
    } finally {
      set({ busy: false });
    }
  };
  const refresh = async () => {
    const [presets, effective] = await Promise.all([bridge.call('presets.list', { includeArchived: get().showArchived }), bridge.call('settings.effective', {})]);
    const selected = get().selected ?? presets[0]?.name ?? null;
    set({ presets, effective, loaded: true, selected });
    if (selected) await loadDetail(selected);
  };
  const loadDetail = async (name: string) => {
    try {
      const [detail, history] = await Promise.all([bridge.call('presets.get', { name }), bridge.call('presets.history', { name })]);
      if (get().selected === name) set({ detail, history });
    } catch (err) {
      if (err instanceof BridgeError && err.code === 'not-found') set({ selected: null, detail: null, history: [] });
      else throw err;
    }
  };
  const afterImport = async (source: string, report: ImportReport) => {
    set({ importOutcome: { kind: 'imported', source, report } });
    const first = report.added[0]?.name;
    if (first && !get().selected) set({ selected: first });
    await refresh();
    const repo = get().repoLibrary?.repo;
    if (repo) await get().loadRepoLibrary(repo);
  };

  return {
    presets: [],
    showArchived: false,
    loaded: false,
    selected: null,
    detail: null,
    history: [],
    effective: null,
    repoLibrary: null,
    busy: false,
    note: null,
    error: null,
    importOutcome: null,
    load: () => act(refresh),
    setShowArchived: (showArchived) => {
      set({ showArchived });
      return act(refresh);
    },
    select: (name) => {
      set({ selected: name, detail: null, history: [] });
      return name ? act(() => loadDetail(name)) : Promise.resolve();
    },
    async loadRepoLibrary(repo) {
      if (!repo) return set({ repoLibrary: null });
      try {
        set({ repoLibrary: await bridge.call('presets.repoLibrary', { repo }) });
      } catch (err) {
        set({ repoLibrary: null, error: toUiError(err) });
      }
    },
    async saveCurrent(name, repo) {
      const settings = get().effective?.settings;
      if (!settings) return false;
      let ok = false;
      await act(async () => {
        const saved = await bridge.call('presets.save', { name, settings, apply: true, ...(repo ? { repo } : {}) });
        set({ selected: name, note: saved.created ? `Saved ${name}@${saved.revision}; it is now in force.` : `${name}@${saved.revision} already holds these settings; nothing new was saved.` });
        await refresh();
        ok = true;
      });
      return ok;
    },
    apply: (name, revision) =>
      act(async () => {
        const effective = await bridge.call('presets.apply', { name, revision });
        set({ effective, note: `Applied ${name}@${revision}: every setting now comes from it.` });
      }),
    archive: (name, archived) =>
      act(async () => {
        await bridge.call('presets.archive', { name, archived });
        if (archived && !get().showArchived) set({ selected: null, detail: null, history: [] });
        set({ note: archived ? `Archived ${name}: hidden from the list; its revisions are kept.` : `${name} is back in the list.` });
        await refresh();
      }),
    exportLibrary: (names) =>
      act(async () => {
        const doc = await bridge.call('presets.export', names ? { names } : {});
        const saved = await saveTextFile(doc.filename, doc.content, doc.mime);
        if (saved.via === 'cancelled') return;
        const where = saved.via === 'dialog' ? saved.path : doc.filename;
        set({ note: `Exported ${doc.presets === 1 ? '1 preset' : `${doc.presets} presets`} (${doc.revisions} revisions) as ${where}.` });
      }),
    importText: (content, source) =>
      act(async () => {
        try {
          await afterImport(source, await bridge.call('presets.import', { content, sourceLabel: source }));
        } catch (err) {
          const refused = refusalOf(err, source);
          if (!refused) throw err;
          set({ importOutcome: refused });
        }
      }),
    importFromRepo: (repo, names) =>
      act(async () => {
        const source = 'the repository';
        try {
          const report = await bridge.call('presets.importFromRepo', { repo, ...(names ? { names } : {}) });
          await afterImport(report.source ?? source, report);
        } catch (err) {
          const refused = refusalOf(err, source);
          if (!refused) throw err;
          set({ importOutcome: refused });
        }
      }),
    refuse: (source, problems) =>
      set({ importOutcome: { kind: 'refused', source, code: 'invalid-input', summary: `${source} can't be imported; nothing was imported.`, problems, more: 0 } }),
    dismissImport: () => set({ importOutcome: null }),
    clearError: () => set({ error: null }),
  };
});
