import type { PromptSection, RunSettings } from '../../../shared/contract/runs';
import type { Manifest, SystemSection } from '../../../shared/contract/xray';
import type { CoreDeps } from '../deps';
import { assemblePrompt } from '../prompt/prompt';
import { withPreviews } from '../prompt/section-previews';
import { readEffective } from '../settings/effective';
import { lastAnnouncedTools } from '../runs/record';
import type { ManifestTools } from './manifest';
import { instructionFiles, promptSections, toolsSection } from './system';
import { systemMix } from '../prompt/text-mix';
import { selectedMemoryTexts } from '../../../shared/contract/memory';
import { listMemory } from '../memory/memory-store';

/** The ask a preview stands in for (it is conversation, never counted as system context). */
export const PREVIEW_ASK = '(the ask)';

/**
 * The system context a new thread would start with under `settings` (the
 * current run settings when none are given), without a live thread: Loupe's
 * sections measured exactly as a run assembles them, the instruction files
 * the agent's CLI would load from `repo`, the ticked memory every run from the
 * app sends, and the tools it last announced.
 * No conversation yet; the model's window and reserve from the catalog.
 */
export async function buildPreviewManifest(
  deps: CoreDeps,
  tools: ManifestTools,
  request: { repo?: string; settings?: RunSettings },
  /** Loupe's sections as a run's preview measured them (the Inspector's base and selection); assembled here when absent. */
  measured?: readonly PromptSection[],
): Promise<Manifest> {
  const effective = readEffective(deps.db);
  const settings = request.settings ?? effective.settings;
  // Notes come from a preset only when the settings in force are the preset's.
  const preset = !request.settings && effective.sources.notes.kind === 'preset' ? effective.appliedPreset : null;
  const head = request.repo
    ? await deps.repos.use(request.repo, async (reader) => {
        const h = await reader.head();
        return { root: reader.root, branch: h.branch, commit: await reader.resolveCommit('HEAD').catch(() => '(no commits yet)') };
      })
    : null;
  const prompt = assemblePrompt({
    runtime: head ? { repo: head.root, branch: head.branch, baseRef: 'HEAD', baseCommit: head.commit } : { repo: '(the run’s repository)', branch: null, baseRef: 'HEAD', baseCommit: '(its commit)' },
    notes: settings.notes,
    // The ticked memory every run from the app sends (Settings → Memory).
    memory: selectedMemoryTexts(listMemory(deps.db)),
    references: [],
    ask: PREVIEW_ASK,
  });
  // The conversation (history, the ask) is not system context.
  const sections = measured ? measured.filter((s) => s.name !== 'history' && s.name !== 'ask') : await withPreviews(prompt.sections, prompt.heads);
  const system: SystemSection[] = promptSections(sections, preset).map((s) =>
    s.id === 'system-runtime' && !head ? { ...s, note: 'Open a repository to see its exact runtime context; the size here is for a placeholder.' } : s,
  );
  if (head) system.push(...(await instructionFiles(head.root, settings.agent)));
  const announced = toolsSection(lastAnnouncedTools(deps.db, settings.agent, head?.root));
  if (announced) system.push({ ...announced, note: `${announced.note} As announced at the last run of this agent.` });
  const model = await tools.resolve(settings.model ?? null);
  const systemTokens = system.reduce((n, s) => n + (s.tokens?.tokens ?? 0), 0);
  const zero = { tokens: 0, kind: 'estimate' as const };
  return {
    source: 'preview',
    threadId: null,
    sessionFile: null,
    agent: settings.agent,
    model: { id: model.id, window: model.window, reserve: model.reserve, source: model.source },
    freshness: 'current',
    // A new thread's first turn is always a prompt Loupe assembles.
    enforceable: true,
    segments: [],
    system,
    totals: { system: { tokens: systemTokens, kind: 'estimate' }, conversation: zero, reclaimable: zero },
    reported: null,
    builtAt: deps.now().toISOString(),
    fresh: zero,
    lastStep: null,
    activeRunId: null,
    textMix: { system: systemMix(system), conversation: {} },
  };
}
