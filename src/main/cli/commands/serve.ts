import { readFile, stat } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { cliRuntime } from '../with-runtime';
import { startHost } from '../../host/server';
import { TOKEN_PATTERN } from '../../host/security';
import { EXIT_FAILURE, EXIT_OK, UsageError, type CliIo, type CommandRun } from '../command';
import { forgetToken } from '../forget-token';

/**
 * The token, from (in order) --token-file, LOUPE_TOKEN, --token; a fresh one
 * otherwise. --token shows in `ps`, so the file or the variable is preferred.
 */
async function chooseToken(values: { token?: string; 'token-file'?: string }, io: CliIo): Promise<string | undefined> {
  let token: string | undefined;
  let from = '--token';
  if (values['token-file'] !== undefined) {
    const file = values['token-file'];
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) throw new UsageError(`--token-file ${file} is not a readable file.`);
    // Anyone who can read the file can drive Loupe: refuse group/world-readable files (POSIX).
    if (process.platform !== 'win32' && (info.mode & 0o077) !== 0) {
      throw new UsageError(`--token-file ${file} is readable by others (mode ${(info.mode & 0o777).toString(8)}); chmod 600 it.`);
    }
    token = (await readFile(file, 'utf8')).trim();
    from = '--token-file';
  } else if (io.env.LOUPE_TOKEN) {
    token = io.env.LOUPE_TOKEN.trim();
    from = 'LOUPE_TOKEN';
  } else {
    token = values.token;
  }
  if (token !== undefined && !TOKEN_PATTERN.test(token)) {
    throw new UsageError(`the token from ${from} must be 16 to 256 URL-safe characters (letters, digits, - _ . ~).`);
  }
  return token;
}

/** `loupe serve`: the browser host, until Ctrl-C. */
export const run: CommandRun = async (args, io) => {
  const { values } = parseArgs({
    args,
    options: { port: { type: 'string' }, token: { type: 'string' }, 'token-file': { type: 'string' } },
    strict: true,
  });
  // Plain digits only: Number() would take '' as 0, '0x50' as 80 and '1e3' as 1000.
  const port = values.port === undefined ? 0 : /^\d{1,5}$/.test(values.port) ? Number(values.port) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new UsageError(`--port must be an integer from 0 to 65535, got "${values.port}".`);
  }
  const token = await chooseToken(values, io);
  // An agent this host starts runs as the same user: it could read the token from
  // /proc/<host>/environ or, with --token/--token-file, /proc/<host>/cmdline. Held in memory only from here.
  const kept = forgetToken(io.env, 'loupe serve');
  if (kept.length) io.stderr(`loupe serve: the token could not be cleared from this process's ${kept.join(' and ')}; prefer --token-file.\n`);
  // Serving lasts until Ctrl-C, so not withRuntime; the same runtime, over the command's environment.
  const runtime = cliRuntime(io, { warmTokens: true });
  let host;
  try {
    host = await startHost({ runtime, rendererDir: io.rendererDir, port, token });
  } catch (err) {
    await runtime.close();
    if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
    io.stderr(`loupe serve: port ${port} on 127.0.0.1 is already in use; choose another with --port, or --port 0 for any free one.\n`);
    return EXIT_FAILURE;
  }
  io.stdout(`Loupe is serving at ${host.url}\n`);
  // The page's first call needs the database: open it (a new one is migrated) while the browser
  // loads the page, not after. If it cannot open, the first call that needs it says why.
  setImmediate(() => {
    try {
      void runtime.deps.db;
    } catch {
      // Said by that call.
    }
  });
  await new Promise<void>((resolve) => {
    const unsubscribe = io.onInterrupt?.(() => {
      unsubscribe?.();
      // Runs and git processes end, then the database closes.
      void host.close().then(() => runtime.close()).then(resolve);
    });
  });
  return EXIT_OK;
};
