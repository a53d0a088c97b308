import { constants } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openWrap, WRAPPABLE, type WrapSession } from '../../core/wrap/wrap-session';
import { EXIT_FAILURE, UsageError, type CommandRun } from '../command';
import { cliRuntime } from '../with-runtime';
import { RUN_EXIT } from './run';
import { requestBudgetFrom, spendBudgetFrom, WIRE_ENFORCE_OPTIONS, wireSecretsFrom } from './settings-flags';

/**
 * `loupe wrap [--repo DIR] [enforcement flags] -- claude|codex|gemini ARGS...`:
 * the user's own CLI in this terminal (stdio inherited, interactive or not),
 * pointed at a relay that records every request into a wire session and
 * enforces the request and spend budgets and secrets setting in force (the flags override
 * them). Its exit code is Loupe's, except 3 when the relay blocked a request.
 * The session itself is core/wrap's; this command parses, starts the CLI and prints.
 */
export const run: CommandRun = async (args, io) => {
  const dd = args.indexOf('--');
  if (dd < 0) throw new UsageError('put the command after --: loupe wrap [--repo DIR] -- claude ARGS...');
  const { values } = parseArgs({ args: args.slice(0, dd), options: { repo: { type: 'string' }, ...WIRE_ENFORCE_OPTIONS }, allowPositionals: false, strict: true });
  // Bad flags are reported before anything starts.
  requestBudgetFrom(values, { policy: 'block' });
  spendBudgetFrom(values, { policy: 'block' });
  wireSecretsFrom(values, undefined);
  const [agent, ...cliArgs] = args.slice(dd + 1);
  if (!agent || !(WRAPPABLE as readonly string[]).includes(agent)) throw new UsageError(`loupe wrap runs ${WRAPPABLE.join(', ')}; got "${agent ?? ''}".`);
  const runtime = cliRuntime(io);
  let wrap: WrapSession | null = null;
  try {
    try {
      wrap = await openWrap(runtime.deps, {
        agent,
        repo: resolve(values.repo ?? process.cwd()),
        repoGiven: values.repo !== undefined,
        cwd: process.cwd(),
        env: io.env,
        cliArgs,
        enforce: (loop) => ({
          requestBudget: requestBudgetFrom(values, loop.requestBudget),
          spendBudget: spendBudgetFrom(values, loop.spendBudget),
          wireSecrets: wireSecretsFrom(values, loop.wireSecrets),
        }),
        say: (line) => io.stderr(`loupe: ${line}\n`),
      });
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'not-found') {
        io.stderr(`loupe: ${(err as Error).message}\n`);
        return EXIT_FAILURE;
      }
      // An unusable --repo is the command line's problem: said with the usage.
      if (code === 'not-a-directory' || code === 'not-a-repo') throw new UsageError((err as Error).message);
      throw err;
    }
    // Ctrl-C reaches the CLI itself (it shares the terminal's process group); Loupe waits for it to end.
    const stop = io.onInterrupt?.(() => {});
    try {
      const child = runtime.deps.spawn(wrap.executable, wrap.args, { cwd: wrap.cwd, env: wrap.env, terminal: true });
      const exit = await child.exited.catch((err: Error) => {
        io.stderr(`loupe: ${agent} could not be started: ${err.message}\n`);
        return { code: EXIT_FAILURE, signal: null };
      });
      const code = await wrap.finish(exit, { blocked: RUN_EXIT.blocked, failure: EXIT_FAILURE });
      if (code !== null) return code;
      return 128 + (exit.signal ? constants.signals[exit.signal] : 0);
    } finally {
      stop?.();
    }
  } finally {
    await wrap?.close();
    await runtime.close();
  }
};
