// The X-Ray methods: they answer for a thread or an imported session alike
// (apart from the manifest types, so both kinds can be named without a cycle).
import { z } from 'zod';
import { pathString } from './common';
import { lazy, method } from './define';
import { RUN_LIMITS, runInputSchema, runSettingsSchema, type RunDetail, type RunPreview } from './runs';
import type { SessionManifest } from './sessions';
import type { Directive, Manifest, ThreadManifest, WireManifest } from './xray';

/** What xray.manifest and the directive methods answer: a thread's manifest or an imported session's, told apart by `source`. */
export type XrayManifest = ThreadManifest | SessionManifest | WireManifest;

/** What xray.* names: a Loupe thread, or an imported CLI transcript file. */
export type XrayTarget = { threadId: string } | { sessionFile: string } | { wireSession: string };

const id = lazy(() =>
  z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'is not a valid id'),
);
const segmentId = lazy(() =>
  z.string().min(1).max(200),
);
/** Who sets a directive: the user (the app, the CLI; the default) or the agent (through `loupe mcp`). */
const author = lazy(() =>
  z.enum(['user', 'agent'], { error: 'must be "user" or "agent"' }).optional(),
);
const target = lazy(() =>
  z.union([
    z.object({ threadId: id() }).strict(),
    z.object({ sessionFile: pathString() }).strict(),
    z.object({ wireSession: z.string().regex(/^[0-9a-f-]{36}$/, 'is not a wire session id') }).strict(),
  ]),
);

export const xrayMethods = {
  /** The manifest of a thread or of a CLI transcript file. */
  'xray.manifest': method<XrayManifest>()(target),
  /** The would-be system context for these settings, without a live thread (Settings → Context). */
  /**
   * What a new thread would start with: for `repo` with the Inspector's base,
   * selection and attachments when given (the sections measured as the run
   * bar measures them), else the settings alone.
   */
  'xray.preview': method<Manifest>()(() =>
    z
      .object({
        repo: pathString().optional(),
        settings: runSettingsSchema().optional(),
        baseRef: runInputSchema().shape.baseRef,
        paths: runInputSchema().shape.paths.optional(),
        attachments: runInputSchema().shape.attachments.optional(),
      })
      .strict(),
  ),
  'xray.pin': method<XrayManifest>()(() => target().and(z.object({ segmentId: segmentId(), author: author() }))),
  /**
   * On the wire an eviction or summary waits for a cheap moment (the cache's lifetime passed, the CLI
   * compacted, or it pays back quickly) and is pending until then; `now: true` applies it on the next request.
   */
  'xray.evict': method<XrayManifest>()(() => target().and(z.object({ segmentId: segmentId(), author: author(), now: z.boolean().optional() }))),
  'xray.summarize': method<XrayManifest>()(() =>
    target().and(z.object({ segmentId: segmentId(), summary: z.string().trim().min(1).max(20_000), author: author(), now: z.boolean().optional() })),
  ),
  /** Undoes any directive on a segment. */
  'xray.restore': method<XrayManifest>()(() => target().and(z.object({ segmentId: segmentId(), author: author() }))),
  'xray.directives': method<Directive[]>()(target),
  /**
   * The prompt a fresh-session turn of the thread would send now, measured
   * exactly as the runner measures it right before launch (directives
   * applied; the thread's latest run again, with its ask).
   */
  'xray.measure': method<RunPreview>()(() => z.object({ threadId: id() }).strict()),
  /**
   * Continues the thread as a fresh session whose history Loupe assembles with
   * the directives applied: the thread's latest run again (same context and
   * settings) with a new ask. Follow `run:<id>` as for runs.start.
   */
  'xray.continue': method<RunDetail>()(() =>
    z.object({ threadId: id(), ask: z.string({ error: 'must be a string' }).trim().min(1, 'must not be empty').max(RUN_LIMITS.maxAskChars) }).strict(),
  ),
  /** An external host posts its own inventory: stored and shown as advisory. */
  'xray.report': method<{ stored: boolean }>()(() =>
    z
      .object({
        threadId: id(),
        host: z.string().min(1).max(200),
        segments: z
          .array(z.object({ id: segmentId(), kind: z.string().max(40), tokens: z.number().int().nonnegative(), preview: z.string().max(2000).optional() }).strict())
          .max(10_000),
      })
      .strict(),
  ),
};
