import type { AgentEvent } from '../../../../shared/contract/agent-events';
import type { AgentId, AgentInfo } from '../../../../shared/contract/runs';

/** What detection finds; `takesMcp` is the adapter's own capability, added by whoever lists agents. */
export type DetectedAgent = Omit<AgentInfo, 'takesMcp'>;
import type { ChildExit, Spawn } from '../../process/launcher';

/** What the runner knows when it builds a command line. */
export interface InvocationInput {
  /** The fully assembled prompt: written to stdin exactly as given (these bytes are measured). */
  prompt: string;
  /** A JSON Schema (JSON text) for structured output, or null. */
  schema: string | null;
  /** The model as the CLI names it (catalog prefix already stripped), or null for the CLI's default. */
  model: string | null;
  /** The CLI's own session to resume, or null for a fresh session. */
  resumeSessionId: string | null;
  /** The staged context folder (LOUPE_CONTEXT_DIR). */
  contextDir: string;
  runId: string;
  /** The repository's top folder: the agent's working directory. */
  repoRoot: string;
  /** Extra arguments from the run settings, appended as given. */
  extraArgs: readonly string[];
  /** Loupe's X-Ray tools as an MCP server over stdio, when the user turned them on. */
  mcp: { name: string; command: string; args: string[]; env?: Record<string, string> } | null;
  /** custom agents: the user's command line. */
  command: string | null;
  /** Where the bundled demo agent lives and keeps its sessions. */
  demo: { nodePath: string; script: string; stateDir: string } | null;
  /**
   * Whether the CLI may load the repository's own agent configuration
   * (Loupe's workspace trust, core/trust): absent or `load` true, as the CLI
   * would on its own; false, each adapter leaves it out its own way.
   * `mcpJson`: a `.mcp.json` is there (claude then needs strict MCP config).
   */
  projectConfig?: { load: boolean; mcpJson: boolean };
}

/** A command line ready for the launcher. Never run through a shell. */
export interface Invocation {
  command: string;
  args: string[];
  /** Added to the environment the runner builds (LOUPE_CONTEXT_DIR, LOUPE_RUN_ID are set by the runner). */
  env: Record<string, string>;
  /** Exactly what is written to the agent's stdin (the prompt, plus the schema where the CLI has no flag for it). */
  stdin: string;
  /** UTF-8 bytes of the schema passed by flag or file (0 when there is none, or it travels in stdin). */
  schemaBytes: number;
  /**
   * Files the runner writes (creating folders, overwriting) right before spawn,
   * always inside `contextDir`; e.g. codex reads its output schema from a file.
   * Their bytes are already counted in `schemaBytes`.
   */
  files?: { path: string; content: string }[];
}

/** Turns one CLI's output into AgentEvents. Stateful: one per step. */
export interface AgentStreamParser {
  /** One complete line of standard output (without its newline). */
  stdout(line: string): AgentEvent[];
  /** One complete line of standard error. */
  stderr(line: string): AgentEvent[];
  /**
   * The process ended. Flush what is pending; when the stream carried no
   * `result`, make one from the exit status (a non-zero exit is a failure
   * with the CLI's last error text as its message).
   */
  end(exit: ChildExit): AgentEvent[];
}

export interface DetectContext {
  spawn: Spawn;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

/** How a CLI takes what Loupe can give it besides the prompt. */
export interface AgentCapabilities {
  /** How a JSON schema travels: an argument, a file the runner writes, or a prompt section on stdin. */
  schema: 'flag' | 'file' | 'stdin';
  /** True when Loupe's X-Ray tools can be offered over MCP (false: the CLI has no flag for it). */
  mcp: boolean;
}

/** One agent CLI: how to find it, start it, and read what it prints. */
export interface AgentAdapter {
  id: AgentId;
  label: string;
  /** True when follow-up turns can resume the CLI's own session. */
  resumable: boolean;
  capabilities: AgentCapabilities;
  /** Finds the CLI (PATH lookup, `--version`); a missing CLI is `installed: false` with a plain `problem`. */
  detect(ctx: DetectContext): Promise<DetectedAgent>;
  /**
   * A quick check before launching (e.g. `codex login status`): null when fine,
   * otherwise the CLI's own message, and the step fails without launching the agent.
   */
  preflight?(ctx: DetectContext & { executable: string }): Promise<string | null>;
  invocation(input: InvocationInput, executable: string): Invocation;
  parser(): AgentStreamParser;
  /**
   * True when a failed resume step failed because the CLI could not find or
   * load the session (then a fresh session with Loupe's history makes sense),
   * not for other failures such as "not logged in".
   */
  isResumeFailure?(message: string | null, exit: ChildExit): boolean;
}
