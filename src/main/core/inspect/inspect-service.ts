import type { Services } from '../../../shared/api';
import { contextMethods } from '../../../shared/contract/context';
import { parseWithSchema } from '../../../shared/validate-schema';
import type { CoreDeps } from '../deps';
import type { ServiceTable } from '../runtime-core';
import { inspectContext } from './inspect';

export interface InspectServiceHooks {
  /** Called as each inspection starts (the app starts its token workers then). */
  onStart?: () => void;
  /** Receives each previewed file's whole text, by content hash (for context.countTokens). */
  keepText?: (sha256: string, text: string, bytes: number) => void;
  /** Receives each file's redacted preview, by content hash (for context.previews). */
  keepPreview?: (sha256: string, preview: string) => void;
}

/**
 * `context.inspect` over the runtime's reader pool: progress goes to the call's
 * own `task:<callId>` stream; exact counts (request.tokens) run in the runtime's
 * token workers. With `previews: false` the answer leaves the previews out
 * (kept through `keepPreview` for context.previews; without that hook there is
 * nowhere to ask for them, so they stay in).
 */
export function inspectService(deps: Pick<CoreDeps, 'repos' | 'tokens'>, hooks: InspectServiceHooks = {}): Services['context.inspect'] {
  return (request, ctx) => {
    hooks.onStart?.();
    return deps.repos.use(
      request.repo,
      (reader) =>
        inspectContext(reader, request, {
          signal: ctx.signal,
          onProgress: (done, total, label) => ctx.progress(done, total, label),
          ...(hooks.keepText ? { keepText: hooks.keepText } : {}),
          ...(request.tokens ? { tokenCounter: deps.tokens } : {}),
        }),
      ctx.signal,
    ).then((result) => {
      if (!hooks.keepPreview) return result;
      for (const f of result.files) if (f.preview !== undefined) hooks.keepPreview(f.sha256, f.preview);
      return request.previews === false ? { ...result, files: result.files.map(({ preview: _, ...file }) => file) } : result;
    });
  };
}

/**
 * A service table with `context.inspect` alone, for `loupe inspect`: the same
 * service and request schema as the app's, without loading the rest of the app
 * (its other services, their zod schemas, SQLite, the catalog). One call, then
 * the runtime closes: nothing is kept for a later count.
 */
export const inspectOnlyTable: ServiceTable = {
  create: (deps) => ({ 'context.inspect': inspectService(deps) }),
  parse: (name, input) => parseWithSchema(name, contextMethods['context.inspect'].request, input),
};
