/**
 * The Inspector's run form: the settings in force (settings.effective, with
 * the source of each), the form as typed, the agents Loupe can launch, the
 * would-be prompt measured by runs.preview (debounced, the previous call
 * cancelled), and Run. Every valid change is saved (settings.update) shortly
 * after it is typed; an invalid one stays in the form with its message and is
 * not saved. The ask and whether the settings drawer is open survive a reload.
 */
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import type { ModelInfo, ResolvedModel } from '../../../../../shared/contract/models';
import type { AgentInfo, RunPreview, RunSettings } from '../../../../../shared/contract/runs';
import type { EffectiveSettings } from '../../../../../shared/contract/settings';
import { bridge, BridgeError } from '../../../bridge';
import { sessionPersist } from '../../../session-persist';
import { toUiError, type UiError } from '../../../ui/ui-error';
import { useShell } from '../../../state/shell-store';
import type { RunContext } from '../../../state/run-context';
import { draftFromSettings, settingsFromDraft, settingsKey, type DraftErrors, type RunDraft } from './run-draft';
import { selectedMemoryTexts, useMemory } from './memory-store';
import { useTrust } from './trust-store';

/** What of the Inspector a run sends. */
export type { RunContext };

export interface RunFormState {
  effective: EffectiveSettings | null;
  loadError: UiError | null;
  draft: RunDraft | null;
  errors: DraftErrors;
  /** The settings the form describes now (null while it has errors). */
  settings: RunSettings | null;
  saving: boolean;
  saveError: UiError | null;
  agents: AgentInfo[] | null;
  checkingAgents: boolean;
  /** When the user last asked to look for the CLIs again (Check again), for its feedback; null before. */
  agentsCheckedAt: number | null;
  model: ResolvedModel | null;
  modelError: UiError | null;
  /** Catalog entries matching what is typed in the model field. */
  modelSuggestions: ModelInfo[];
  ask: string;
  drawerOpen: boolean;
  /**
   * The prompt meters kept open. Otherwise they are one line while the ask is
   * not being typed and the settings are closed, so the results above get the
   * room (kept for the tab's session).
   */
  metersOpen: boolean;
  preview: RunPreview | null;
  previewKey: string | null;
  previewing: boolean;
  previewError: UiError | null;
  starting: boolean;
  startError: UiError | null;

  load(): Promise<void>;
  /** Lists the agents (the host reuses its detection for a while); `force` looks for the CLIs again now. */
  refreshAgents(force?: boolean): Promise<void>;
  setDraft(patch: Partial<RunDraft>): void;
  setAsk(ask: string): void;
  /** Looks the typed words up in the catalog (models.list), for the model field's suggestions. */
  searchModels(query: string): void;
  setDrawerOpen(open: boolean): void;
  setMetersOpen(open: boolean): void;
  /** Measures the would-be prompt for `ctx` after a pause in typing; a newer call cancels the older. */
  schedulePreview(ctx: RunContext | null): void;
  /**
   * Saves the form, starts the run and shows it in the Runs view. First, unless `trustChosen` (the
   * user just chose in the trust dialog): a repository whose agent configuration is trusted
   * neither in Loupe nor by the CLI opens the trust dialog and the run waits for the choice.
   * `allowUnstaged` goes ahead without selections that stage nothing.
   */
  start(ctx: RunContext, options?: { allowUnstaged?: boolean; trustChosen?: boolean }): Promise<void>;
  dismissStartError(): void;
}

const SAVE_DELAY_MS = 500;
/** What a start waiting on the trust dialog was asked for (allowUnstaged), applied when the user chooses. */
let heldStart: { allowUnstaged?: boolean } = {};
const PREVIEW_DELAY_MS = 350;
const MODEL_DELAY_MS = 300;
/** runs.preview needs an ask; before one is typed, this stands in (its 1 byte is said on screen). */
export const ASK_PLACEHOLDER = '…';

let saveTimer: ReturnType<typeof setTimeout> | null = null;
let previewTimer: ReturnType<typeof setTimeout> | null = null;
let previewAbort: AbortController | null = null;
let modelTimer: ReturnType<typeof setTimeout> | null = null;
let modelAbort: AbortController | null = null;
let searchTimer: ReturnType<typeof setTimeout> | null = null;
let searchSeq = 0;

/** The request a preview or a run sends for this form and context. */
function runRequest(s: Pick<RunFormState, 'ask'>, settings: RunSettings, ctx: RunContext, ask = s.ask.trim() || ASK_PLACEHOLDER) {
  const memory = selectedMemoryTexts(useMemory.getState().items);
  return { repo: ctx.repo, ask, baseRef: ctx.baseRef, paths: ctx.paths, attachments: ctx.attachments, settings, ...(memory.length ? { memory } : {}) };
}

