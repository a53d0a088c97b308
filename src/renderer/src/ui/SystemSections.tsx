import type { GovernanceTier, Provenance, SystemSection } from '../../../shared/contract/xray';
import { formatInt, shortHash } from '../../../shared/format';
import { countSuffix } from '../../../shared/xray/meter';

const TIER: Record<GovernanceTier, string> = { required: 'required', inherited: 'inherited', user: 'yours' };
const PROVENANCE: Record<Provenance, string> = {
  'framework-core': 'Loupe',
  'runtime-context': 'runtime',
  template: 'preset',
  organization: 'repository',
  personal: 'you',
  memory: 'memory',
  tools: 'CLI tools',
};

/**
 * What the model receives besides the conversation, each with where it came
 * from (provenance), who governs it (tier), its size with the count's kind,
 * hash and redacted preview. Display only: nothing here can be pinned,
 * evicted, summarized or edited, and no control suggests otherwise.
 */
export function SystemSections({ sections, heading = 'System' }: { sections: readonly SystemSection[]; heading?: string }) {
  return (
    <section className="xray-panel system-sections" aria-labelledby="system-sections-title">
      <h2 id="system-sections-title">
        {heading} <span className="hint">display only · {sections.length} sections</span>
      </h2>
      <ul className="sys-list">
        {sections.map((s) => (
          <li key={s.id} className={`sys-item tier-${s.tier}`} data-section-id={s.id} data-tier={s.tier}>
            <span className={`sys-swatch sm-system-${s.tier}`} aria-hidden />
            <div className="sys-main">
              <div className="sys-line">
                <strong className="sys-title">{s.title}</strong>
                <span className={`seg-badge tier-badge-${s.tier}`}>{TIER[s.tier]}</span>
                <span className="seg-badge">{s.loadedBy === 'cli' && s.provenance === 'framework-core' ? 'the CLI’s own prompt' : PROVENANCE[s.provenance]}</span>
                {s.loadedBy === 'cli' && <span className="seg-badge cli-badge">loaded by the CLI</span>}
                {s.preset && (
                  <span className="hint">
                    preset “{s.preset.name}” rev. {s.preset.revision}
                  </span>
                )}
              </div>
              {s.preview && <p className="sys-preview mono">{s.preview}</p>}
              {s.note && <p className="hint sys-note">{s.note}</p>}
            </div>
            <div className="sys-size">
              {s.tokens ? (
                <span>
                  {s.tokens.kind === 'estimate' ? '≈ ' : ''}
                  {formatInt(s.tokens.tokens)} <span className="seg-kind-note">{countSuffix(s.tokens.kind, s.tokens.encoding)}</span>
                </span>
              ) : (
                <span className="muted">size unknown</span>
              )}
              {s.sha256 && <span className="hint mono" title={s.sha256}>{shortHash(s.sha256)}</span>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
