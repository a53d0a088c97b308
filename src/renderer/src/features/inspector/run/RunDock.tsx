import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { RUN_LIMITS } from '../../../../../shared/contract/run-limits';
import { plural } from '../../../../../shared/format';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { useRunContext } from '../../../state/run-context';
import { checkBudget } from '../../../../../shared/runs/budget';
import { FoldedMeters, PromptMeters, VERDICT_TEXT } from './PromptMeters';
import { settingsKey } from './run-draft';
import { useRunForm } from './run-store';
import { selectedMemoryTexts, useMemory } from './memory-store';
import { valueText } from '../../../ui/setting-text';
import { unsentAttachmentsText } from '../../../ui/attachment-text';
import { UnstagedNotice } from './UnstagedNotice';
import { TrustDialog } from './TrustDialog';

/**
 * The run bar under the results: the ask, the agent and budget in force, the
 * would-be prompt against the ceilings, and Run. Settings open in a drawer
 * above it, so the meters answer each change.
 */
export function RunDock() {
  // What the Inspector would send: its repository, base, selection and attachments (its store publishes them).
  const ctx = useRunContext((s) => s.context);
  const { ask, settings, effective, agents, starting, startError, invalid, drawerOpen, metersOpen, preview } = useRunForm(
    useShallow((s) => ({
      preview: s.preview,
      ask: s.ask,
      settings: s.settings,
      effective: s.effective?.settings ?? null,
      agents: s.agents,
      starting: s.starting,
      startError: s.startError,
      invalid: Object.keys(s.errors).length > 0,
      drawerOpen: s.drawerOpen,
      metersOpen: s.metersOpen,
    })),
  );
  const { setAsk, setDrawerOpen, setMetersOpen, start, dismissStartError } = useRunForm.getState();
  // Compact until the ask is being typed (or the settings are open, or the user keeps the measures open):
  // at 1280x800 the results above deserve most of the height.
  const [asking, setAsking] = useState(false);
  const expanded = metersOpen || asking || drawerOpen;
  useEffect(() => void useRunForm.getState().load(), []);
  useEffect(() => void useMemory.getState().load(), []);
  const key = settingsKey(settings);
  // The selected memory is part of the prompt: ticking an item measures it again.
  const memoryKey = useMemory((s) => selectedMemoryTexts(s.items).join('\u0000'));
  useEffect(() => useRunForm.getState().schedulePreview(ctx), [ctx, ask, key, memoryKey]);

  // While the form has a bad value, the settings in force are what a run would use.
  const shown = settings ?? effective;
  const agent = agents?.find((a) => a.id === settings?.agent) ?? null;
  const budget = shown?.loop.contextBudget;
  const verdict = preview && budget ? checkBudget(preview, budget).verdict : null;
  const problem = agent && !agent.installed ? agent.problem : null;
  // Attachments this host cannot read (no path: the browser host) are left out of the run: said before launch.
  const unsent = ctx ? ctx.attachments.filter((a) => !a.path).map((a) => a.name) : [];
  // One line, cut with an ellipsis where the bar is narrow: the whole of it on hover.
  const summary = `${shown ? `${valueText('agent', shown, agents)} · ${valueText('loop.contextBudget', shown, agents)}` : 'Loading the run settings…'}${ctx ? ` · ${plural(ctx.paths.length, 'selection')}` : ''}`;
  const blockedWhy = !ask.trim() ? 'Type what the agent should do' : invalid ? 'Fix the run settings first' : problem ? 'Pick an agent that is installed' : null;

  return (
    <div
      className="run-dock"
      data-testid="run-dock"
      data-expanded={expanded ? 'true' : 'false'}
      onFocus={(e) => e.target.id === 'run-ask' && setAsking(true)}
      // Open while focus stays in the bar (pressing Run must not move the button under the pointer).
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setAsking(false)}
    >
      <div className="run-dock-line">
        <strong>Run an agent</strong>
        <span className="hint run-dock-summary" data-testid="run-summary" title={summary}>
          {summary}
        </span>
        <button
          type="button"
          className="ghost small"
          aria-pressed={metersOpen}
          data-testid="meters-fold"
          onClick={() => setMetersOpen(!metersOpen)}
          title={
            metersOpen
              ? 'Fold the measures to one line while the ask is not being typed: more room for the results'
              : 'Always show the prompt and reference measures (they open by themselves while you type the ask)'
          }
        >
          {metersOpen ? 'Fold measures' : 'Always show measures'}
        </button>
        <button
          type="button"
          className={invalid ? 'small is-invalid' : 'small'}
          aria-expanded={drawerOpen}
          data-testid="run-settings-toggle"
          onClick={() => setDrawerOpen(!drawerOpen)}
        >
          {drawerOpen ? 'Hide settings' : invalid ? 'Run settings: fix a value' : 'Run settings'}
        </button>
        {verdict && (
          <span className={`badge verdict verdict-${verdict}`} data-testid="pm-verdict">
            {VERDICT_TEXT[verdict]}
          </span>
        )}
        <button
          type="button"
          className="primary run-button"
          data-testid="run-button"
          title={blockedWhy ?? 'Loupe measures the prompt again right before launch and records the evidence'}
          disabled={!ctx || !!blockedWhy || starting}
          onClick={() => ctx && void start(ctx)}
        >
          {starting ? 'Starting…' : 'Run'}
        </button>
      </div>
      <label htmlFor="run-ask" className="visually-hidden">
        The ask
      </label>
      <textarea
        id="run-ask"
        data-testid="run-ask"
        rows={expanded ? 2 : 1}
        data-compact={expanded ? 'false' : 'true'}
        maxLength={RUN_LIMITS.maxAskChars}
        placeholder="What should the agent do? (Ctrl+Enter runs)"
        value={ask}
        onChange={(e) => setAsk(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && ctx && !blockedWhy) void start(ctx);
        }}
      />
      {expanded ? <PromptMeters budget={budget} /> : <FoldedMeters />}
      {invalid && shown && (
        <p className="hint" role="status">
          A run setting has a value to fix; the meters use the settings in force until then.
        </p>
      )}
      {unsent.length > 0 && (
        <p className="notice notice-warn small" role="status" data-testid="attachments-unsent">
          {unsentAttachmentsText(unsent)}
        </p>
      )}
      {ctx && <UnstagedNotice ctx={ctx} runnable={!blockedWhy} />}
      {problem && (
        <p className="notice notice-warn small" role="status" data-testid="agent-problem">
          {problem}
        </p>
      )}
      {startError && <ErrorNotice error={startError} onDismiss={dismissStartError} />}
      <TrustDialog onRun={() => ctx && void start(ctx, { trustChosen: true })} />
    </div>
  );
}
