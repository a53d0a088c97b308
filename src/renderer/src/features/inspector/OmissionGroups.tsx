import { memo, useMemo } from 'react';
import type { INSPECT_LIMITS, Omission } from '../../../../shared/contract/context';
import { formatBytes, formatMaybeBytes, plural } from '../../../../shared/format';
import { groupOmissions, type OmissionGroup } from '../../../../shared/omission-text';

/** Items listed before the rest of a group folds under "N more". */
const SHOWN = 12;

function OmissionItems({ items }: { items: Omission[] }) {
  return (
    <ul className="omit-items">
      {items.map((o, i) => (
        <li key={`${i}:${o.path}`} data-testid="omission" data-path={o.path} data-reason={o.reason}>
          <span className="mono path-text" title={o.path}>
            {o.path}
          </span>
          <span className="muted">{formatMaybeBytes(o.bytes)}</span>
        </li>
      ))}
    </ul>
  );
}

function sizeSummary(g: OmissionGroup): string {
  if (g.unknownCount === g.items.length) return 'size unknown';
  const known = formatBytes(g.knownBytes);
  return g.unknownCount > 0 ? `${known} + ${g.unknownCount} of unknown size` : known;
}

/** What is left out, grouped by reason, each with one plain sentence. */
export const OmissionGroups = memo(function OmissionGroups({
  omissions,
  limits,
}: {
  omissions: Omission[];
  limits: typeof INSPECT_LIMITS;
}) {
  const groups = useMemo(() => groupOmissions(omissions, limits), [omissions, limits]);
  if (groups.length === 0) return null;
  return (
    <section className="insp-section" data-testid="omissions" aria-labelledby="insp-omissions-title">
      <h3 id="insp-omissions-title">Left out ({omissions.length})</h3>
      <div className="omit-groups">
        {groups.map((g) => (
          <div key={g.reason} className={`omit-group omit-${g.reason}`} data-testid="omission-group" data-reason={g.reason}>
            <div className="omit-head">
              <strong>{g.title}</strong>
              <span className="pill">{plural(g.items.length, 'file')}</span>
              <span className="spacer" />
              <span className="muted">{sizeSummary(g)}</span>
            </div>
            <p className="omit-sentence">{g.sentence}</p>
            <OmissionItems items={g.items.slice(0, SHOWN)} />
            {g.items.length > SHOWN && (
              <details>
                <summary>{plural(g.items.length - SHOWN, 'more')}</summary>
                <OmissionItems items={g.items.slice(SHOWN)} />
              </details>
            )}
          </div>
        ))}
      </div>
    </section>
  );
});
