import { memo } from 'react';
import type { InspectedFile } from '../../../../shared/contract/context';
import { formatBytes, formatInt, formatTokensShort, plural } from '../../../../shared/format';
import { ChangeMark } from './ChangeMark';
import { HashButton } from '../../ui/HashButton';
import { PathLabel } from './PathLabel';

/** The badge naming where a file's content comes from. */
export function SourceBadge({ source }: { source: InspectedFile['source'] }) {
  return source === 'working-copy' ? (
    <span className="badge badge-wc" data-testid="source-badge" data-source="working-copy" title="Your current file on disk">
      working copy
    </span>
  ) : (
    <span className="badge badge-base" data-testid="source-badge" data-source="base" title="The version in the base commit">
      base
    </span>
  );
}

interface ResultRowProps {
  file: InspectedFile;
  /** The exact column's encoding; null when the model has no public tokenizer (no column). */
  encoding: string | null;
  /** The file's exact count: a number, counting (undefined), or not held (null). Plain values, so a memoized row re-renders only when its own count changes. */
  count: number | null | undefined;
  index: number;
  active: boolean;
  focused: boolean;
  onSelect(path: string, index: number): void;
}

/** One inspected file; selecting it opens its preview beneath. Memoized: with 200 rows only the changed ones re-render. */
export const ResultRow = memo(function ResultRow({ file, encoding, count, index, active, focused, onSelect }: ResultRowProps) {
  return (
    <tr
      className={active ? 'is-active' : undefined}
      aria-selected={active}
      aria-expanded={active}
      tabIndex={focused ? 0 : -1}
      data-testid="result-row"
      data-index={index}
      data-path={file.path}
      data-source={file.source}
      onClick={() => onSelect(file.path, index)}
    >
      <td className="col-mark">
        <ChangeMark change={file.change} />
      </td>
      <td className="col-path">
        <PathLabel path={file.path} />
      </td>
      <td>
        <SourceBadge source={file.source} />
      </td>
      <td className="col-hash">
        <HashButton sha256={file.sha256} tabbable={focused} />
      </td>
      <td className="num" title={`${formatInt(file.bytes)} bytes`}>
        {formatBytes(file.bytes)}
      </td>
      <td className="num" title={`About ${formatInt(file.approxTokens)} tokens (estimate: bytes ÷ 4; ${file.textKind})`}>
        {formatTokensShort(file.approxTokens)}
      </td>
      {encoding && (
        <td className="num" data-testid="exact-cell" title={count === undefined ? `Counting with ${encoding}…` : count === null ? 'Loupe no longer holds this text: inspect again' : `${formatInt(count)} tokens, exact (${encoding})`}>
          {count === undefined ? <span className="muted">…</span> : count === null ? <span className="muted">—</span> : formatInt(count)}
        </td>
      )}
      <td className="num">
        {file.redactions > 0 ? (
          <span className="redacted" title={`${plural(file.redactions, 'secret')} hidden in the preview`}>
            {formatInt(file.redactions)}
          </span>
        ) : (
          <span className="muted">0</span>
        )}
      </td>
    </tr>
  );
});
