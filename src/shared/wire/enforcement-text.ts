/**
 * Enforcement on the wire in words: the message a blocked CLI shows, and the
 * warnings a run and a wire session show. One wording for the relay, the
 * evidence, the CLI and the app. Pure.
 */
import type { RequestExceeded, WireBudgetFacts, WireEnforcement, WireWarning } from '../contract/wire';
import { formatInt } from '../format';

/** "about 182,300 tokens" (an estimate) or "182,300 tokens" (exact); "2,345,678 bytes". */
function amount(e: RequestExceeded, facts: WireBudgetFacts): string {
  if (e.ceiling === 'maxRequestBytes') return `${formatInt(e.actual)} bytes`;
  return `${facts.tokens?.kind === 'exact' ? '' : 'about '}${formatInt(e.actual)} tokens`;
}

const ceilingText = (e: RequestExceeded) => (e.ceiling === 'maxRequestBytes' ? `${formatInt(e.limit)}-byte` : `${formatInt(e.limit)}-token`);

/** "about 182,300 tokens, over your 150,000-token request ceiling" (every ceiling exceeded, joined). */
export function exceededText(facts: WireBudgetFacts): string {
  return facts.exceeded.map((e) => `${amount(e, facts)}, over your ${ceilingText(e)} request ceiling`).join('; and ');
}

/** What the CLI shows when the relay answers a request over a `block` ceiling itself. */
export function blockMessage(facts: WireBudgetFacts): string {
  return `Loupe blocked this request: ${exceededText(facts)}; raise it or evict segments in X-Ray.`;
}

const secretsFailed = (e: WireEnforcement) => e.secrets?.error !== undefined;

/** The warnings one request's enforcement facts call for, in the order the stages ran. */
export function warningsOf(sessionId: string, seq: number, e: WireEnforcement | null | undefined): WireWarning[] {
  const out: WireWarning[] = [];
  if (!e) return out;
  // Said from what left: a request the relay refused (a block ceiling, a failed check or scan) sent nothing.
  const refused = e.budget?.verdict === 'block' || e.check?.ok === false || secretsFailed(e);
  const secrets = e.secrets;
  if (secrets?.found.length) {
    const kinds = [...new Set(secrets.found.map((f) => f.kind))].join(', ');
    const where = [...new Set(secrets.found.map((f) => f.where))].join(', ');
    const n = secrets.found.length;
    out.push({
      sessionId,
      seq,
      kind: 'secret',
      action: secrets.mode === 'redact' ? 'redact' : 'warn',
      text:
        `Request ${seq} carried ${n === 1 ? 'a recognised secret' : `${n} recognised secrets`} (${kinds}) in ${where}: ` +
        (refused
          ? 'not sent: Loupe refused the request.'
          : secrets.mode === 'redact'
            ? 'replaced before it was sent.'
            : 'sent to the provider (set secrets on the wire to redact to replace them).'),
    });
  }
  const check = e.check;
  if (check && !check.ok) {
    out.push({
      sessionId,
      seq,
      kind: 'outgoing-check',
      action: 'block',
      text: `Request ${seq} blocked: its outgoing body failed Loupe's check (${check.failures.join('; ')}). Nothing was sent to the provider.`,
    });
  }
  const budget = e.budget;
  if (budget && budget.verdict !== 'within') {
    out.push({
      sessionId,
      seq,
      kind: 'request-budget',
      action: budget.verdict,
      text:
        budget.verdict === 'block'
          ? `Request ${seq} blocked: ${exceededText(budget)}. Nothing was sent to the provider.`
          : `Request ${seq} is ${exceededText(budget)} (warn): sent.`,
    });
  }
  return out;
}

/** A step's message when the relay blocked one of its requests: the request, its size, the ceiling. */
export function wireBlockStepText(seq: number, facts: WireBudgetFacts): string {
  return `Blocked on the wire by the request budget: request ${seq} was ${exceededText(facts)}. Loupe answered it itself; nothing was sent to the provider.`;
}

/**
 * A step's message for any request the relay refused: the request budget's
 * wording for a block ceiling, else the refusal's own reason (a failed
 * outgoing check, a secrets scan that failed in redact mode).
 */
export function wireRefusalStepText(block: { seq: number; facts: WireEnforcement; reason: string }): string {
  if (block.facts.budget?.verdict === 'block') return wireBlockStepText(block.seq, block.facts.budget);
  const why = block.facts.check && !block.facts.check.ok ? `the outgoing check failed: ${block.facts.check.failures.join('; ')}` : block.reason;
  return `Blocked on the wire: request ${block.seq} was not sent (${why}). Loupe answered it itself; nothing was sent to the provider.`;
}

/** A warning's one-word label: blocked, redacted or warning. */
export function warningLabel(w: Pick<WireWarning, 'action'>): string {
  return w.action === 'block' ? 'blocked' : w.action === 'redact' ? 'redacted' : 'warning';
}
