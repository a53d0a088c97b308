import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DEFAULT_WINDOW_TOKENS, NO_HISTORY_TEXT, reserveLeavesNoHistory } from '../../../../../shared/fold/budget';
import { formatInt } from '../../../../../shared/format';
import { useRunForm } from './run-store';

/** The model: a catalog id (searched as you type) or the CLI's own name; its window and fold budget below. */
export function ModelField() {
  const { value, error, model, modelError, suggestions, agent } = useRunForm(
    useShallow((s) => ({
      value: s.draft?.model ?? '',
      error: s.errors.model,
      model: s.model,
      modelError: s.modelError,
      suggestions: s.modelSuggestions,
      agent: s.draft?.agent,
    })),
  );
  const { setDraft, searchModels } = useRunForm.getState();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLUListElement>(null);
  const shown = open && suggestions.length > 0;
  // The field sits low in the settings drawer: the list is scrolled into the drawer's view, never left under the run bar
  // (its height is at most the drawer's own, styles.css), again whenever the drawer's height changes under it (the run
  // bar grows when its measure arrives).
  useEffect(() => {
    if (!shown) return;
    const el = list.current;
    el?.scrollIntoView({ block: 'nearest' });
    const drawer = el?.closest('.run-drawer-scroll');
    if (!drawer || typeof ResizeObserver === 'undefined') return;
    const watch = new ResizeObserver(() => el?.scrollIntoView({ block: 'nearest' }));
    watch.observe(drawer);
    return () => watch.disconnect();
  }, [shown, suggestions.length]);
  const choose = (id: string) => {
    setDraft({ model: id });
    setOpen(false);
  };

  return (
    <div className="run-field combo" data-testid="model-field">
      <label htmlFor="run-model" className="run-legend">
        Model
      </label>
      <input
        id="run-model"
        type="text"
        role="combobox"
        aria-expanded={shown}
        aria-controls="run-model-list"
        aria-autocomplete="list"
        autoComplete="off"
        placeholder="e.g. anthropic/claude-sonnet-4-5 (empty: the CLI’s default)"
        value={value}
        aria-invalid={!!error}
        onFocus={() => {
          setOpen(true);
          searchModels(value);
        }}
        onBlur={() => setOpen(false)}
        onChange={(e) => {
          setDraft({ model: e.target.value });
          searchModels(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((i) => Math.min(suggestions.length - 1, i + 1));
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(-1, i - 1));
          // Escape closes the list when it is open (the drawer stays); with no list, it reaches the drawer.
          else if (e.key === 'Escape' && shown) setOpen(false);
          else if (e.key === 'Enter' && active >= 0 && suggestions[active]) {
            e.preventDefault();
            choose(suggestions[active].id);
          } else return;
          e.preventDefault();
        }}
      />
      {shown && (
        <ul id="run-model-list" className="combo-list" role="listbox" ref={list}>
          {suggestions.map((m, i) => (
            <li
              key={m.id}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'combo-option is-active' : 'combo-option'}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(m.id);
              }}
            >
              <span className="combo-name mono" title={m.id}>
                {m.id}
              </span>
              <span className="combo-detail hint">window {formatInt(m.window)}</span>
            </li>
          ))}
        </ul>
      )}
      <p className={error || modelError ? 'hint hint-error' : 'hint'} data-testid="model-info">
        {error
          ? `Model ${error}.`
          : modelError
            ? modelError.message
            : model
              ? `${model.known ? `${model.id}: window` : 'Not in the catalog: the default window'} ${formatInt(model.window)} − reserve ${formatInt(model.reserve)} = fold budget ${formatInt(model.budget)} tokens (${model.source}).${reserveLeavesNoHistory(model.window) ? ` ${NO_HISTORY_TEXT[0]!.toUpperCase()}${NO_HISTORY_TEXT.slice(1)}.` : ''}`
              : `Empty: the CLI picks its model; history is folded to the default ${formatInt(DEFAULT_WINDOW_TOKENS)}-token window.`}
        {agent === 'demo' && ' The demo agent has no model: this only sizes the fold budget.'}
      </p>
    </div>
  );
}
