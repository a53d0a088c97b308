// Zod-free numbers of the runs contract: the renderer, the CLI and the schemas import them.

/** The agents Loupe can launch. `demo` is the bundled offline demo agent, never a model. */
export const AGENT_IDS = ['claude', 'codex', 'gemini', 'custom', 'demo'] as const;
export type AgentId = (typeof AGENT_IDS)[number];

/** Upper bounds of the invocation context budget's ceilings (positive integers up to these). */
export const BUDGET_CEILING_MAX = {
  maxPromptBytes: 268_435_456,
  maxApproximateTokens: 67_108_864,
} as const;

/**
 * Upper bounds of the request budget's ceilings (loop.requestBudget): a request
 * on the wire, which the relay reads whole up to 64 MiB, measured in bytes or
 * in the best count for its model.
 */
export const REQUEST_CEILING_MAX = {
  maxRequestTokens: 16_777_216,
  maxRequestBytes: 67_108_864,
} as const;

/**
 * Upper bounds of the spend budget's ceilings (loop.spendBudget, issue 36): a
 * session's or run's total at list price in US dollars (cents allowed), or in
 * tokens (input, cache reads and writes, and output, as the provider reports them).
 */
export const SPEND_CEILING_MAX = {
  maxUsd: 1_000_000,
  maxTokens: 10_000_000_000,
} as const;

/** What Loupe does with a recognised secret in a request's content: record it, or also replace it before forwarding. */
export const WIRE_SECRETS_MODES = ['warn', 'redact'] as const;
export type WireSecretsMode = (typeof WIRE_SECRETS_MODES)[number];

/** The no-progress timeout: off (null) or a whole number of seconds in this range. */
export const IDLE_TIMEOUT_SECONDS = { min: 5, max: 86_400, default: 120 } as const;

/** Bounds of what a run request may carry. */
export const RUN_LIMITS = {
  maxAskChars: 100_000,
  maxNotesChars: 20_000,
  maxMemoryItems: 20,
  maxMemoryChars: 20_000,
  maxSchemaBytes: 262_144,
  maxCommandChars: 4_096,
  maxAgentArgs: 32,
} as const;

/** Approximate tokens: always ceil(bytes / 4) (docs/ARCHITECTURE.md), labelled approximate wherever shown. */
export const approxTokens = (bytes: number): number => Math.ceil(bytes / 4);
