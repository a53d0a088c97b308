import type { AttachmentResult } from '../../../../shared/contract/context';
import { formatBytes, formatTokensShort } from '../../../../shared/format';

const KIND_LABEL: Record<AttachmentResult['kind'], string> = { text: 'text', image: 'image', binary: 'binary' };

/** Attachments as the host estimated them (name and size only; tokens unknown for images and binaries). */
export function AttachmentResults({ attachments }: { attachments: AttachmentResult[] }) {
  if (attachments.length === 0) return null;
  return (
    <section className="insp-section" data-testid="attachment-results" aria-labelledby="insp-att-title">
      <h3 id="insp-att-title">Attachments ({attachments.length})</h3>
      <table className="result-table compact">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Kind</th>
            <th scope="col" className="num">
              Size
            </th>
            <th scope="col" className="num">
              Tokens (approx.)
            </th>
          </tr>
        </thead>
        <tbody>
          {attachments.map((a, i) => (
            <tr key={`${i}:${a.name}`} data-testid="attachment-result" data-kind={a.kind}>
              <td className="mono path-text">{a.name}</td>
              <td>
                <span className={`pill kind-${a.kind}`}>{KIND_LABEL[a.kind]}</span>
              </td>
              <td className="num">{formatBytes(a.size)}</td>
              <td className="num" title={a.approxTokens === null ? 'Not estimated for images and binaries' : undefined}>
                {formatTokensShort(a.approxTokens)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
