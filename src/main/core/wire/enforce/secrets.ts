/**
 * Recognised secrets on the wire (loop.wireSecrets): every text of a
 * request's conversation (tool results, file reads, user text, tool calls) is
 * scanned with Loupe's secret patterns, the same as the previews. A secret
 * first seen in a request is recorded (kind, where, the hash of the text that
 * held it; never the value). `redact` also replaces every matched span before
 * the request is forwarded, in this request and in every later one that
 * carries the same content again (a CLI resends its whole history each time).
 *
 * Each session remembers, by sha256, the texts it has scanned: a text seen
 * before is not scanned again (most of a request is the history the previous
 * one carried), so the cost per request follows its new content.
 */
import { createHash } from 'node:crypto';
import type { WireSecretFacts, WireSecretFinding } from '../../../../shared/contract/wire';
import type { WireSecretsMode } from '../../../../shared/contract/run-limits';
import { applyRedactions, findSecrets } from '../../secrets';
import type { SecretSpan } from '../../secrets/redact';
import { obj } from '../../conversation/fields';
import { BLOCK_STATUS } from '../providers';
import type { GuardStage, WireStage } from './chain';

/** Where the conversation is in each API's body: everything a CLI adds to turn after turn. */
const CONVERSATION_KEYS = ['messages', 'input', 'contents'] as const;
/**
 * Keys whose strings are never content: structure, ids, and what the provider
 * signs or encrypts (a changed thinking block or signature is refused), and
 * inline binary data (images as base64).
 */
const SKIP_KEYS = new Set(['type', 'role', 'id', 'tool_use_id', 'call_id', 'name', 'signature', 'encrypted_content', 'data', 'thoughtSignature', 'media_type', 'mimeType', 'status']);
/** Findings listed per request; the rest are counted. */
const MAX_FOUND = 50;
/** Texts remembered per session before the memory starts again (a bound, not a cache size that matters). */
const MAX_REMEMBERED = 200_000;

/** One string of the body, with how to put a new value in its place. */
export interface Leaf {
  text: string;
  where: string;
  set(value: string): void;
}

/** "a tool result", "user text", "a tool call", … from the nearest block that says what it is. */
function whereOf(block: Record<string, unknown> | null, role: string | null, key: string): string {
  const type = typeof block?.type === 'string' ? block.type : null;
  if (type === 'tool_result' || type === 'function_call_output' || type === 'custom_tool_call_output' || key === 'functionResponse') return 'a tool result';
  if (type === 'tool_use' || type === 'function_call' || type === 'custom_tool_call' || key === 'functionCall') return 'a tool call';
  if (role === 'assistant' || role === 'model') return 'assistant text';
  return 'user text';
}

/** Every content string under `value`, depth first, skipping structure and signed parts. */
function collect(value: unknown, out: Leaf[], ctx: { block: Record<string, unknown> | null; role: string | null; key: string }, set: (v: string) => void): void {
  if (typeof value === 'string') {
    if (value.length >= 8) out.push({ text: value, where: whereOf(ctx.block, ctx.role, ctx.key), set });
    return;
  }
  if (Array.isArray(value)) {
    value.forEach((v, i) => collect(v, out, ctx, (x) => (value[i] = x)));
    return;
  }
  if (!value || typeof value !== 'object') return;
  const o = value as Record<string, unknown>;
  // A model's own reasoning is signed (Anthropic thinking, Gemini thought parts): left as it is.
  if (o.type === 'thinking' || o.type === 'redacted_thinking' || o.type === 'reasoning' || o.thought === true) return;
  const role = typeof o.role === 'string' ? o.role : ctx.role;
  const block = typeof o.type === 'string' || 'functionResponse' in o || 'functionCall' in o ? o : ctx.block;
  for (const [k, v] of Object.entries(o)) {
    if (SKIP_KEYS.has(k)) continue;
    collect(v, out, { block, role, key: k === 'functionResponse' || k === 'functionCall' ? k : ctx.key }, (x) => (o[k] = x));
  }
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Every content string of a request's conversation (the tree is changed in place through each leaf's `set`). */
export function conversationLeaves(root: Record<string, unknown>): Leaf[] {
  const leaves: Leaf[] = [];
  // Code Assist (gemini signed in with Google) wraps the Gemini request in `request`.
  const at = Object.keys(obj(root.request)).length && !('contents' in root) ? obj(root.request) : root;
  for (const key of CONVERSATION_KEYS) if (key in at) collect(at[key], leaves, { block: null, role: null, key }, (x) => (at[key] = x));
  return leaves;
}

/**
 * The secrets stage of one wire session (it remembers what the session's earlier requests carried).
 * It reads the exchange's tree (the CLI's body as the stages before it left it: evicted content is
 * gone from it) and, in `redact` mode, replaces in the tree and writes the body from it.
 */
export function secretsStage(mode: WireSecretsMode): WireStage {
  const clean = new Set<string>();
  const known = new Map<string, SecretSpan[]>();
  return async (exchange) => {
    const root = exchange.sent()?.json;
    if (!root) return;
    const leaves = conversationLeaves(root);
    if (leaves.length === 0) return;

    if (clean.size + known.size > MAX_REMEMBERED) clean.clear();
    const hashes = leaves.map((l) => sha256(l.text));
    const fresh = leaves.map((_, i) => i).filter((i) => !clean.has(hashes[i]!) && !known.has(hashes[i]!));
    const spans = await findSecrets(fresh.map((i) => leaves[i]!.text));
    const found: WireSecretFinding[] = [];
    let foundCount = 0;
    fresh.forEach((i, k) => {
      const s = spans[k]!;
      if (s.length === 0) return void clean.add(hashes[i]!);
      known.set(hashes[i]!, s);
      for (const span of s) {
        foundCount++;
        if (found.length < MAX_FOUND) {
          found.push({ kind: span.kind, where: leaves[i]!.where, sha256: hashes[i]!, message: `A recognised secret (${span.kind}) in ${leaves[i]!.where}.` });
        }
      }
    });
    let redacted = 0;
    if (mode === 'redact') {
      leaves.forEach((leaf, i) => {
        const s = known.get(hashes[i]!);
        if (!s) return;
        leaf.set(applyRedactions(leaf.text, s));
        redacted += s.length;
      });
    }
    if (foundCount === 0 && redacted === 0) return;
    exchange.secrets = { mode, found, redacted };
    if (redacted > 0) exchange.body = Buffer.from(JSON.stringify(root));
  };
}

/**
 * In `redact` mode a secrets stage that fails must not let the request through
 * unchecked: the relay answers it instead (the chain would otherwise forward
 * the body as it stood).
 */
export function failClosed(stage: WireStage, mode: WireSecretsMode): WireStage | GuardStage {
  if (mode !== 'redact') return stage;
  return {
    stage,
    onError(err, exchange) {
      exchange.secrets = { mode, found: [], redacted: 0, error: err.message };
      return {
        status: BLOCK_STATUS[exchange.request.provider],
        message: `Loupe could not check this request for secrets (${err.message}); with secrets on the wire set to redact, it was not sent.`,
      };
    },
  };
}
