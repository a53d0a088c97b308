import { useShallow } from 'zustand/react/shallow';
import { shortHash } from '../../../../shared/format';
import { useInspector } from './store';

/** Picks the committed base the tree and folder selections are read from. */
export function BaseRefPicker() {
  const { refs, refsError, baseRef, running } = useInspector(
    useShallow((s) => ({ refs: s.refs, refsError: s.refsError, baseRef: s.baseRef, running: s.running })),
  );
  const setBaseRef = useInspector((s) => s.setBaseRef);

  const headLabel = refs
    ? `HEAD (${refs.branch ?? 'detached'}${refs.head ? ` · ${shortHash(refs.head)}` : ''})`
    : 'HEAD';
  const known =
    baseRef === 'HEAD' ||
    !!refs?.branches.some((b) => b.name === baseRef) ||
    !!refs?.tags.some((t) => t.name === baseRef) ||
    !!refs?.commits.some((c) => c.commit === baseRef);

  return (
    <div className="insp-field">
      <label htmlFor="insp-base-ref">Base ref</label>
      <select
        id="insp-base-ref"
        data-testid="base-ref"
        value={baseRef}
        disabled={running}
        onChange={(e) => setBaseRef(e.target.value)}
      >
        <option value="HEAD">{headLabel}</option>
        {!known && <option value={baseRef}>{baseRef}</option>}
        {refs && refs.branches.length > 0 && (
          <optgroup label="Branches">
            {refs.branches.map((b) => (
              <option key={`b:${b.name}`} value={b.name}>
                {b.name} · {shortHash(b.commit)}
              </option>
            ))}
          </optgroup>
        )}
        {refs && refs.tags.length > 0 && (
          <optgroup label="Tags">
            {refs.tags.map((t) => (
              <option key={`t:${t.name}`} value={t.name}>
                {t.name} · {shortHash(t.commit)}
              </option>
            ))}
          </optgroup>
        )}
        {refs && refs.commits.length > 0 && (
          <optgroup label="Recent commits">
            {refs.commits.map((c) => (
              <option key={`c:${c.commit}`} value={c.commit} title={`${c.author}, ${c.date}`}>
                {shortHash(c.commit)} {c.subject.length > 60 ? `${c.subject.slice(0, 59)}…` : c.subject}
              </option>
            ))}
          </optgroup>
        )}
      </select>
      <p className="hint">
        {refsError
          ? `Branches and tags could not be listed: ${refsError.message}`
          : 'Folders are read at this commit; files you select one by one use your working copy.'}
      </p>
    </div>
  );
}
