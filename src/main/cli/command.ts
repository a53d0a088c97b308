/** Where a command writes and what it may read; tests pass their own. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input (for commands that take a document on stdin). */
  readStdin: () => Promise<string>;
  env: NodeJS.ProcessEnv;
  /** Folder of the built renderer, for `serve`. */
  rendererDir: string;
  /** Calls `handler` on Ctrl-C (SIGINT/SIGTERM in the real CLI); returns the unsubscribe. */
  onInterrupt?: (handler: () => void) => () => void;
}

/** A command's body: resolves with the exit code; throwing is fine (runCli maps errors to codes). */
export type CommandRun = (args: string[], io: CliIo) => Promise<number>;

/** A subcommand as `loupe --help` lists it; its code loads only when it runs (fast start-up). */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  load: () => Promise<CommandRun>;
}

/** Exit codes shared by every command; commands document any others (run: 3 blocked, 4 agent failed). */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
/** Ended by Ctrl-C (128 + SIGINT), as shells expect. */
export const EXIT_INTERRUPTED = 130;

/** Wrong arguments: runCli prints the message and the command's usage, and exits 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
