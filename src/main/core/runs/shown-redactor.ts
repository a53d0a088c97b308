import type { AgentEvent } from '../../../shared/contract/agent-events';
import { redactSecrets } from '../secrets';
import { mayContainSecret } from '../secrets/keywords';

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
