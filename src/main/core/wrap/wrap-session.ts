/**
 * `loupe wrap`'s session (the user's own CLI in their terminal, through Loupe's relay), as one
 * service the CLI command calls: the repository checked, Loupe's workspace trust for it, the
 * CLI's wiring to a relay of its own (or the reason it cannot be recorded), the settings file
 * that keeps the relay in front of a settings-file base URL, and after the CLI ends what Loupe
 * must say and exit with (a blocked request, a CLI that went around the relay). The command
 * itself only parses flags, starts the CLI and prints (issue 32: the CLI reaches core through
 * the rooms' public entries).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunSettings } from '../../../shared/contract/runs';
import { LoupeError } from '../../../shared/errors';
import { warningsOf, wireRefusalStepText } from '../../../shared/wire/enforcement-text';
import type { CoreDeps } from '../deps';
import { claudeUntrustedArgs } from '../runs/agents/claude';
import { findExecutable } from '../runs/agents/path-lookup';
import { redactSecrets } from '../secrets';
import { readEffective } from '../settings/effective';
import { claudeProjectBaseUrl, geminiProjectBaseUrl } from '../trust/agent-config';
import { projectTrust } from '../trust/trust';
import { relayBypass } from '../wire/bypass';
import { wiringFor } from '../wire/cli-wiring';
import type { EnforceSettings } from '../wire/enforce/stages';
import { loginNote, writeClaudeSettings } from '../wire/run-wire';
import { openWireSession, type WireSession } from '../wire/session';
import { addWireNote, insertWireSession } from '../wire/store';

/** The CLIs `loupe wrap` runs. */
export const WRAPPABLE = ['claude', 'codex', 'gemini'] as const;

export interface WrapRequest {
  agent: string;
  /** The repository the session belongs to (checked: a git working copy). */
  repo: string;
  /** Whether the user named the repository (--repo): the CLI then runs in it. */
  repoGiven: boolean;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** The CLI's own arguments (after `--`). */
  cliArgs: readonly string[];
  /** The enforcement in force: the flags over the settings in force (loop). */
  enforce(loop: RunSettings['loop']): EnforceSettings;
  /** Where Loupe's own lines go (the terminal's stderr). */
  say(line: string): void;
}

