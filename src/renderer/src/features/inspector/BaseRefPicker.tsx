import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useInspector } from './store';
import { describeRef, filterSuggestions, KIND_LABEL, refSuggestions, type RefSuggestion } from './ref-suggestions';

/** Suggestions drawn at once; typing narrows them. */
const SHOWN = 60;

/**
 * The committed base the tree and folder selections are read from: any
 * revision git accepts, typed freely (HEAD~3, a commit id, origin/main) with
 * completion from the branches, tags and recent commits. A ref that names no
 * commit is refused with the reason, and the previous base stays.
 */
export function BaseRefPicker() {
  const { refs, refsError, baseRef, running, checking, refError } = useInspector(
    useShallow((s) => ({
      refs: s.refs,
      refsError: s.refsError,
      baseRef: s.baseRef,
      running: s.running,
      checking: s.checkingRef,
      refError: s.baseRefError,
    })),
  );
  const [text, setText] = useState(baseRef);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  useEffect(() => setText(baseRef), [baseRef]);

  const all = useMemo(() => refSuggestions(refs), [refs]);
  const options = useMemo(() => filterSuggestions(all, text, baseRef).slice(0, SHOWN), [all, text, baseRef]);
  const described = describeRef(all, baseRef);

  const apply = async (value: string) => {
    setOpen(false);
    setActive(-1);
    setText(value);
    // The base itself applied again still clears the error of a ref typed before it (setBaseRef does).
    if (value.trim()) await useInspector.getState().setBaseRef(value);
    else setText(baseRef);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length === 0 ? -1 : (i + step + options.length) % options.length));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      void apply(open && active >= 0 && options[active] ? options[active].value : text);
    } else if (e.key === 'Escape') {
      if (open) e.preventDefault();
      setOpen(false);
      setText(baseRef);
      // Back to the base in force: the refused ref's error no longer applies.
      if (refError) void useInspector.getState().setBaseRef(baseRef);
    }
  };

  return (
    <div className="insp-field base-ref">
      <label htmlFor="insp-base-ref">Base ref</label>
      <div className="combo">
        <input
          id="insp-base-ref"
          data-testid="base-ref"
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={refError ? true : undefined}
          aria-describedby="insp-base-ref-hint"
          value={text}
          disabled={running}
          spellCheck={false}
          autoComplete="off"
          placeholder="HEAD, a branch, tag, commit or HEAD~3"
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={(e) => e.target.select()}
          onClick={() => setOpen(true)}
          onBlur={() => void (open || text !== baseRef ? apply(text) : undefined)}
          onKeyDown={onKeyDown}
        />
        {checking && <span className="combo-status hint">checking…</span>}
        {open && options.length > 0 && (
          <ul className="combo-list" id={listId} role="listbox" aria-label="Branches, tags and recent commits">
            {options.map((o, i) => (
              <Option key={`${o.kind}:${o.value}`} option={o} id={`${listId}-${i}`} active={i === active} current={o.value === baseRef} onPick={apply} />
            ))}
          </ul>
        )}
      </div>
      <p className={`hint${refError ? ' hint-error' : ''}`} id="insp-base-ref-hint" role={refError ? 'alert' : undefined} data-testid="base-ref-hint">
        {refError
          ? `${refError.message} Still reading ${baseRef}.`
          : refsError
            ? `Branches and tags could not be listed: ${refsError.message}`
            : `${described ? `${described}. ` : ''}Folders are read at this commit; files you tick one by one use your working copy.`}
      </p>
    </div>
  );
}

function Option(props: { option: RefSuggestion; id: string; active: boolean; current: boolean; onPick(value: string): void }) {
  const { option: o, id, active, current } = props;
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      className={`combo-option${active ? ' is-active' : ''}${current ? ' is-current' : ''}`}
      data-value={o.value}
      data-kind={o.kind}
      title={o.detail ? `${o.value}: ${o.detail}` : o.value}
      // mousedown, not click: the input's blur must not apply the typed text first.
      onMouseDown={(e) => {
        e.preventDefault();
        void props.onPick(o.value);
      }}
    >
      <span className={`ref-kind ref-${o.kind}`}>{KIND_LABEL[o.kind]}</span>
      <span className="mono combo-name">{o.kind === 'commit' ? o.label : o.value.startsWith('refs/') ? o.value : o.label}</span>
      <span className="muted combo-detail">{o.detail}</span>
    </li>
  );
}
