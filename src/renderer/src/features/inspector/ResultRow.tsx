import { memo } from 'react';
import type { InspectedFile } from '../../../../shared/contract/context';
import { formatBytes, formatInt, formatTokensShort, plural } from '../../../../shared/format';
import { HashButton } from './HashButton';

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
  index: number;
  active: boolean;
  focused: boolean;
  onSelect(path: string, index: number): void;
}

/** One inspected file. Memoized: with 200 rows only the changed ones re-render. */
export const ResultRow = memo(function ResultRow({ file, index, active, focused, onSelect }: ResultRowProps) {
  return (
    <tr
      className={active ? 'is-active' : undefined}
      aria-selected={active}
      tabIndex={focused ? 0 : -1}
      data-testid="result-row"
      data-index={index}
      data-path={file.path}
      data-source={file.source}
      onClick={() => onSelect(file.path, index)}
    >
      <td className="col-mark">
        {file.modified && (
          <span
            className="wc-mark wc-modified"
            title="Modified: the working copy differs from the base commit"
            aria-label="modified"
            data-testid="modified-mark"
          >
            M
          </span>
        )}
      </td>
      <td className="col-path">
        <span className="mono path-text" title={file.path}>
          {file.path}
        </span>
      </td>
      <td>
        <SourceBadge source={file.source} />
      </td>
      <td>
        <HashButton sha256={file.sha256} tabbable={focused} />
      </td>
      <td className="num" title={`${formatInt(file.bytes)} bytes`}>
        {formatBytes(file.bytes)}
      </td>
      <td className="num" title={`About ${formatInt(file.approxTokens)} tokens (bytes ÷ 4)`}>
        {formatTokensShort(file.approxTokens)}
      </td>
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
