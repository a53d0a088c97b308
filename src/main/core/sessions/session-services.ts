import { stat } from 'node:fs/promises';
import { isAbsolute, resolve } from 'node:path';
import type { Services } from '../../../shared/api';
import { SESSION_CLIS, type SessionFolderInfo, type SessionFolders, type SessionFoldersInfo, type SessionSummary } from '../../../shared/contract/sessions';
import { LoupeError } from '../../../shared/errors';
import type { CoreDeps } from '../deps';
import { readEffective } from '../settings/effective';
import { getSetting, setSetting } from '../store/settings';
import { continueSession } from './continue';
import { listDirectives, sessionKey } from '../threads/directive-store';
import type { RunsApi } from '../runs/api';
import { belongsTo, findTranscripts, headFacts, realOrSame, sessionFolders, type FoundFile } from './discovery';
import { quickSummary } from './quick-summary';
import { SessionStore, sessionFreshness, type ResolveModel } from './session-store';
import { checkTranscriptPath } from './session-xray';
import { sessionManifestService } from './session-manifest-service';
import { redactTexts } from '../secrets';

type SessionServices = Pick<Services, 'sessions.list' | 'sessions.manifest' | 'sessions.freshness' | 'sessions.continue' | 'sessions.getFolders' | 'sessions.setFolders'>;

export interface SessionServiceOptions {
  resolveModel: ResolveModel;
  /** The runner: how sessions.continue begins the new thread's first turn. */
  runs: Pick<RunsApi, 'start'>;
}

const FOLDERS_KEY = 'sessions.folders';
const NO_FOLDERS: SessionFolders = { 'claude-code': '', codex: '', gemini: '' };

function readFolders(deps: CoreDeps): SessionFolders {
  const stored = getSetting<Partial<SessionFolders>>(deps.db, FOLDERS_KEY, {});
  return Object.fromEntries(SESSION_CLIS.map((cli) => [cli, typeof stored[cli] === 'string' ? stored[cli] : ''])) as SessionFolders;
}

async function foldersInfo(deps: CoreDeps): Promise<SessionFoldersInfo> {
  const configured = readFolders(deps);
  const effective: SessionFolderInfo[] = await Promise.all(
    sessionFolders(deps.env, configured).map(async (f) => ({ ...f, exists: f.path !== '' && ((await stat(f.path).catch(() => null))?.isDirectory() ?? false) })),
  );
  return { configured, effective };
}

/**
 * The sessions the CLIs keep on disk (Claude Code, Codex, Gemini): where they
 * are (the CLIs' own variables, or folders set in Settings), which belong to a
 * repository, the manifest of any transcript file with its directives
 * (X-Ray reads them through the same store), and prune-and-continue. The
 * store re-reads a file only when it changed.
 */
export function sessionServices(deps: CoreDeps, options: SessionServiceOptions): { services: SessionServices; store: SessionStore } {
  const store = new SessionStore(options.resolveModel, deps.now);
  const services: SessionServices = {
    async 'sessions.list'({ repo, limit }, ctx) {
      const { effective } = await foldersInfo(deps);
      let repoPath: string | null = null;
      let repoReal: string | null = null;
      if (repo !== undefined) {
        if (!isAbsolute(repo)) throw new LoupeError('invalid-input', `The repository must be an absolute path (got "${repo}").`);
        repoPath = resolve(repo);
        repoReal = realOrSame(repoPath);
      }
      const found: FoundFile[] = [];
      for (const f of effective) if (f.exists) found.push(...(await findTranscripts(f.cli, f.path, ctx.signal)));
      found.sort((a, b) => b.mtimeMs - a.mtimeMs);
      const sessions: SessionSummary[] = [];
      const byGeminiId = new Map<string, SessionSummary>();
      let unreadable = 0;
      for (const file of found) {
        if (sessions.length >= limit) break;
        ctx.signal.throwIfAborted();
        try {
          if (repoPath && repoReal && !belongsTo(await headFacts(file.path), repoPath, repoReal)) continue;
          // Head and tail only (a list of hundreds of long sessions stays quick); Gemini's JSON documents are read whole.
          const summary = (await quickSummary(file.path)) ?? (await store.summary(file.path, ctx.signal));
          // A resumed Gemini session can start a new file for the same id: one line, the fullest file first.
          const earlier = summary.cli === 'gemini' && summary.sessionId ? byGeminiId.get(summary.sessionId) : undefined;
          if (earlier) {
            earlier.otherFiles = [...(earlier.otherFiles ?? []), summary.file];
            continue;
          }
          if (summary.cli === 'gemini' && summary.sessionId) byGeminiId.set(summary.sessionId, summary);
          sessions.push(summary);
        } catch (err) {
          if (err instanceof LoupeError && err.code === 'cancelled') throw err;
          unreadable += 1;
        }
      }
      for (const s of byGeminiId.values()) {
        if (!s.otherFiles) continue;
        // The session's turns may be appended to an older file: show the largest as the session.
        const all = [s.file, ...s.otherFiles];
        const sizes = await Promise.all(all.map(async (f) => (await stat(f).catch(() => null))?.size ?? 0));
        const main = all[sizes.indexOf(Math.max(...sizes))]!;
        if (main !== s.file) Object.assign(s, await store.summary(main, ctx.signal), { otherFiles: all.filter((f) => f !== main) });
      }
      // First prompts are shown: through the one secrets module, like every preview.
      const titles = await redactTexts(sessions.map((s) => s.title ?? ''));
      sessions.forEach((s, i) => {
        if (s.title !== null) s.title = titles[i]!.text;
      });
      return { sessions, folders: effective, repo: repoReal, unreadable };
    },

    'sessions.manifest': sessionManifestService(deps, store),

    'sessions.freshness': async ({ file, bytes, mtimeMs }) => sessionFreshness(file, bytes, mtimeMs),

    'sessions.continue': async ({ sessionFile, repo, ask, settings }, ctx) => {
      checkTranscriptPath(sessionFile);
      if (!isAbsolute(repo)) throw new LoupeError('invalid-input', `The repository must be an absolute path (got "${repo}").`);
      const session = await store.read(sessionFile, ctx.signal);
      const effective = settings ? null : readEffective(deps.db);
      return continueSession(
        deps,
        {
          session,
          directives: listDirectives(deps.db, { session: sessionKey(session) }),
          repo,
          ask,
          settings: settings ?? effective!.settings,
          ...(effective?.appliedPreset ? { presetRef: effective.appliedPreset } : {}),
          startRun: options.runs.start,
        },
        ctx,
      );
    },

    'sessions.getFolders': async () => foldersInfo(deps),

    async 'sessions.setFolders'(patch) {
      const next = { ...NO_FOLDERS, ...readFolders(deps) };
      for (const cli of SESSION_CLIS) {
        const value = patch[cli];
        if (value === undefined) continue;
        if (value !== '' && !isAbsolute(value)) throw new LoupeError('invalid-input', `The ${cli} sessions folder must be an absolute path (got "${value}").`, { field: cli });
        next[cli] = value === '' ? '' : resolve(value);
      }
      setSetting(deps.db, FOLDERS_KEY, next, deps.now());
      return foldersInfo(deps);
    },
  };
  return { services, store };
}
