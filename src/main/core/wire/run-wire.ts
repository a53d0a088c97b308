/**
 * A run step's wire: opens a session for the step when the run records its
 * wire, and says what the CLI must be given to use it; or, where the CLI
 * cannot be relayed, records and returns the plain reason instead.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WIRE_LOGIN_NOTE, type WireRequestRecord } from '../../../shared/contract/wire';
import type { CoreDeps } from '../deps';
import type { EnforceSettings } from './enforce/stages';
import { wireEnabled, wiringFor, type LoginFacts, type ProjectWiring } from './cli-wiring';
import { openWireSession, type WireSession } from './session';
import { addWireNote, insertWireSession } from './store';

export interface StepWire {
  session: WireSession | null;
  env: Record<string, string>;
  /** Arguments for the CLI (codex's `-c` overrides). */
  args: string[];
  /** "not recorded: …", to show in the run. */
  note: string | null;
  /** The relay's path secret: hidden from what the CLI prints (codex's errors quote its base URL). */
  secret: string | null;
}

const NONE: StepWire = { session: null, env: {}, args: [], note: null, secret: null };

/** The path secret in a relay's base URL (`http://127.0.0.1:P/<secret>/<provider>`). */
export function relaySecret(session: WireSession): string {
  return new URL(session.relay.baseUrl('anthropic')).pathname.split('/')[1]!;
}

/** The run's "login: …" line: which login mode the CLI's configuration says it uses (never the credential). */
export function loginNote(login: LoginFacts): string {
  return `${WIRE_LOGIN_NOTE}${login.text}`;
}

export async function openStepWire(
  deps: CoreDeps,
  s: {
    agent: string;
    setting: boolean | undefined;
    env: NodeJS.ProcessEnv;
    repo: string;
    runId: string;
    /** The run's thread: the wire session belongs to it (its directives are the thread's). */
    threadId: string;
    stepId: string;
    enforce?: EnforceSettings;
    onRecord?: (record: WireRequestRecord) => void;
    /** What the repository's own configuration adds (a trusted repository's base URL). */
    project?: ProjectWiring;
    /** Where a settings file for the CLI may be written (the step's staged folder, private to the user). */
    filesDir?: string;
  },
): Promise<StepWire> {
  if (!wireEnabled(s.agent, s.setting)) return NONE;
  const wiring = wiringFor(s.agent, s.env, s.project);
  if (!wiring) return NONE;
  const kind = s.agent === 'custom' ? 'custom' : 'run';
  if (wiring.kind === 'not-recorded') {
    const id = randomUUID();
    const at = deps.now().toISOString();
    insertWireSession(deps.db, { id, kind, agent: s.agent, repo: s.repo, runId: s.runId, threadId: s.threadId, createdAt: at });
    addWireNote(deps.db, id, at, loginNote(wiring.login));
    addWireNote(deps.db, id, at, wiring.reason);
    return { ...NONE, note: wiring.reason };
  }
  let opened: WireSession | null = null;
  try {
    const session = (opened = await openWireSession(deps, { kind, agent: s.agent, repo: s.repo, runId: s.runId, threadId: s.threadId, upstreams: wiring.upstreams, enforce: s.enforce, onRecord: s.onRecord }));
    session.setStep(s.stepId);
    session.note(loginNote(wiring.login));
    const { env, args, claudeSettings, cleanup } = wiring.apply((p) => session.relay.baseUrl(p));
    if (claudeSettings && s.filesDir) {
      const file = await writeClaudeSettings(s.filesDir, claudeSettings);
      args.push('--settings', file);
    }
    if (cleanup) {
      const close = session.close.bind(session);
      session.close = () => close().finally(cleanup);
    }
    return { session, env, args, note: null, secret: relaySecret(session) };
  } catch (err) {
    await opened?.close();
    // The run goes on unrecorded rather than failing for the wire.
    const reason = `not recorded: Loupe's relay could not start (${(err as Error).message}).`;
    return { ...NONE, note: reason };
  }
}

/**
 * Writes claude's `--settings` file (the relay's base URL, which holds its path secret) readable by the
 * user alone, in `dir`; a file rather than JSON on the command line, which every local user can read.
 */
export async function writeClaudeSettings(dir: string, json: string): Promise<string> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, '.loupe-claude-wire-settings.json');
  await writeFile(file, json, { mode: 0o600 });
  return file;
}

/**
 * Inserts the wire's arguments: codex's `-c` overrides before its options (they must precede `-`);
 * claude's `--settings FILE` right after `-p` (never inside a variadic option's values).
 */
export function withWireArgs(args: readonly string[], wireArgs: readonly string[]): string[] {
  if (!wireArgs.length) return [...args];
  if (args[0] === '-p') return [args[0], ...wireArgs, ...args.slice(1)];
  const at = args.indexOf('--json');
  const out = [...args];
  out.splice(at >= 0 ? at : Math.max(0, out.length - 1), 0, ...wireArgs);
  return out;
}
