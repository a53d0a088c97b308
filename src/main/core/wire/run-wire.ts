/**
 * A run step's wire: opens a session for the step when the run records its
 * wire, and says what the CLI must be given to use it; or, where the CLI
 * cannot be relayed, records and returns the plain reason instead.
 */
import { randomUUID } from 'node:crypto';
import type { WireRequestRecord } from '../../../shared/contract/wire';
import type { CoreDeps } from '../deps';
import type { EnforceSettings } from './enforce/stages';
import { wireEnabled, wiringFor } from './cli-wiring';
import { openWireSession, type WireSession } from './session';
import { addWireNote, insertWireSession } from './store';

export interface StepWire {
  session: WireSession | null;
  env: Record<string, string>;
  /** Arguments for the CLI (codex's `-c` overrides). */
  args: string[];
  /** "not recorded: …", to show in the run. */
  note: string | null;
}

const NONE: StepWire = { session: null, env: {}, args: [], note: null };

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
  },
): Promise<StepWire> {
  if (!wireEnabled(s.agent, s.setting)) return NONE;
  const wiring = wiringFor(s.agent, s.env);
  if (!wiring) return NONE;
  const kind = s.agent === 'custom' ? 'custom' : 'run';
  if (wiring.kind === 'not-recorded') {
    const id = randomUUID();
    const at = deps.now().toISOString();
    insertWireSession(deps.db, { id, kind, agent: s.agent, repo: s.repo, runId: s.runId, threadId: s.threadId, createdAt: at });
    addWireNote(deps.db, id, at, wiring.reason);
    return { ...NONE, note: wiring.reason };
  }
  try {
    const session = await openWireSession(deps, { kind, agent: s.agent, repo: s.repo, runId: s.runId, threadId: s.threadId, upstreams: wiring.upstreams, enforce: s.enforce, onRecord: s.onRecord });
    session.setStep(s.stepId);
    const { env, args } = wiring.apply((p) => session.relay.baseUrl(p));
    return { session, env, args, note: null };
  } catch (err) {
    // The run goes on unrecorded rather than failing for the wire.
    const reason = `not recorded: Loupe's relay could not start (${(err as Error).message}).`;
    return { ...NONE, note: reason };
  }
}

/** Inserts codex's `-c` overrides before its options (they must precede `-`); other CLIs take none. */
export function withWireArgs(args: readonly string[], wireArgs: readonly string[]): string[] {
  if (!wireArgs.length) return [...args];
  const at = args.indexOf('--json');
  const out = [...args];
  out.splice(at >= 0 ? at : Math.max(0, out.length - 1), 0, ...wireArgs);
  return out;
}
