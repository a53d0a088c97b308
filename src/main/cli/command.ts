/** Where a command writes and what it may read; tests pass their own. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Reads all of standard input (for commands that take a document on stdin). */
  readStdin: () => Promise<string>;
  env: NodeJS.ProcessEnv;
  /** Folder of the built renderer, for `serve`. */
  rendererDir: string;
}

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  /** Resolves with the exit code; long-running commands (serve) resolve when they stop. */
  run(args: string[], io: CliIo): Promise<number>;
}

/** Exit codes shared by every command. */
export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;
