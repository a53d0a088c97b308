import { randomUUID } from 'node:crypto';
import type { CallContext, ParsedRequestOf } from '../../../shared/api';
import type { PresetRef, RunDetail, RunSettings } from '../../../shared/contract/runs';
import { SESSION_CLI_LABELS, type ImportedSession, type SessionCli, type SessionContinuation } from '../../../shared/contract/sessions';
import type { AgentId } from '../../../shared/contract/run-limits';
import type { Directive } from '../../../shared/contract/xray';
import type { CoreDeps } from '../deps';
import { stepDirectives } from '../prompt/history';
import { putDirective, recordContinuation, sessionKey } from '../threads/directive-store';
import { appendTranscript, createThread, dropUnstartedThread } from '../threads/thread-store';
import { prunedHistory } from './prune';
import { summaryBytes } from './session-directives';
import { writeTransaction } from '../store/write';

/** The agent that runs each CLI's sessions: a continuation with it keeps the session's model. */
const AGENT_OF: Record<SessionCli, AgentId> = { 'claude-code': 'claude', codex: 'codex', gemini: 'gemini' };
const TITLE_MAX = 200;

export interface ContinueInput {
  session: ImportedSession;
  directives: readonly Directive[];
  repo: string;
  ask: string;
  settings: RunSettings;
  presetRef?: PresetRef;
  /** Starts the new thread's first turn (the runner's runs.start). */
  startRun(request: ParsedRequestOf<'runs.start'>, signal: AbortSignal): Promise<RunDetail>;
}

/** The settings the first turn runs with: the session's own model when the same CLI continues it and none is set. */
function settingsFor(session: ImportedSession, settings: RunSettings): RunSettings {
  const model = session.model;
  if (settings.model || !model || model.startsWith('<') || AGENT_OF[session.cli] !== settings.agent) return settings;
  return { ...settings, model };
}

/**
 * Prune and continue (docs/ARCHITECTURE.md, X-Ray): a new Loupe thread in the
 * repository whose transcript is the session's history as the CLI holds it
 * with the directives applied (read again by line from the transcript, which
 * is never written), pins carried over to the thread's own segment ids, and
 * its first turn started as a fresh session through runs.start, so the runner
 * folds it to the model's budget, measures it against the invocation budget
 * and records evidence like any step. From then on the thread's directives
 * are enforced.
 */
export async function continueSession(deps: CoreDeps, input: ContinueInput, ctx: CallContext): Promise<SessionContinuation> {
  const { session } = input;
  const root = await deps.repos.use(input.repo, async (reader) => reader.root, ctx.signal);
  const pruned = await prunedHistory(session, stepDirectives(input.directives), ctx.signal);
  const settings = settingsFor(session, input.settings);
  const threadId = `t${randomUUID().replaceAll('-', '')}`;
  const source = `import:${session.sessionId ?? 'session'}`.slice(0, 120);
  const title = `${SESSION_CLI_LABELS[session.cli]} session: ${session.title ?? input.ask}`.slice(0, TITLE_MAX);
  const pinAuthor = new Map(input.directives.filter((d) => d.kind === 'pin').map((d) => [d.segmentId, d.author]));
  const now = deps.now();
  writeTransaction(deps.db, () => {
    createThread(deps.db, { id: threadId, repo: root, agent: settings.agent, model: settings.model ?? null, title, now });
    const entries = appendTranscript(deps.db, threadId, source, pruned.items);
    const pinned = new Set(pruned.pinned);
    entries.forEach((entry, i) => {
      const from = pruned.from[i]!;
      if (pinned.has(from)) putDirective(deps.db, { threadId }, { segmentId: entry.segmentId, kind: 'pin', author: pinAuthor.get(from) ?? 'user', createdAt: now.toISOString() });
    });
    recordContinuation(deps.db, sessionKey(session), threadId, now);
  });

  let run: SessionContinuation['run'];
  try {
    run = await input.startRun({ repo: root, ask: input.ask, settings, threadId, fresh: true, paths: [], attachments: [], memory: [], ...(input.presetRef ? { presetRef: input.presetRef } : {}) }, ctx.signal);
  } catch (err) {
    dropUnstartedThread(deps.db, threadId);
    throw err;
  }
  const byId = new Map(session.entries.map((e) => [e.id, e]));
  const summarized = new Set(input.directives.filter((d) => d.kind === 'summarize').map((d) => d.segmentId));
  let bytes = 0;
  pruned.items.forEach((item, i) => {
    const from = pruned.from[i]!;
    bytes += item.kind === 'summary' && summarized.has(from) ? summaryBytes(item.text) : (byId.get(from)?.bytes ?? 0);
  });
  return {
    threadId,
    run,
    carried: { count: pruned.items.length, bytes },
    evicted: pruned.evicted,
    summarized: pruned.from.filter((id) => summarized.has(id)).length,
    pinned: pruned.pinned.length,
    notInContext: pruned.notInContext,
  };
}