export interface WrapSession {
  executable: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** After the CLI exited: the exit code Loupe ends with (the CLI's, 3 for a blocked request, 1 for a one-shot that went around the relay). */
  finish(exit: { code: number | null; signal: NodeJS.Signals | null }, codes: { blocked: number; failure: number }): Promise<number | null>;
  /** Ends the relay and removes what was made for the session; safe to call twice. */
  close(): Promise<void>;
}

/**
 * Prepares a wrapped CLI: throws LoupeError (invalid-input: an unknown CLI; not-a-directory /
 * not-a-repo: --repo; not-found: the CLI is not on PATH) before anything starts.
 */
export async function openWrap(deps: CoreDeps, req: WrapRequest): Promise<WrapSession> {
  const { agent, repo, env, say } = req;
  if (!(WRAPPABLE as readonly string[]).includes(agent)) throw new LoupeError('invalid-input', `loupe wrap runs ${WRAPPABLE.join(', ')}; got "${agent}".`);
  if (req.repoGiven) {
    // A repository the user names must be one (issue 34, item 8: `--repo NOT_A_REPO` was taken).
    if (!statSync(repo, { throwIfNoEntry: false })?.isDirectory()) throw new LoupeError('not-a-directory', `--repo ${repo} is not a folder.`);
    await deps.repos.use(repo, async (reader) => reader.root, new AbortController().signal);
  }
  const executable = findExecutable(agent, env);
  if (!executable) throw new LoupeError('not-found', `${agent} is not on your PATH.`);

  let session: WireSession | null = null;
  let settingsDir: string | null = null;
  let cleanup: (() => void) | null = null;
  let enforce: EnforceSettings | null = null;
  const close = async () => {
    await session?.close();
    cleanup?.();
    cleanup = null;
    if (settingsDir) rmSync(settingsDir, { recursive: true, force: true });
    settingsDir = null;
  };
  try {
    // Loupe's workspace trust for the folder the CLI runs in: untrusted (in Loupe and by the CLI), claude leaves its configuration out.
    const trust = projectTrust(deps.db, repo, agent, env);
    const trustArgs = agent === 'claude' && !trust.load ? claudeUntrustedArgs(trust.mcpJson) : [];
    // gemini and codex keep their own trust in a terminal (their dialogs; codex ignores an untrusted project config).
    if (trust.note && agent === 'claude') say((await redactSecrets(trust.note)).text);
    if (trustArgs.length) say(`claude runs with ${trustArgs.join(' ')}: this folder is trusted neither in Loupe nor by claude, so no project settings${trust.mcpJson ? ' or .mcp.json' : ''} are loaded.`);
    const wiring = wiringFor(agent, env, {
      anthropicBaseUrl: agent === 'claude' && trust.load ? claudeProjectBaseUrl(repo) : null,
      geminiBaseUrl: agent === 'gemini' && trust.load ? geminiProjectBaseUrl(repo) : null,
    })!;
    let cliEnv: NodeJS.ProcessEnv = { ...env };
    let wireArgs: string[] = [];
    if (wiring.kind === 'not-recorded') {
      const id = randomUUID();
      const at = deps.now().toISOString();
      insertWireSession(deps.db, { id, kind: 'wrap', agent, repo, runId: null, createdAt: at });
      addWireNote(deps.db, id, at, loginNote(wiring.login));
      addWireNote(deps.db, id, at, wiring.reason);
      say(wiring.reason);
    } else {
      enforce = req.enforce(readEffective(deps.db).settings.loop);
      const opened = await openWireSession(deps, {
        kind: 'wrap',
        agent,
        repo,
        runId: null,
        upstreams: wiring.upstreams,
        enforce,
        onRecord: (r) => {
          for (const w of warningsOf(r.sessionId, r.seq, r.enforcement)) say(w.text);
        },
      });
      session = opened;
      opened.note(loginNote(wiring.login));
      const applied = wiring.apply((p) => opened.relay.baseUrl(p));
      cleanup = applied.cleanup ?? null;
      cliEnv = { ...cliEnv, ...applied.env };
      wireArgs = applied.args;
      if (applied.claudeSettings) {
        // A settings file sets claude's base URL (claude applies it over ANTHROPIC_BASE_URL): --settings puts the relay back in front.
        settingsDir = mkdtempSync(join(tmpdir(), 'loupe-wrap-'));
        wireArgs = [...wireArgs, '--settings', await writeClaudeSettings(settingsDir, applied.claudeSettings)];
      }
      say(`recording ${agent}'s requests as wire session ${opened.id} (loupe wire show ${opened.id})`);
    }
    return {
      executable,
      // codex takes -c before its subcommand; the wire's own arguments never hold the relay's URL.
      args: [...wireArgs, ...trustArgs, ...req.cliArgs],
      env: cliEnv,
      // With --repo, the CLI runs in that repository (the folder whose trust was checked above).
      cwd: req.repoGiven ? repo : req.cwd,
      async finish(exit, codes) {
        await session?.close();
        const block = session?.blocked()[0];
        if (block) {
          say(wireRefusalStepText(block));
          return codes.blocked;
        }
        // It ended well, and no model request reached the relay: it went around Loupe.
        if (session && exit.code === 0 && session.modelRequests() === 0) {
          const oneShot = req.cliArgs.includes('-p') || req.cliArgs.includes('--print') || (agent === 'codex' && req.cliArgs[0] === 'exec');
          const bypass = relayBypass(enforce ?? {}, {});
          session.note(bypass.text);
          if (oneShot || !bypass.failOpen) say(bypass.text);
          if (oneShot && bypass.failOpen) return codes.failure;
        }
        return exit.code;
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
