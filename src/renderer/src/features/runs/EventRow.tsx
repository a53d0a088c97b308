import { memo } from 'react';
import type { EventItem } from './event-log';
import { stepKindText } from './run-text';
import { warningLabel } from '../../../../shared/wire/enforcement-text';

/** A tool call's input in one line: the file it reads, the command it runs, or its JSON. */
function inputSummary(input: unknown): string {
  if (input === undefined) return '';
  if (input && typeof input === 'object') {
    const o = input as Record<string, unknown>;
    for (const k of ['file_path', 'path', 'command', 'pattern', 'url', 'query']) if (typeof o[k] === 'string') return o[k] as string;
  }
  const json = (JSON.stringify(input) as string | undefined) ?? ''; // undefined for undefined
  return json.length > 160 ? `${json.slice(0, 159)}…` : json;
}

const firstLine = (text: string) => {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
};

/** One item of a run's output, drawn once and again only when that item changes. */
export const EventRow = memo(function EventRow({ item }: { item: EventItem }) {
  switch (item.kind) {
    case 'step':
      return (
        <div className="ev ev-step" data-ev="step" data-outcome={item.step.outcome}>
          Step {item.step.ordinal} · {stepKindText(item.step)} · {item.step.outcome}
        </div>
      );
    case 'session':
      return (
        <div className="ev ev-meta hint" data-ev="session">
          Session <span className="mono">{item.sessionId}</span>
          {item.model ? ` · model ${item.model}` : ''}
          {item.cliVersion ? ` · CLI ${item.cliVersion}` : ''}
        </div>
      );
    case 'text':
      return (
        <div className={item.sub ? 'ev ev-text ev-sub' : 'ev ev-text'} data-ev="text">
          {item.text}
        </div>
      );
    case 'thinking':
      return (
        <details className="ev ev-thinking" data-ev="thinking">
          <summary>Thinking · {firstLine(item.text)}</summary>
          <div className="ev-body">{item.text}</div>
        </details>
      );
    case 'tool':
      return (
        <details className={`ev ev-tool${item.sub ? ' ev-sub' : ''}${item.result?.isError ? ' is-error' : ''}`} data-ev="tool" data-done={item.result ? 'true' : 'false'}>
          <summary>
            <span className="ev-tool-name">{item.name}</span> <span className="mono ev-tool-input" title={inputSummary(item.input)}>
              <bdi>{inputSummary(item.input)}</bdi>
            </span>
            <span className="hint ev-tool-state">{item.result ? (item.result.isError ? ' · failed' : ' · done') : ' · running…'}</span>
          </summary>
          {item.input !== undefined && <pre className="ev-pre">{JSON.stringify(item.input, null, 2)}</pre>}
          {item.result && <pre className={item.result.isError ? 'ev-pre ev-error-text' : 'ev-pre'}>{item.result.output || '(no output)'}</pre>}
        </details>
      );
    case 'wire':
      return (
        <div className={`ev ev-wire ev-wire-${item.warning.action}`} role="status" data-ev="wire" data-action={item.warning.action} data-testid="wire-warning">
          <span className="ev-wire-label">On the wire · {warningLabel(item.warning)}</span> {item.warning.text}
        </div>
      );
    case 'error':
      return (
        <div className="ev ev-error" role="alert" data-ev="error">
          {item.message}
        </div>
      );
    case 'raw':
      return (
        <pre className={`ev ev-pre ev-raw ev-raw-${item.stream}`} data-ev="raw" data-stream={item.stream}>
          {item.text}
        </pre>
      );
    case 'result':
      return item.ok ? (
        <div className="ev ev-meta ev-result-ok" data-ev="result">
          The agent reported the turn done.
        </div>
      ) : (
        <div className="ev ev-error" role="alert" data-ev="result">
          The agent reported a failure{item.message ? `: ${item.message}` : '.'}
        </div>
      );
  }
});
