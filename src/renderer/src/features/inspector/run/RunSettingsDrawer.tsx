import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { RUN_LIMITS } from '../../../../../shared/contract/run-limits';
import { ErrorNotice } from '../../../ui/ErrorNotice';
import { AgentField } from './AgentField';
import { BudgetFields } from './BudgetFields';
import { EffectiveSettingsList } from './EffectiveSettingsList';
import { MemoryField } from './MemoryField';
import { ModelField } from './ModelField';
import { PromptWindowMeter } from './PromptWindowMeter';
import { useRunForm } from './run-store';
import { TrustField } from './TrustField';
import { WireFields } from './WireFields';
import { wireBoxChecked } from '../../../../../shared/runs/wire-default';

/**
 * The run settings over the results pane (the run bar below stays in view, so
 * the prompt meters answer every change): the form, and beside it every
 * setting in force with where it came from.
 */
export function RunSettingsDrawer() {
  const { notes, notesError, keepStaged, xrayTools, wire, demo, takesMcp, saving, saveError, loadError } = useRunForm(
    useShallow((s) => ({
      notes: s.draft?.notes ?? '',
      notesError: s.errors.notes,
      keepStaged: s.draft?.keepStaged ?? false,
      xrayTools: s.draft?.xrayTools ?? false,
      wire: wireBoxChecked(s.draft?.agent ?? 'demo', s.draft?.wire),
      demo: s.draft?.agent === 'demo',
      takesMcp: s.agents?.find((a) => a.id === s.draft?.agent)?.takesMcp ?? true,
      saving: s.saving,
      saveError: s.saveError,
      loadError: s.loadError,
    })),
  );
  const { setDraft, setDrawerOpen } = useRunForm.getState();
  useEffect(() => {
    // An Escape a field used (closing its own list) is not the drawer's.
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !e.defaultPrevented && setDrawerOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setDrawerOpen]);

  return (
    <aside className="run-drawer" aria-label="Run settings" data-testid="run-settings">
      <header className="run-drawer-head">
        <h2>Run settings</h2>
        <span className="hint" role="status">
          {saving ? 'Saving…' : 'Changes are saved as you type'}
        </span>
        <span className="spacer" />
        <button type="button" className="small" data-testid="run-settings-close" onClick={() => setDrawerOpen(false)}>
          Done
        </button>
      </header>
      <div className="run-drawer-scroll">
        {loadError && <ErrorNotice error={loadError} />}
        {saveError && <ErrorNotice error={saveError} />}
        <div className="run-drawer-grid">
          <div className="run-form">
            <AgentField />
            <ModelField />
            <PromptWindowMeter />
            <BudgetFields />
            <div className="run-field">
              <label htmlFor="run-notes" className="run-legend">
                Notes for the agent
              </label>
              <textarea
                id="run-notes"
                rows={3}
                value={notes}
                aria-invalid={!!notesError}
                placeholder="Sent as their own section of the prompt (conventions, what not to touch…)"
                onChange={(e) => setDraft({ notes: e.target.value })}
              />
              <p className={notesError ? 'hint hint-error' : 'hint'}>
                {notesError ? `Notes ${notesError}.` : `Up to ${RUN_LIMITS.maxNotesChars.toLocaleString('en-US')} characters; counted in the prompt.`}
              </p>
            </div>
            <MemoryField />
            <label className="check">
              <input type="checkbox" checked={keepStaged} onChange={(e) => setDraft({ keepStaged: e.target.checked })} />
              Keep the staged folder after the run (it is removed otherwise)
            </label>
            <label className="check">
              <input type="checkbox" checked={xrayTools} data-testid="run-xray-tools" onChange={(e) => setDraft({ xrayTools: e.target.checked })} />
              Offer the agent Loupe’s X-Ray tools (MCP: read this thread’s context, pin, evict, restore)
            </label>
            <label className="check">
              <input type="checkbox" checked={wire} data-testid="run-wire" onChange={(e) => setDraft({ wire: e.target.checked })} />
              Record every request the agent sends its provider (Loupe’s loopback relay; no bodies or keys are kept)
            </label>
            {demo && wire && (
              <p className="hint" data-testid="run-wire-demo">
                The demo agent sends nothing to a provider, so its runs record nothing; Claude Code, Codex and Gemini runs record every request.
              </p>
            )}
            <WireFields />
            <TrustField />
            {xrayTools && !takesMcp && (
              <p className="hint" data-testid="run-xray-tools-note">
                This agent cannot take an MCP server from Loupe (Claude Code and Codex can): it runs without the tools, and the run says so.
              </p>
            )}
          </div>
          <EffectiveSettingsList />
        </div>
      </div>
    </aside>
  );
}
