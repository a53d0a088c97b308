import { createRuntime, type Runtime, type RuntimeOptions } from '../core/runtime';
import { SQLITE_BINDING_ENV } from '../core/store/store';
import type { CliIo } from './command';

/**
 * The runtime every command uses (the app's services, LOUPE_USER_DATA honoured),
 * over the command's environment (CLAUDE_CONFIG_DIR, CODEX_HOME, HOME…), so tests
 * give their own and never the real home, and agents a host starts inherit it.
 */
export function cliRuntime(io: CliIo, extra: Pick<RuntimeOptions, 'warmTokens'> = {}): Runtime {
  const nativeBinding = io.env[SQLITE_BINDING_ENV] || undefined;
  return createRuntime({ host: 'browser', userDataDir: io.env.LOUPE_USER_DATA, env: io.env, nativeBinding, ...extra });
}

/**
 * Runs `fn` with the same runtime as the app (LOUPE_USER_DATA honoured) and a
 * signal that Ctrl-C aborts; the runtime is closed afterwards whatever happens,
 * so child processes end and the database closes cleanly.
 */
export async function withRuntime<T>(io: CliIo, fn: (runtime: Runtime, signal: AbortSignal) => Promise<T>): Promise<T> {
  const runtime = cliRuntime(io);
  const controller = new AbortController();
  const stop = io.onInterrupt?.(() => controller.abort());
  try {
    return await fn(runtime, controller.signal);
  } finally {
    stop?.();
    await runtime.close();
  }
}
