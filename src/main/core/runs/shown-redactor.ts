import type { AgentEvent } from '../../../shared/contract/agent-events';
import { redactSecrets } from '../secrets';
import { mayContainSecret } from '../secrets/keywords';

/** Joins a result's answer and message for one scan; no secret pattern spans a NUL line. */
const SPLIT = '\n\u0000\n';

/** The text of an agent event that the run view shows, or null for events without one. */
function shownText(event: AgentEvent): string | null {
  switch (event.type) {
    case 'text':
    case 'thinking':
    case 'raw':
      return event.text;
    case 'tool-result':
      return event.output;
    case 'error':
      return event.message;
    case 'result':
      // The answer and the failure message in one text, split again by withText.
      return event.text === undefined && event.message === undefined ? null : `${event.text ?? ''}${SPLIT}${event.message ?? ''}`;
    default:
      return null;
  }
}

function withText(event: AgentEvent, text: string): AgentEvent {
  switch (event.type) {
    case 'text':
    case 'thinking':
    case 'raw':
      return { ...event, text };
    case 'tool-result':
      return { ...event, output: text };
    case 'error':
      return { ...event, message: text };
    case 'result': {
      const at = text.indexOf(SPLIT);
      const answer = at < 0 ? text : text.slice(0, at);
      const message = at < 0 ? '' : text.slice(at + SPLIT.length);
      return { ...event, ...(event.text !== undefined ? { text: answer } : {}), ...(event.message !== undefined ? { message } : {}) };
    }
    default:
      return event;
  }
}

/** What replaces a text Loupe could not check: it fails closed. */
const UNCHECKED = '[output hidden: Loupe could not check it for secrets]';

/**
 * Agent events on their way to the run view and its record, with recognised
 * secrets hidden as the previews hide them: a file the agent read or a
 * command's output shows `[redacted …]`, never the value. The agent itself
 * already saw what it read; what is hidden here is what a screen, a screenshot
 * or the recorded run would show. Most events hold no rule's keyword and pass
 * through at once; the rest are scanned (asynchronously) and every event keeps
 * its order. `drain()` resolves once all pushed events are delivered.
 */
export class ShownRedactor {
  private chain: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly deliver: (event: AgentEvent) => void) {}

  push(event: AgentEvent): void {
    const text = shownText(event);
    if (this.waiting === 0 && (text === null || !mayContainSecret(text))) {
      this.deliver(event);
      return;
    }
    this.waiting++;
    this.chain = this.chain.then(async () => {
      try {
        if (text === null || !mayContainSecret(text)) this.deliver(event);
        else {
          let shown = UNCHECKED;
          try {
            shown = (await redactSecrets(text)).text;
          } catch {
            // Keep UNCHECKED: never show a text whose check failed.
          }
          this.deliver(withText(event, shown));
        }
      } finally {
        this.waiting--;
      }
    }).catch(() => {
      // A subscriber that threw lost this event only; later events still flow.
    });
  }

  drain(): Promise<void> {
    return this.chain;
  }
}

/** What the relay's path secret is shown as in the run. */
export const RELAY_SECRET_SHOWN = '[loupe-relay-secret]';

/**
 * The event with every occurrence of `literal` replaced: the relay's path
 * secret, which a CLI's error quotes with its base URL (codex: "unexpected
 * status 404 …, url: http://127.0.0.1:P/<secret>/openai/responses"), never
 * reaches the run's record.
 */
export function withoutLiteral(event: AgentEvent, literal: string, replacement = RELAY_SECRET_SHOWN): AgentEvent {
  const text = shownText(event);
  if (!literal || text === null || !text.includes(literal)) return event;
  return withText(event, text.split(literal).join(replacement));
}

/** A text with the relay's secret hidden (a step's failure message). */
export function hideRelaySecret(text: string, secret: string | null): string {
  return secret ? text.split(secret).join(RELAY_SECRET_SHOWN) : text;
}
