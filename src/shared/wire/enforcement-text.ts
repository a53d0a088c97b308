/**
 * Enforcement on the wire in words: the message a blocked CLI shows, and the
 * warnings a run and a wire session show. One wording for the relay, the
 * evidence, the CLI and the app. Pure.
 */
import type { StepWireBlock } from '../contract/runs';
import type { RequestExceeded, WireBudgetFacts, WireEnforcement, WireSpendFacts, WireWarning } from '../contract/wire';
import { formatUsd } from '../cost/price';
import { formatInt } from '../format';

/** "about 182,300 tokens" (an estimate) or "182,300 tokens" (exact); "2,345,678 bytes". */
function amount(e: RequestExceeded, facts: WireBudgetFacts): string {
  if (e.ceiling === 'maxRequestBytes') return `${formatInt(e.actual)} bytes`;
  return `${facts.tokens?.kind === 'exact' ? '' : 'about '}${formatInt(e.actual)} tokens`;
}

const ceilingText = (e: RequestExceeded) => (e.ceiling === 'maxRequestBytes' ? `${formatInt(e.limit)}-byte` : `${formatInt(e.limit)}-token`);

/**
 * "about 182,300 tokens, over your 150,000-token request ceiling" (every ceiling exceeded, joined);
 * an image that could not be measured is said as such: "about 1,200 tokens and 1 image that could not be measured, …".
 */
export function exceededText(facts: WireBudgetFacts): string {
  return facts.exceeded
    .map((e) => {
      if (!e.unknownImages) return `${amount(e, facts)}, over your ${ceilingText(e)} request ceiling`;
      const images = e.unknownImages === 1 ? '1 image whose size could not be measured' : `${formatInt(e.unknownImages)} images whose size could not be measured`;
      return `${amount(e, facts)} and ${images}, counted as over your ${ceilingText(e)} request ceiling`;
    })
    .join('; and ');
}

/** What the CLI shows when the relay answers a request over a `block` ceiling itself. */
export function blockMessage(facts: WireBudgetFacts): string {
  return `Loupe blocked this request: ${exceededText(facts)}; raise it or evict segments in X-Ray.`;
}

/** "$1.02 (list price), over your $1.00 session spend ceiling" for every spend ceiling the request would cross. */
export function spendText(f: WireSpendFacts): string {
  return f.exceeded
    .map((e) =>
      e.ceiling === 'maxUsd'
        ? `${formatUsd(e.would)} at list price with this request (spent ${formatUsd(f.spentUsd)}), over your ${formatUsd(e.limit)} ${f.scope} spend ceiling`
        : `${formatInt(e.would)} tokens with this request (spent ${formatInt(f.spentTokens)}), over your ${formatInt(e.limit)}-token ${f.scope} spend ceiling`,
    )
    .join('; and ');
}

/** What the CLI shows when the relay answers a request that would cross a `block` spend ceiling. */
export function spendBlockMessage(f: WireSpendFacts): string {
  return `Loupe blocked this request: ${spendText(f)}. Nothing was sent; raise the spend budget to go on.`;
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
  out.push(...pinWarnings(sessionId, seq, e, refused));
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
  const spend = e.spend;
  if (spend && spend.verdict !== 'within') {
    out.push({
      sessionId,
      seq,
      kind: 'spend-budget',
      action: spend.verdict,
      text: spend.verdict === 'block' ? `Request ${seq} blocked: ${spendText(spend)}. Nothing was sent to the provider.` : `Request ${seq}: ${spendText(spend)} (warn): sent.`,
    });
  }
  return out;
}

/**
 * Pinned segments the CLI's compaction dropped, in one warning per request (a run lists them by
 * request and kind): the ones the outgoing check found re-sent in a request that left (`restore`),
 * and the ones Loupe could not put back (`warn`: their content is not in its memory, or the
 * request had no place for them).
 */
function pinWarnings(sessionId: string, seq: number, e: WireEnforcement, refused: boolean): WireWarning[] {
  const pins = e.pins;
  if (!pins) return [];
  const confirmed = new Set(e.check?.reinserted ?? []);
  const resent = refused ? [] : pins.reinserted.filter((r) => confirmed.has(r.id));
  const said: string[] = [];
  for (const r of resent) said.push(`pinned segment ${r.id} re-sent after the CLI's compaction dropped it (${formatInt(r.bytes)} bytes, a labelled block)`);
  for (const u of pins.unavailable) {
    const why =
      u.reason === 'not-in-memory'
        ? 'its content is not in this Loupe process’s memory (Loupe keeps no prompt bodies on disk; it was restarted, or the segment was sent under another `loupe` command), so it was not re-sent'
        : 'the request had no place Loupe could put it back without breaking the conversation, so it was not re-sent';
    said.push(`the CLI's compaction dropped pinned segment ${u.id}; ${why}`);
  }
  if (!said.length) return [];
  return [{ sessionId, seq, kind: 'pins', action: pins.unavailable.length ? 'warn' : 'restore', text: `Request ${seq}: ${said.join('; ')}.` }];
}

/** A step's message for a blocked request, whichever budget blocked it. */
function blockedStepText(seq: number, facts: WireEnforcement | Record<string, unknown>): string {
  const e = facts as WireEnforcement;
  if (e.spend?.verdict === 'block') return `Blocked on the wire by the spend budget: request ${seq} would have made ${spendText(e.spend)}. Loupe answered it itself; nothing was sent to the provider.`;
  return e.budget ? wireBlockStepText(seq, e.budget) : `Blocked on the wire: request ${seq} was not sent. Loupe answered it itself; nothing was sent to the provider.`;
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
  if (block.facts.spend?.verdict === 'block') return blockedStepText(block.seq, block.facts);
  const why = block.facts.check && !block.facts.check.ok ? `the outgoing check failed: ${block.facts.check.failures.join('; ')}` : block.reason;
  return `Blocked on the wire: request ${block.seq} was not sent (${why}). Loupe answered it itself; nothing was sent to the provider.`;
}

/** A warning's one-word label: blocked, redacted, re-sent or warning. */
export function warningLabel(w: Pick<WireWarning, 'action'>): string {
  return w.action === 'block' ? 'blocked' : w.action === 'redact' ? 'redacted' : w.action === 'restore' ? 're-sent' : 'warning';
}

/** A step's evidence of the request its relay blocked: which request, its size, the ceilings it went over. */
export function stepWireBlock(sessionId: string, seq: number, facts: WireBudgetFacts): StepWireBlock {
  return { sessionId, seq, bytes: facts.bytes, tokens: facts.tokens, exceeded: facts.exceeded };
}
