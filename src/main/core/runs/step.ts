import { isProgress, type AgentEvent, type ReportedUsage } from '../../../shared/contract/agent-events';
import type { ChildExit, Spawn } from '../process/launcher';
import type { AgentAdapter, Invocation } from './agents/adapter';
import { readLines } from './line-reader';

export interface StepLaunch {
  adapter: AgentAdapter;
  invocation: Invocation;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** End the agent after this long without progress; null: never. */
  idleTimeoutMs: number | null;
  /** Aborting it (the user cancels, Loupe closes) ends the agent's process tree. */
  signal: AbortSignal;
  onEvent(event: AgentEvent): void;
}

export interface StepResult {
  exit: ChildExit;
  cancelled: boolean;
  /** Ended by the no-progress timeout. */
  timedOut: boolean;
  /** The CLI's own result (or one made from its exit status). */
  result: { ok: boolean; message?: string; text?: string } | null;
  sessionId: string | null;
  /** What the provider reported: the last usage the CLI printed. */
  usage: ReportedUsage | null;
  /** True when the agent produced text or used tools (a resume that did neither failed to resume). */
  progressed: boolean;
  /** The last error the CLI printed, for a failure message. */
  lastError: string | null;
  /** The agent could not be started (not found, not executable). */
  spawnError: string | null;
}

/**
 * The usage with `promptTokens`: the first request's context when the CLI
 * reported one per request; else, for a step that made one request (no tool
 * calls), its input count (OpenAI and Gemini count cached input inside it).
 */
export function withPromptTokens(usage: ReportedUsage | null, firstContext: number | undefined, toolCalls: number): ReportedUsage | null {
  if (!usage) return null;
  const single = toolCalls === 0 && usage.inputTokens !== undefined && usage.inputTokens > 0 ? usage.inputTokens : undefined;
  const promptTokens = firstContext ?? single;
  return promptTokens === undefined ? usage : { ...usage, promptTokens };
}

/**
 * Launches one step's agent through the launcher, writes the prompt to its
 * stdin, turns its output into events as it arrives, and ends it on cancel or
 * after the no-progress timeout. Resolves once the process and its output have ended.
 */
export async function runStep(spawn: Spawn, launch: StepLaunch): Promise<StepResult> {
  const parser = launch.adapter.parser();
  const state: Omit<StepResult, 'exit' | 'cancelled' | 'spawnError'> = {
    timedOut: false,
    result: null,
    sessionId: null,
    usage: null,
    progressed: false,
    lastError: null,
  };
  // For the provider's count of the prompt itself (ReportedUsage.promptTokens).
  let firstContext: number | undefined;
  let toolCalls = 0;
  const local = new AbortController();
  const onAbort = () => local.abort();
  launch.signal.addEventListener('abort', onAbort, { once: true });
  // Set inside the callbacks below (a plain `= null` would read as always null after them).
  let idle = null as NodeJS.Timeout | null;
  const armIdle = () => {
    if (launch.idleTimeoutMs === null) return;
    if (idle) clearTimeout(idle);
    idle = setTimeout(() => {
      state.timedOut = true;
      local.abort();
    }, launch.idleTimeoutMs);
  };
  const emit = (events: AgentEvent[]) => {
    for (const e of events) {
      if (isProgress(e)) armIdle();
      if (e.type === 'session') state.sessionId = e.sessionId;
      else if (e.type === 'usage') {
        state.usage = { ...state.usage, ...e.usage };
        if (firstContext === undefined && e.usage.contextTokens !== undefined && e.usage.contextTokens > 0) firstContext = e.usage.contextTokens;
      }
      else if (e.type === 'result') state.result = { ok: e.ok, message: e.message, text: e.text };
      else if (e.type === 'error') {
        state.lastError = e.message;
        // The CLI said it will get no further on its own: end it now rather than at the no-progress timeout.
        if (e.final) local.abort();
      }
      else if (e.type === 'text' || e.type === 'tool-call') state.progressed = true;
      if (e.type === 'tool-call' && !e.parentCallId) toolCalls++;
      launch.onEvent(e);
    }
  };
  try {
    const child = spawn(launch.invocation.command, launch.invocation.args, {
      cwd: launch.cwd,
      env: launch.env,
      signal: local.signal,
    });
    armIdle();
    const out = readLines(child.stdout, (line) => emit(parser.stdout(line)));
    const err = readLines(child.stderr, (line) => emit(parser.stderr(line)));
    child.stdin?.end(launch.invocation.stdin, 'utf8');
    let exit: ChildExit;
    let spawnError: string | null = null;
    try {
      exit = await child.exited;
    } catch (e) {
      spawnError = e instanceof Error ? e.message : String(e);
      exit = { code: null, signal: null };
    }
    await Promise.all([out, err]);
    emit(parser.end(exit));
    return { ...state, usage: withPromptTokens(state.usage, firstContext, toolCalls), exit, cancelled: launch.signal.aborted, spawnError };
  } catch (e) {
    return {
      ...state,
      exit: { code: null, signal: null },
      cancelled: launch.signal.aborted,
      spawnError: e instanceof Error ? e.message : String(e),
    };
  } finally {
    if (idle) clearTimeout(idle);
    launch.signal.removeEventListener('abort', onAbort);
  }
}
