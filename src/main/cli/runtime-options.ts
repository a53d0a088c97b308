// What every command's runtime is built with, apart from its service table. Kept
// apart from with-runtime.ts (which imports the whole table) so that `loupe inspect`
// can build a runtime with only its own service and load nothing else.
import type { Runtime, RuntimeOptions } from '../core/runtime-core';
import { SQLITE_BINDING_ENV } from '../core/store/store';
import type { CliIo } from './command';

/** LOUPE_USER_DATA, the command's environment and the SQLite binding it names. */
export function cliRuntimeOptions(io: CliIo): RuntimeOptions {
  const nativeBinding = io.env[SQLITE_BINDING_ENV] || undefined;
  return { host: 'browser', userDataDir: io.env.LOUPE_USER_DATA, env: io.env, nativeBinding };
}

/**
 * Runs `fn` with `runtime` and a signal that Ctrl-C aborts; the runtime is closed
 * afterwards whatever happens, so child processes end and the database closes cleanly.
 */
export async function withGivenRuntime<T>(io: CliIo, runtime: Runtime, fn: (runtime: Runtime, signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const stop = io.onInterrupt?.(() => controller.abort());
  try {
    return await fn(runtime, controller.signal);
  } finally {
    stop?.();
    await runtime.close();
  }
}
