import { z } from 'zod';
import { emptyRequest } from './common';
import { lazy, method } from './define';

/**
 * Where a model's window comes from: the bundled snapshot, a refresh the user
 * turned on (models.dev api.json or an OpenAI-style /v1/models list), or the
 * 200,000 default when no valid window is published (never shown as the model's own).
 */
export type WindowSource = 'snapshot' | 'refresh' | 'default';

export interface ModelInfo {
  /** What to pass as `--model`: `provider/model` for catalog entries, the list's own id for list entries. */
  id: string;
  provider: string;
  name: string;
  /** The window Loupe computes with: the published one, or 200,000 when source is 'default'. */
  window: number;
  source: WindowSource;
  /** The window as published (null when none or invalid: then `window` is the default). */
  publishedWindow: number | null;
  /** Input limit, where published. */
  input: number | null;
  /** Output limit, where published. */
  output: number | null;
  /** Completion reserve: max(16384, floor(0.15 * window)), at most floor(window / 2). */
  reserve: number;
  /** Fold budget: max(1, window - reserve). */
  budget: number;
}

export interface ResolvedModel extends ModelInfo {
  /** False when the id is in no catalog: the default window applies. */
  known: boolean;
  /**
   * How the id was found: 'id' its full provider/model id (any case); 'list'
   * the user's /v1/models list; 'maker' a bare id at its maker's own entry
   * (claude-* at anthropic); 'model-id' a bare id with one entry, or entries
   * that agree on the window; 'alias' the maker's (or the named provider's)
   * name for the same model (claude-sonnet-4 → claude-sonnet-4-0); 'none' not
   * found: the default window applies. An ambiguous bare id is an error that
   * lists the candidates.
   */
  matchedBy: 'id' | 'list' | 'maker' | 'model-id' | 'alias' | 'none';
  /** One sentence saying which entry was used and why, for people (the CLI prints it). */
  note: string;
}

export type RefreshSourceKind = 'models.dev' | 'list';

export interface RefreshSourceStatus {
  kind: RefreshSourceKind;
  /** The URL in the settings ('' when this source is not configured). */
  url: string;
  /** never: not fetched yet; ok: last fetch worked; failed: last fetch failed (the snapshot or last good data is used). */
  state: 'never' | 'ok' | 'failed';
  /** ISO time of the last attempt. */
  at: string | null;
  /** Models read by the last good fetch. */
  models: number | null;
  /** Plain-language reason of the last failure. */
  error: string | null;
  /** ISO time until which the last result (good or failed) is reused. */
  freshUntil: string | null;
}

export interface RefreshStatus {
  enabled: boolean;
  sources: RefreshSourceStatus[];
}

export interface ModelSettings {
  /** Off by default: Loupe never goes online for models unless the user turns this on. */
  refreshEnabled: boolean;
  /** A models.dev-style api.json ('' to skip). */
  modelsDevUrl: string;
  /** An OpenAI-style /v1/models list ('' to skip). */
  listUrl: string;
}

export interface ModelList {
  models: ModelInfo[];
  /** Models in the catalog. */
  total: number;
  /** Models matching the query (models.length may be smaller when capped by `limit`). */
  matched: number;
  defaultWindow: number;
  /** Where the bundled snapshot comes from. */
  snapshot: string;
  refresh: RefreshStatus;
}

const MAX_URL = 2048;

/** An http(s) URL without credentials, or '' for "not set". */
export const refreshUrl = lazy(() =>
  z
    .string({ error: 'must be a string' })
    .trim()
    .max(MAX_URL, `is longer than ${MAX_URL} characters`)
    .superRefine((value, ctx) => {
      if (value === '') return;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        ctx.addIssue({ code: 'custom', message: `is not a URL: "${value}"` });
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        ctx.addIssue({ code: 'custom', message: `must start with http:// or https:// (got ${url.protocol})` });
      } else if (url.username || url.password) {
        ctx.addIssue({ code: 'custom', message: 'must not contain a user name or password' });
      }
    }),
);

export const modelMethods = {
  /** The catalog, filtered by a search over id, name and provider (every word must match). */
  'models.list': method<ModelList>()(() =>
    z
      .object({
        query: z.string().max(200, 'is longer than 200 characters').optional(),
        limit: z.number().int('must be a whole number').min(1).max(5000).default(5000),
      })
      .strict(),
  ),
  /** One model by id (`provider/model` or a bare model id, any case; see ResolvedModel.matchedBy); unknown ids get the default window. */
  'models.resolve': method<ResolvedModel>()(() =>
    z.object({ id: z.string().trim().min(1, 'must not be empty').max(512, 'is longer than 512 characters') }).strict(),
  ),
  'models.getSettings': method<ModelSettings>()(emptyRequest),
  'models.setSettings': method<ModelSettings>()(() =>
    z
      .object({ refreshEnabled: z.boolean({ error: 'must be true or false' }).optional(), modelsDevUrl: refreshUrl().optional(), listUrl: refreshUrl().optional() })
      .strict(),
  ),
  /**
   * Fetches the configured sources when refresh is on (no network when off).
   * Results and failures are reused for a while; `force` asks again now.
   */
  'models.refresh': method<RefreshStatus>()(() => z.object({ force: z.boolean().optional() }).strict()),
};
