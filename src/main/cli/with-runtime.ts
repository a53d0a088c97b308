import { createRuntime, type Runtime, type RuntimeOptions } from '../core/runtime';
import type { CliIo } from './command';
import { cliRuntimeOptions, withGivenRuntime } from './runtime-options';

/**
 * The runtime every command uses (the app's services, LOUPE_USER_DATA honoured),
 * over the command's environment (CLAUDE_CONFIG_DIR, CODEX_HOME, HOME…), so tests
 * give their own and never the real home, and agents a host starts inherit it.
 */
export function cliRuntime(io: CliIo, extra: Pick<RuntimeOptions, 'warmTokens'> = {}): Runtime {
  return createRuntime({ ...cliRuntimeOptions(io), ...extra });
}

/**
 * Runs `fn` with the same runtime as the app (LOUPE_USER_DATA honoured) and a
 * signal that Ctrl-C aborts; the runtime is closed afterwards whatever happens,
 * so child processes end and the database closes cleanly.
 */
export async function withRuntime<T>(io: CliIo, fn: (runtime: Runtime, signal: AbortSignal) => Promise<T>): Promise<T> {
  return withGivenRuntime(io, cliRuntime(io), fn);
}
