import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { findExecutable } from '../../core/runs/agents/path-lookup';
import { readEffective } from '../../core/settings/effective';
import { warningsOf, wireRefusalStepText } from '../../../shared/wire/enforcement-text';
import { wiringFor } from '../../core/wire/cli-wiring';
import { relayBypass } from '../../core/wire/bypass';
import { loginNote, writeClaudeSettings } from '../../core/wire/run-wire';
import { claudeUntrustedArgs } from '../../core/runs/agents/claude';
import { claudeProjectBaseUrl, geminiProjectBaseUrl } from '../../core/trust/agent-config';
import { projectTrust } from '../../core/trust/trust';
import { redactSecrets } from '../../core/secrets';
import type { EnforceSettings } from '../../core/wire/enforce/stages';
import { openWireSession, type WireSession } from '../../core/wire/session';
import { addWireNote, insertWireSession } from '../../core/wire/store';
import { EXIT_FAILURE, UsageError, type CommandRun } from '../command';
import { cliRuntime } from '../with-runtime';
import { RUN_EXIT } from './run';
import { requestBudgetFrom, spendBudgetFrom, WIRE_ENFORCE_OPTIONS, wireSecretsFrom } from './settings-flags';

const WRAPPABLE = ['claude', 'codex', 'gemini'];

/**
 * `loupe wrap [--repo DIR] [enforcement flags] -- claude|codex|gemini ARGS...`:
 * the user's own CLI in this terminal (stdio inherited, interactive or not),
 * pointed at a relay that records every request into a wire session and
 * enforces the request and spend budgets and secrets setting in force (the flags override
 * them). Its exit code is Loupe's, except 3 when the relay blocked a request.
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
  if (!agent || !WRAPPABLE.includes(agent)) throw new UsageError(`loupe wrap runs ${WRAPPABLE.join(', ')}; got "${agent ?? ''}".`);
  const exe = findExecutable(agent, io.env);
  if (!exe) {
    io.stderr(`loupe: ${agent} is not on your PATH.\n`);
    return EXIT_FAILURE;
  }
  const repo = resolve(values.repo ?? process.cwd());
  const runtime = cliRuntime(io);
  let session: WireSession | null = null;
  let settingsDir: string | null = null;
  let cleanup: (() => void) | null = null;
  try {
    // Loupe's workspace trust for the folder the CLI runs in: untrusted (in Loupe and by the CLI), claude leaves its configuration out.
    const trust = projectTrust(runtime.deps.db, repo, agent, io.env);
    const trustArgs = agent === 'claude' && !trust.load ? claudeUntrustedArgs(trust.mcpJson) : [];
    // gemini and codex keep their own trust in a terminal (their dialogs; codex ignores an untrusted project config).
    if (trust.note && agent === 'claude') io.stderr(`loupe: ${(await redactSecrets(trust.note)).text}\n`);
    if (trustArgs.length) io.stderr(`loupe: claude runs with ${trustArgs.join(' ')}: this folder is trusted neither in Loupe nor by claude, so no project settings${trust.mcpJson ? ' or .mcp.json' : ''} are loaded.\n`);
    const wiring = wiringFor(agent, io.env, {
      anthropicBaseUrl: agent === 'claude' && trust.load ? claudeProjectBaseUrl(repo) : null,
      geminiBaseUrl: agent === 'gemini' && trust.load ? geminiProjectBaseUrl(repo) : null,
    })!;
    let env: NodeJS.ProcessEnv = { ...io.env };
    let wireArgs: string[] = [];
    let enforce: EnforceSettings | null = null;
    if (wiring.kind === 'not-recorded') {
      const id = randomUUID();
      const at = runtime.deps.now().toISOString();
      insertWireSession(runtime.deps.db, { id, kind: 'wrap', agent, repo, runId: null, createdAt: at });
      addWireNote(runtime.deps.db, id, at, loginNote(wiring.login));
      addWireNote(runtime.deps.db, id, at, wiring.reason);
      io.stderr(`loupe: ${wiring.reason}\n`);
    } else {
      const loop = readEffective(runtime.deps.db).settings.loop;
      enforce = {
        requestBudget: requestBudgetFrom(values, loop.requestBudget),
        spendBudget: spendBudgetFrom(values, loop.spendBudget),
        wireSecrets: wireSecretsFrom(values, loop.wireSecrets),
      };
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
      session.note(loginNote(wiring.login));
      const applied = wiring.apply((p) => session!.relay.baseUrl(p));
      cleanup = applied.cleanup ?? null;
      env = { ...env, ...applied.env };
      wireArgs = applied.args;
      if (applied.claudeSettings) {
        // A settings file sets claude's base URL (claude applies it over ANTHROPIC_BASE_URL): --settings puts the relay back in front.
        settingsDir = mkdtempSync(join(tmpdir(), 'loupe-wrap-'));
        wireArgs = [...wireArgs, '--settings', await writeClaudeSettings(settingsDir, applied.claudeSettings)];
      }
      io.stderr(`loupe: recording ${agent}'s requests as wire session ${session.id} (loupe wire show ${session.id})\n`);
    }
    // Ctrl-C reaches the CLI itself (it shares the terminal's process group); Loupe waits for it to end.
    const stop = io.onInterrupt?.(() => {});
    try {
      // codex takes -c before its subcommand; claude and gemini take nothing here.
      // With --repo, the CLI runs in that repository (the folder whose trust was checked above).
      const child = runtime.deps.spawn(exe, [...wireArgs, ...trustArgs, ...cliArgs], { cwd: values.repo ? repo : process.cwd(), env, terminal: true });
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
      // It ended well, and no model request reached the relay: it went around Loupe.
      if (session && exit.code === 0 && session.modelRequests() === 0) {
        const oneShot = cliArgs.includes('-p') || cliArgs.includes('--print') || agent === 'codex' && cliArgs[0] === 'exec';
        const bypass = relayBypass(enforce ?? {}, {});
        session.note(bypass.text);
        if (oneShot || !bypass.failOpen) io.stderr(`loupe: ${bypass.text}\n`);
        if (oneShot && bypass.failOpen) return EXIT_FAILURE;
      }
      if (exit.code !== null) return exit.code;
      return 128 + (exit.signal ? constants.signals[exit.signal] : 0);
    } finally {
      stop?.();
    }
  } finally {
    await session?.close();
    cleanup?.();
    await runtime.close();
    if (settingsDir) rmSync(settingsDir, { recursive: true, force: true });
  }
};
