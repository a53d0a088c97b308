import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { ResolvedModel } from '../../../shared/contract/models';
import type { ImportedSession, SessionManifest, SessionSummary } from '../../../shared/contract/sessions';
import type { Freshness } from '../../../shared/contract/xray';
import { DEFAULT_WINDOW_TOKENS, reserveTokens } from '../../../shared/fold/budget';
import { redactTexts } from '../secrets';
import { manifestFromSession, type CatalogWindow } from './manifest';
import { parseSessionFile } from './parse';

/** Parsed sessions kept in memory at most (each is previews and counts only). */
export const SESSION_CACHE_MAX = 64;

export type ResolveModel = (id: string, signal?: AbortSignal) => Promise<ResolvedModel>;

interface Cached {
  bytes: number;
  mtimeMs: number;
  session: ImportedSession;
}

/** Every preview of a session through the one secrets module (one batch). */
export async function redactSessionPreviews(session: ImportedSession): Promise<number> {
  const texts = [...session.entries.map((e) => e.preview), ...session.system.map((p) => p.preview), session.title ?? ''];
  const out = await redactTexts(texts);
  let n = 0;
  session.entries.forEach((e, i) => {
    e.preview = out[i]!.text;
    n += out[i]!.redactions;
  });
  const offset = session.entries.length;
  session.system.forEach((p, i) => {
    p.preview = out[offset + i]!.text;
    n += out[offset + i]!.redactions;
  });
  if (session.title !== null) session.title = out.at(-1)!.text;
  return n;
}

/** The catalog's window for a transcript's model; the 200,000 default when it names none or the catalog cannot say. */
export async function catalogWindowFor(model: string | null, resolveModel: ResolveModel, signal?: AbortSignal): Promise<CatalogWindow> {
  if (model) {
    try {
      const m = await resolveModel(model, signal);
      return { id: m.known ? m.id : model, window: m.window, reserve: m.reserve, source: m.source };
    } catch {
      // An ambiguous bare id: the default applies, and the source says so.
    }
  }
  return { id: model, window: DEFAULT_WINDOW_TOKENS, reserve: reserveTokens(DEFAULT_WINDOW_TOKENS), source: 'default' };
}

/**
 * Reads transcripts into sessions and manifests, reusing a parse while the
 * file's size and modification time are unchanged (so a session still being
 * written is re-read when it grows, and a list of unchanged ones is cheap).
 */
export class SessionStore {
  private readonly cache = new Map<string, Cached>();

  constructor(
    private readonly resolveModel: ResolveModel,
    private readonly now: () => Date,
  ) {}

  /** The session in `file`, re-read when the file changed since the last read. */
  async read(file: string, signal?: AbortSignal): Promise<ImportedSession> {
    const path = resolve(file);
    const st = await stat(path).catch(() => null);
    const hit = this.cache.get(path);
    if (hit && st && hit.bytes === st.size && hit.mtimeMs === st.mtimeMs) {
      this.cache.delete(path);
      this.cache.set(path, hit);
      return hit.session;
    }
    const { session } = await parseSessionFile(path, { signal, now: this.now });
    await redactSessionPreviews(session);
    const main = session.files[0]!;
    this.cache.set(path, { bytes: main.bytes, mtimeMs: main.mtimeMs, session });
    while (this.cache.size > SESSION_CACHE_MAX) this.cache.delete(this.cache.keys().next().value!);
    return session;
  }

  /** The X-Ray manifest of the session in `file` (advisory), with the window of the model it names. */
  async manifest(file: string, signal?: AbortSignal): Promise<SessionManifest> {
    return this.manifestOf(await this.read(file, signal), signal);
  }

  /** The X-Ray manifest of a session already read. */
  async manifestOf(session: ImportedSession, signal?: AbortSignal): Promise<SessionManifest> {
    const catalog = await catalogWindowFor(session.model, this.resolveModel, signal);
    return manifestFromSession(session, catalog, { now: this.now() });
  }

  /** One line of a sessions list. */
  async summary(file: string, signal?: AbortSignal): Promise<SessionSummary> {
    const s = await this.read(file, signal);
    const main = s.files[0]!;
    const last = s.contextPoints.at(-1);
    return {
      file: main.path,
      cli: s.cli,
      format: s.format,
      sessionId: s.sessionId,
      cwd: s.cwd,
      title: s.title,
      model: s.model,
      startedAt: s.startedAt,
      updatedAt: new Date(main.mtimeMs).toISOString(),
      bytes: main.bytes,
      lastContext: last ? { tokens: last.reported, basis: last.basis, at: last.timestamp } : null,
    };
  }
}

/**
 * Whether a manifest built from a file of `bytes` and `mtimeMs` still shows it:
 * `stale` once the CLI wrote more (or rewrote it), `unavailable` when it is gone.
 */
export async function sessionFreshness(file: string, bytes: number, mtimeMs: number): Promise<{ freshness: Freshness; bytes: number | null; mtimeMs: number | null }> {
  const st = await stat(resolve(file)).catch(() => null);
  if (!st) return { freshness: 'unavailable', bytes: null, mtimeMs: null };
  const same = st.size === bytes && st.mtimeMs === mtimeMs;
  return { freshness: same ? 'current' : 'stale', bytes: st.size, mtimeMs: st.mtimeMs };
}
