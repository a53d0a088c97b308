// Test support: the one shape every scripted provider shares (Anthropic Messages,
// OpenAI Responses, Gemini). A test scripts the turns and reads back what arrived.

export type ProviderApi = 'anthropic' | 'openai-responses' | 'gemini' | 'code-assist';

/** A tool call the scripted model makes: `input` is the tool's arguments object. */
export interface ScriptedToolCall {
  name: string;
  input: Record<string, unknown>;
  /** Defaults to a fresh id in the API's style (toolu_…, call_…). */
  id?: string;
}

/**
 * Token counts the provider reports for one response (what a CLI reads as usage), in
 * Anthropic's split: the whole prompt is input + cacheRead + cacheWrite. OpenAI and
 * Gemini report that whole as input_tokens / promptTokenCount, with cacheRead as the
 * cached part.
 */
export interface ScriptedUsage {
  input: number;
  output: number;
  /** Anthropic cache_read_input_tokens, OpenAI input_tokens_details.cached_tokens, Gemini cachedContentTokenCount. */
  cacheRead: number;
  /** Anthropic cache_creation_input_tokens (elsewhere only part of the prompt total). */
  cacheWrite: number;
}

/** One answer: text and/or tool calls, or an error in the provider's own shape. */
export interface ScriptedReply {
  text?: string;
  toolCalls?: ScriptedToolCall[];
  /** Unset parts default to: input ceil(request bytes / 4), output ceil(reply bytes / 4), caches 0. */
  usage?: Partial<ScriptedUsage>;
  error?: { status: number; message: string };
}

/** Picks a turn: a string or RegExp is tested against `lastInput`; a function sees the whole request. */
export type TurnMatcher = string | RegExp | ((request: RecordedRequest) => boolean);

export interface ScriptedTurn {
  /** Unset: matches any request. */
  when?: TurnMatcher;
  reply: ScriptedReply | ((request: RecordedRequest) => ScriptedReply);
  /** How many requests this turn may answer (default: unlimited). */
  times?: number;
  /** Awaited before the answer is sent: the test acts while the CLI waits (e.g. evicts a segment mid-session). */
  hold?: (request: RecordedRequest) => Promise<void>;
}

export interface Script {
  /** Checked in order for every model call; the first matching turn answers. */
  turns: ScriptedTurn[];
  /** The answer when no turn matches (default: a text saying so). */
  otherwise?: ScriptedReply;
  /** Side calls that ask for structured JSON (gemini's model router): default, the smallest value their schema accepts. */
  utility?: (request: RecordedRequest) => ScriptedReply;
}

export interface ReplyToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** One request as the server received it; credentials (headers and `key=` query) removed. */
export interface RecordedRequest {
  api: ProviderApi;
  method: string;
  /** Path and query, e.g. `/v1/messages?beta=true`. */
  path: string;
  headers: Record<string, string>;
  /** The body as the provider read it (decoded when it came content-encoded). */
  bodyText: string;
  /** The body's size on the wire, as it came (encoded, when it was). */
  bodyBytes: number;
  /** Names of the credential headers it carried (their values are not kept). */
  credentialHeaders: string[];
  /** The kind of its `authorization: Bearer` token, by prefix: `sk-ant-oat01-` (a Claude subscription), `eyJ` (a JWT), `ya29.` (Google), `sk-`, `other`; null without one. */
  bearer: string | null;
  json: unknown;
  /** turn: a model call answered from the script; utility: a structured side call or a token count; probe: a reachability check; other: rejected. */
  purpose: 'turn' | 'utility' | 'probe' | 'other';
  model?: string;
  stream: boolean;
  /** Text of everything sent since the model last spoke: the new ask, or the tool results. */
  lastInput: string;
  /** The tool results among that input, as text. */
  toolResults: string[];
  /** Index of the script turn that answered, -1 when none did. */
  turn: number;
  /** What the server answered: status, and for a model reply its text, tool calls and reported usage. */
  reply?: { status: number; text?: string; toolCalls?: ReplyToolCall[]; usage?: ScriptedUsage };
}

export interface ScriptedProvider {
  api: ProviderApi;
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:34567. */
  url: string;
  port: number;
  /** Every request, in arrival order. */
  requests: RecordedRequest[];
  /** Only the model calls answered from the script. */
  turns(): RecordedRequest[];
  close(): Promise<void>;
}

export interface StartOptions {
  script: Script;
}
