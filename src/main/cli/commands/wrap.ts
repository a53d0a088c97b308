import { randomUUID } from 'node:crypto';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findExecutable } from '../../core/runs/agents/path-lookup';
import { readEffective } from '../../core/settings/effective';
import { warningsOf, wireRefusalStepText } from '../../../shared/wire/enforcement-text';
import { wiringFor } from '../../core/wire/cli-wiring';
import { openWireSession, type WireSession } from '../../core/wire/session';
import { addWireNote, insertWireSession } from '../../core/wire/store';
import { EXIT_FAILURE, UsageError, type CommandRun } from '../command';
import { cliRuntime } from '../with-runtime';
import { RUN_EXIT } from './run';
import { requestBudgetFrom, WIRE_ENFORCE_OPTIONS, wireSecretsFrom } from './settings-flags';

const WRAPPABLE = ['claude', 'codex', 'gemini'];

/**
 * `loupe wrap [--repo DIR] [enforcement flags] -- claude|codex|gemini ARGS...`:
 * the user's own CLI in this terminal (stdio inherited, interactive or not),
 * pointed at a relay that records every request into a wire session and
 * enforces the request budget and secrets setting in force (the flags override
 * them). Its exit code is Loupe's, except 3 when the relay blocked a request.
 */
export const run: CommandRun = async (args, io) => {
  const dd = args.indexOf('--');
  if (dd < 0) throw new UsageError('put the command after --: loupe wrap [--repo DIR] -- claude ARGS...');
  const { values } = parseArgs({ args: args.slice(0, dd), options: { repo: { type: 'string' }, ...WIRE_ENFORCE_OPTIONS }, allowPositionals: false, strict: true });
  // Bad flags are reported before anything starts.
  requestBudgetFrom(values, { policy: 'block' });
  wireSecretsFrom(values, undefined);
  const [agent, ...cliArgs] = args.slice(dd + 1);
  if (!agent || !WRAPPABLE.includes(agent)) throw new UsageError(`loupe wrap runs ${WRAPPABLE.join(', ')}; got "${agent ?? ''}".`);
  const exe = findExecutable(agent, io.env);
  if (!exe) {
    io.stderr(`loupe: ${agent} is not on your PATH.\n`);
    return EXIT_FAILURE;
  }
  const repo = resolve(values.repo ?? process.cwd());
  const runtime = cliRuntime(io);
  let session: WireSession | null = null;
  try {
    const wiring = wiringFor(agent, io.env)!;
    let env: NodeJS.ProcessEnv = { ...io.env };
    let wireArgs: string[] = [];
    if (wiring.kind === 'not-recorded') {
      const id = randomUUID();
      const at = runtime.deps.now().toISOString();
      insertWireSession(runtime.deps.db, { id, kind: 'wrap', agent, repo, runId: null, createdAt: at });
      addWireNote(runtime.deps.db, id, at, wiring.reason);
      io.stderr(`loupe: ${wiring.reason}\n`);
    } else {
      const loop = readEffective(runtime.deps.db).settings.loop;
      const enforce = { requestBudget: requestBudgetFrom(values, loop.requestBudget), wireSecrets: wireSecretsFrom(values, loop.wireSecrets) };
      session = await openWireSession(runtime.deps, {
        kind: 'wrap',
        agent,
        repo,
        runId: null,
        upstreams: wiring.upstreams,
        enforce,
        onRecord: (r) => {
          for (const w of warningsOf(r.sessionId, r.seq, r.enforcement)) io.stderr(`loupe: ${w.text}\n`);
        },
      });
      const applied = wiring.apply((p) => session!.relay.baseUrl(p));
      env = { ...env, ...applied.env };
      wireArgs = applied.args;
      io.stderr(`loupe: recording ${agent}'s requests as wire session ${session.id} (loupe wire show ${session.id})\n`);
    }
    // Ctrl-C reaches the CLI itself (it shares the terminal's process group); Loupe waits for it to end.
    const stop = io.onInterrupt?.(() => {});
    try {
      // codex takes -c before its subcommand; claude and gemini take nothing here.
      const child = runtime.deps.spawn(exe, [...wireArgs, ...cliArgs], { cwd: process.cwd(), env, terminal: true });
      const exit = await child.exited.catch((err: Error) => {
        io.stderr(`loupe: ${agent} could not be started: ${err.message}\n`);
        return { code: EXIT_FAILURE, signal: null };
      });
      await session?.close();
      const block = session?.blocked()[0];
      if (block) {
        io.stderr(`loupe: ${wireRefusalStepText(block)}\n`);
        return RUN_EXIT.blocked;
      }
      if (exit.code !== null) return exit.code;
      return 128 + (exit.signal ? constants.signals[exit.signal] : 0);
    } finally {
      stop?.();
    }
  } finally {
    await session?.close();
    await runtime.close();
  }
};
