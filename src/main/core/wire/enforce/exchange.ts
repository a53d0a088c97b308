/**
 * One exchange per relayed request (issue 32, as mitmproxy passes one flow
 * through its addons): the request as the CLI sent it, its body parsed once
 * into the one request shape, the body as the stages leave it (what will be
 * forwarded), and each stage's result typed on it. The record is written
 * from it. No stage parses the body itself: the CLI's body through `sent()`,
 * the outgoing one through `outgoing()` (parsed once when a stage changed it,
 * else the same parse).
 */
import type { WireBudgetFacts, WireCheckFacts, WireEnforcement, WireEvictionFacts, WirePinFacts, WireSecretFacts, WireSpendFacts } from '../../../../shared/contract/wire';
import { takeCheckedJson } from '../decode/json-text';
import { bodyText, isModelCall, jsonObjectOfText, parseJsonBody, type ParsedRequest } from '../parse';
import type { RelayRequest } from '../relay';

/** A body read once: its text, its JSON (null: not a JSON object), its request shape (null: not a model call). */
export interface ParsedBody {
  readonly text: string;
  readonly json: Record<string, unknown> | null;
  /** Built on first read (the conversation's segments, hashes and previews cost more than the parse). */
  readonly parsed: ParsedRequest | null;
}

/** What the relay answers in place of forwarding (nothing reaches the provider). */
export interface ExchangeAnswer {
  status: number;
  message: string;
}

export interface WireExchange {
  /** The request as the CLI sent it (its body never changes). */
  readonly request: RelayRequest;
  /** Whether it is a model call of its provider's API (the only requests parsed as conversations and enforced). */
  readonly modelCall: boolean;
  /** The body as the stages so far left it: what the relay forwards. */
  body: Buffer;
  /**
   * The CLI's body, parsed once (null: empty or not a POST). Its `json` is the tree the rewriting
   * stages change in place as they change `body` (a later stage reads what the earlier left);
   * `parsed` is the conversation as the CLI sent it: its segment ids are the ones X-Ray shows and directs.
   */
  sent(): ParsedBody | null;
  /**
   * The outgoing bytes read: `sent()` while no stage changed the body (a stage that changes the
   * tree sets `body` too), else `body` parsed, once per body.
   */
  outgoingBody(): ParsedBody | null;
  /** `outgoingBody().parsed`: the outgoing request shape. */
  outgoing(): ParsedRequest | null;
  evictions?: WireEvictionFacts;
  pins?: WirePinFacts;
  secrets?: WireSecretFacts;
  budget?: WireBudgetFacts;
  spend?: WireSpendFacts;
  check?: WireCheckFacts;
  /** Set by the stage that answered the request itself. */
  answer?: ExchangeAnswer;
}

/**
 * A body's text and JSON, and (for a model call) its request shape, built on first use: the
 * stages before forwarding read only what they need (the secrets stage walks the JSON; the
 * segments are built when an eviction applies, or for the record after forwarding).
 */
function parseWhole(request: RelayRequest, body: Buffer, modelCall: boolean): ParsedBody | null {
  if (request.method !== 'POST' || body.length === 0) return null;
  // The relay's check of a model request's JSON already read it (decode/json-text.ts).
  const known = takeCheckedJson(body);
  const text = known?.text ?? bodyText(body);
  const json = known ? known.json : jsonObjectOfText(text);
  let parsed: ParsedRequest | null | undefined;
  // Once the tree is handed out a stage may change it (a redaction): the shape is then built from the bytes again, so it stays the CLI's.
  let handedOut = false;
  return {
    text,
    get json() {
      handedOut = true;
      return json;
    },
    get parsed() {
      if (parsed === undefined) {
        const tree = handedOut && json ? jsonObjectOfText(text) : json;
        parsed = tree && modelCall ? parseJsonBody(request.provider, request.endpoint, tree, body.length) : null;
      }
      return parsed;
    },
  };
}

/** A new exchange for `request`: nothing parsed yet (a stage that needs the body asks for it). */
export function createExchange(request: RelayRequest): WireExchange {
  const modelCall = isModelCall(request.provider, request.method, request.endpoint);
  let sent: ParsedBody | null | undefined;
  let out: { body: Buffer; read: ParsedBody | null } | null = null;
  const exchange: WireExchange = {
    request,
    modelCall,
    body: request.body,
    sent: () => (sent === undefined ? (sent = parseWhole(request, request.body, modelCall)) : sent),
    outgoingBody() {
      if (exchange.body === request.body) return exchange.sent();
      if (out?.body !== exchange.body) out = { body: exchange.body, read: parseWhole(request, exchange.body, modelCall) };
      return out.read;
    },
    outgoing: () => exchange.outgoingBody()?.parsed ?? null,
  };
  return exchange;
}

/** The facts of an exchange as its record stores them (a stage that had nothing to say leaves its key out). */
export function enforcementOf(exchange: WireExchange): WireEnforcement {
  const out: WireEnforcement = {};
  if (exchange.evictions) out.evictions = exchange.evictions;
  if (exchange.pins) out.pins = exchange.pins;
  if (exchange.secrets) out.secrets = exchange.secrets;
  if (exchange.budget) out.budget = exchange.budget;
  if (exchange.spend) out.spend = exchange.spend;
  if (exchange.check) out.check = exchange.check;
  return out;
}