export const useRunForm = create<RunFormState>()(
  persist(
    (set, get) => {
      async function save(): Promise<boolean> {
        const { settings, effective } = get();
        if (!settings || !effective || settingsKey(settings) === settingsKey(effective.settings)) return settings !== null;
        set({ saving: true });
        try {
          const next = await bridge.call('settings.update', { settings });
          set({ effective: next, saving: false, saveError: null });
          return true;
        } catch (err) {
          set({ saving: false, saveError: toUiError(err) });
          return false;
        }
      }

      function resolveModel(id: string): void {
        if (modelTimer) clearTimeout(modelTimer);
        modelAbort?.abort();
        if (!id.trim()) {
          set({ model: null, modelError: null });
          return;
        }
        modelTimer = setTimeout(() => {
          const controller = new AbortController();
          modelAbort = controller;
          bridge.call('models.resolve', { id }, { signal: controller.signal }).then(
            (model) => {
              if (get().draft?.model === id) set({ model, modelError: null });
            },
            (err) => {
              if (!controller.signal.aborted) set({ model: null, modelError: toUiError(err) });
            },
          );
        }, MODEL_DELAY_MS);
      }

      return {
        effective: null,
        loadError: null,
        draft: null,
        errors: {},
        settings: null,
        saving: false,
        saveError: null,
        agents: null,
        checkingAgents: false,
        agentsCheckedAt: null,
        model: null,
        modelError: null,
        modelSuggestions: [],
        ask: '',
        drawerOpen: false,
        metersOpen: false,
        preview: null,
        previewKey: null,
        previewing: false,
        previewError: null,
        starting: false,
        startError: null,

        async load() {
          void get().refreshAgents();
          try {
            const effective = await bridge.call('settings.effective', {});
            // A form with unsaved typing keeps it; otherwise it shows what is in force (a preset may have been applied).
            const keep = get().draft && Object.keys(get().errors).length > 0;
            const draft = keep ? get().draft! : draftFromSettings(effective.settings);
            const { settings, errors } = settingsFromDraft(draft, effective.settings);
            set({ effective, draft, settings, errors, loadError: null });
            resolveModel(draft.model);
          } catch (err) {
            set({ loadError: toUiError(err) });
          }
        },

        async refreshAgents(force = false) {
          set({ checkingAgents: true });
          try {
            set({ agents: await bridge.call('runs.agents', { refresh: force }), checkingAgents: false, ...(force ? { agentsCheckedAt: Date.now() } : {}) });
          } catch (err) {
            set({ checkingAgents: false, loadError: toUiError(err) });
          }
        },

        setDraft(patch) {
          const { draft, effective } = get();
          if (!draft || !effective) return;
          const next = { ...draft, ...patch };
          const { settings, errors } = settingsFromDraft(next, effective.settings);
          set({ draft: next, settings, errors, saveError: null });
          if (patch.model !== undefined) resolveModel(next.model);
          if (saveTimer) clearTimeout(saveTimer);
          if (settings) saveTimer = setTimeout(() => void save(), SAVE_DELAY_MS);
        },

        setAsk: (ask) => set({ ask }),

        searchModels(query) {
          if (searchTimer) clearTimeout(searchTimer);
          searchTimer = setTimeout(() => {
            const asked = ++searchSeq;
            bridge.call('models.list', { query, limit: 8 }).then(
              (list) => {
                if (asked === searchSeq) set({ modelSuggestions: list.models });
              },
              () => {
                if (asked === searchSeq) set({ modelSuggestions: [] });
              },
            );
          }, MODEL_DELAY_MS);
        },
        setDrawerOpen: (drawerOpen) => set({ drawerOpen }),
        setMetersOpen: (metersOpen) => set({ metersOpen }),

        schedulePreview(ctx) {
          if (previewTimer) clearTimeout(previewTimer);
          const settings = get().settings;
          if (!ctx || !settings) {
            previewAbort?.abort();
            set({ previewing: false });
            return;
          }
          const request = runRequest(get(), settings, ctx);
          const key = JSON.stringify(request);
          if (key === get().previewKey && !get().previewError) {
            // Back to what is on screen (typed and undone): the answer already there is current.
            previewAbort?.abort();
            set({ previewing: false });
            return;
          }
          // From the first keystroke the meters show they are about to change.
          set({ previewing: true });
          previewTimer = setTimeout(async () => {
            previewAbort?.abort();
            const controller = new AbortController();
            previewAbort = controller;
            try {
              const preview = await bridge.call('runs.preview', request, { signal: controller.signal });
              if (previewAbort === controller) set({ preview, previewKey: key, previewing: false, previewError: null });
            } catch (err) {
              if (previewAbort === controller && !(err instanceof BridgeError && err.code === 'cancelled')) {
                set({ previewing: false, previewError: toUiError(err) });
              }
            }
          }, PREVIEW_DELAY_MS);
        },

        async start(ctx, given = {}) {
          const s = get();
          if (!s.settings || !s.ask.trim() || s.starting) return;
          // The choice made before the trust dialog opened (Run without them) still holds after it.
          const options = given.trustChosen ? { ...heldStart, ...given } : given;
          heldStart = {};
          set({ starting: true, startError: null });
          if (!options.trustChosen && !(await useTrust.getState().check(ctx.repo, s.settings.agent))) {
            heldStart = options;
            set({ starting: false });
            return;
          }
          if (saveTimer) clearTimeout(saveTimer);
          await save();
          try {
            const detail = await bridge.call('runs.start', { ...runRequest(s, s.settings, ctx, s.ask), ...(options.allowUnstaged ? { allowUnstaged: true } : {}) });
            set({ starting: false });
            useShell.getState().showInRuns({ run: detail });
          } catch (err) {
            set({ starting: false, startError: toUiError(err) });
          }
        },

        dismissStartError: () => set({ startError: null }),
      };
    },
    {
      ...sessionPersist<RunFormState, Pick<RunFormState, 'ask' | 'drawerOpen' | 'metersOpen'>>('run-form', (s) => ({ ask: s.ask, drawerOpen: s.drawerOpen, metersOpen: s.metersOpen })),
      merge: (stored, current) => {
        const s = (stored ?? {}) as Record<string, unknown>;
        return { ...current, ask: typeof s.ask === 'string' ? s.ask : '', drawerOpen: s.drawerOpen === true, metersOpen: s.metersOpen === true };
      },
    },
  ),
);
