/**
 * One event model for every agent CLI. Adapters turn each CLI's own stream
 * (claude stream-json, codex exec --json, gemini stream-json/json, raw text
 * for custom commands) into these; the run view shows them as they arrive and
 * the thread's canonical transcript is kept from them. Zod-free: the renderer
 * imports it.
 */

/** Token counts a provider reported (never Loupe's estimate). */
export interface ReportedUsage {
  inputTokens?: number;
  outputTokens?: number;
  cacheReadTokens?: number;
  cacheCreationTokens?: number;
  /** Of cacheCreationTokens, those written to a 1-hour cache (Anthropic `cache_creation.ephemeral_1h_input_tokens`). */
  cacheCreation1hTokens?: number;
  /** The context the provider counted for the last request (input + cache read + cache creation for Claude). */
  contextTokens?: number;
  /**
   * The provider's count of the prompt Loupe sent, as the step's first request
   * carried it (with the CLI's own system prompt and tools): the first
   * request's context where the CLI reports each request (Claude Code), else
   * the input of a step that made a single request. Absent when neither is
   * known (a CLI that sums its requests, in a step that used tools). What
   * calibration compares Loupe's estimate with.
   */
  promptTokens?: number;
  costUsd?: number;
}

export type AgentEvent =
  /** The CLI announced its session: id to resume, model, tools it offers (names; sizes unknown). */
  | { type: 'session'; sessionId: string; model?: string; tools?: string[]; cliVersion?: string }
  /**
   * Assistant text. `messageId` lets a later event replace an earlier one of the same message.
   * `parentCallId` (here and below) marks a subagent's work: the main-chain tool call that started it.
   */
  | { type: 'text'; text: string; messageId?: string; parentCallId?: string }
  | { type: 'thinking'; text: string; parentCallId?: string }
  | { type: 'tool-call'; callId: string; name: string; input: unknown; parentCallId?: string }
  | { type: 'tool-result'; callId: string; output: string; isError: boolean; parentCallId?: string }
  /** A file the agent read (derived from its tool calls, or reported by the CLI). */
  | { type: 'file-read'; path: string }
  | { type: 'usage'; usage: ReportedUsage }
  /**
   * An error the CLI printed; shown as it arrives (it may retry, or end).
   * `final`: the CLI will not get further on its own (Codex waiting for a
   * network it has already failed to reach); the runner ends the step then.
   */
  | { type: 'error'; message: string; final?: true }
  /** The CLI's final word on the turn. */
  | { type: 'result'; ok: boolean; text?: string; message?: string }
  /** Output the adapter does not parse (custom commands, stray lines); stderr included. */
  | { type: 'raw'; stream: 'stdout' | 'stderr'; text: string };

/** Events that mean the agent made progress (the no-progress timeout restarts on them). */
export function isProgress(event: AgentEvent): boolean {
  return event.type !== 'error' && !(event.type === 'raw' && event.stream === 'stderr');
}
