import type { HostKind } from '../../shared/contract/app';
import type { GitRunner } from './git/git-cli';
import type { GitReaderPool } from './git/reader-pool';
import type { Spawn } from './process/launcher';
import type { Db } from './store/store';
import type { TokenCounter } from './tokens/token-counter';
import type { StreamHub } from './streams/hub';

/**
 * What every core service is built from. Tests build these with real parts in
 * a temp folder; the Electron shell, the browser host and the CLI build them
 * through createRuntime.
 */
export interface CoreDeps {
  /** The database, opened on first use (commands that never touch it never open it). */
  readonly db: Db;
  userDataDir: string;
  /** The app's resources folder (the demo agent lives there). */
  resourcesDir: string;
  /** The better-sqlite3 build this process loaded (Electron's ABI in the app); children that open the database need it too. */
  nativeBinding?: string;
  /** Start the token workers ahead of a count when the model in force has a public tokenizer (RuntimeOptions.warmTokens). */
  warmTokens: boolean;
  host: HostKind;
  version: string;
  /** Every git command goes through this runner. */
  git: GitRunner;
  /** One reader per repository, shared by every service, closed with the runtime. */
  repos: GitReaderPool;
  /** Starts every child process (git, agent CLIs): own process group, ended on cancel and shutdown. */
  spawn: Spawn;
  /**
   * Exact token counts in worker threads, with one cache of counts: shared by
   * inspect, X-Ray and runs; started on first use, ended with the runtime.
   */
  tokens: TokenCounter;
  /** Event streams (`run:<id>`, `thread:<id>`, `task:<callId>`). */
  streams: StreamHub;
  /** The environment agents start with (and are found through: PATH, LOUPE_AGENT_PATH). */
  env: NodeJS.ProcessEnv;
  now: () => Date;
  /** Native folder picker (Electron only). */
  pickFolder?: () => Promise<string | null>;
  /** Native save dialog that writes `content` where the user chooses; the path, or null when cancelled (Electron only). */
  saveFile?: (suggestedName: string, content: string) => Promise<string | null>;
  /**
   * Registers work to finish when the runtime closes, after calls in flight have
   * ended and before child processes are killed and the database closes.
   */
  onClose(dispose: () => void | Promise<void>): void;
}
