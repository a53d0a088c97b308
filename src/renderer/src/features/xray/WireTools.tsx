import { Fragment } from 'react';
import type { WireToolServer, WireToolsReport, WireToolUsage } from '../../../../shared/contract/wire-tools';
import { formatUsd, LIST_PRICE } from '../../../../shared/cost/price';
import { formatInt } from '../../../../shared/format';
import { definitionUsdText, shareText, unusedServerText } from '../../../../shared/wire/tool-text';

const serverName = (s: string | null) => s ?? 'built-in';

/** An unused MCP server: what its definitions cost here, and each CLI's own command that removes it. */
function UnusedServer({ s }: { s: WireToolServer }) {
  return (
    <li data-server={s.server}>
      <strong>{s.server}</strong>: {unusedServerText(s)}.{' '}
      {s.remove.length ? (
        s.remove.map((c) => (
          <span key={c.agent} className="wire-tool-remove">
            <code data-testid="wire-tool-remove">{c.command}</code> <span className="muted">({c.note})</span>
          </span>
        ))
      ) : (
        <span className="muted">Remove it in the configuration of the CLI that loads it.</span>
      )}
    </li>
  );
}

function ToolRow({ t }: { t: WireToolUsage }) {
  return (
    <tr data-tool={t.name} data-server={t.server ?? ''}>
      <td className="wire-tool-name" title={t.deferred ? `${t.name}: loaded by ToolSearch, sent deferred` : t.name}>
        {t.name}
        {t.deferred && <span className="badge wire-tool-deferred">deferred</span>}
      </td>
      <td>{serverName(t.server)}</td>
      <td className="num" title={t.countKind === 'exact' ? 'exact count' : 'estimate'}>
        {t.requests ? `${formatInt(t.definitionTokens)}${t.countKind === 'exact' ? '' : ' ~'}` : '—'}
      </td>
      <td className="num">{formatInt(t.requests)}</td>
      <td className="num">{t.listed ? formatInt(t.listed) : '—'}</td>
      <td className="num">{formatInt(t.tokensSent)}</td>
      <td className="num">{formatInt(t.calls)}</td>
      <td className="num">{definitionUsdText(t.usd, t.requests)}</td>
      <td className="num">{shareText(t.share)}</td>
    </tr>
  );
}

/**
 * Tool definitions against their use in one wire session (issue 37): each
 * tool's definition tokens as sent, the requests that carried it, the calls
 * made, its list price and share of the session's; unused MCP servers with
 * the CLI's own command to remove them. Advice only: Loupe sends every
 * definition the CLI sends.
 */
export function WireTools({ report }: { report: WireToolsReport }) {
  if (report.tools.length === 0) return null;
  const unused = report.servers.filter((s) => s.unused);
  // Tools only listed by name (never sent, never called) are many with claude's ToolSearch: one line, not a row each.
  const rows = report.tools.filter((t) => t.requests > 0 || t.calls > 0);
  const namesOnly = report.tools.filter((t) => t.requests === 0 && t.calls === 0);
  const mcp = report.servers.filter((s) => s.server !== null);
  return (
    <section className="xray-panel wire-tools" data-testid="wire-tools">
      <h2>
        Tools ({formatInt(report.tools.length)}
        {mcp.length ? `, ${formatInt(mcp.length)} MCP server${mcp.length === 1 ? '' : 's'}` : ''})
      </h2>
      <p className="muted">
        Over this session’s {formatInt(report.requests)} request{report.requests === 1 ? '' : 's'} sent ({formatUsd(report.totalUsd)} {LIST_PRICE} for the {formatInt(report.priced)} priced): each definition as sent, priced where it sits in
        the request’s input (cache read, cache write or fresh; a deferred one at the request’s average). Loupe shows these; it never withholds a definition.
      </p>
      <table className="cost-table wire-tools-table">
        <thead>
          <tr>
            <th scope="col">tool</th>
            <th scope="col">server</th>
            <th scope="col">definition tokens</th>
            <th scope="col">requests</th>
            <th scope="col" title="Requests that listed the tool by name only, its definition not sent (claude’s ToolSearch)">by name only</th>
            <th scope="col">tokens sent</th>
            <th scope="col">calls</th>
            <th scope="col">list price</th>
            <th scope="col">cost share</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((t) => (
            <ToolRow key={t.name} t={t} />
          ))}
        </tbody>
      </table>
      {namesOnly.length > 0 && (
        <p className="wire-tools-names" data-testid="wire-tools-names">
          <strong>Listed by name only</strong> <span className="muted">(their definitions not sent; the CLI loads one when the model asks for it):</span>{' '}
          {namesOnly.map((t, i) => (
            <Fragment key={t.name}>
              {i > 0 && ', '}
              <span data-tool={t.name}>
                <code>{t.name}</code>
                {t.server ? ` (${t.server})` : ''} in {formatInt(t.listed)}
              </span>
            </Fragment>
          ))}
        </p>
      )}
      {unused.length > 0 && (
        <div className="wire-tools-unused" data-testid="wire-tools-unused">
          <p>
            <strong>Not called in this session</strong>
          </p>
          <ul>
            {unused.map((s) => (
              <UnusedServer key={s.server} s={s} />
            ))}
          </ul>
        </div>
      )}
      {report.notes.map((n) => (
        <p key={n} className="muted">
          {n}
        </p>
      ))}
    </section>
  );
}
