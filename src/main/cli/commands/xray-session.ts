import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { formatSessionManifest } from './session-format';

/**
 * `loupe xray --session FILE [--json]`: the manifest of any Claude Code, Codex
 * or Gemini transcript, whatever folder it is in (xray.ts hands `--session`
 * here; `loupe xray THREAD` is the X-Ray services'). The runtime is built with
 * `sessions.manifest` alone (the same service as the app's), so the command does
 * not load the rest of the app.
 */
export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    options: { session: { type: 'string' }, json: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (!values.session) throw new UsageError('name a transcript: --session FILE.');
  if (positionals.length) throw new UsageError('give either a thread or --session FILE, not both.');
  const file = resolve(values.session);
  const [{ createRuntimeWith }, { sessionManifestOnlyTable }, { cliRuntimeOptions, withGivenRuntime }] = await Promise.all([
    import('../../core/runtime-core'),
    import('../../core/sessions/session-manifest-service'),
    import('../runtime-options'),
  ]);
  const runtime = createRuntimeWith(cliRuntimeOptions(io), sessionManifestOnlyTable);
  const manifest = await withGivenRuntime(io, runtime, (rt, signal) => rt.call('sessions.manifest', { file }, { signal }));
  // One native JSON.stringify: a manifest is a few percent of its transcript, and the piecewise
  // writer (json-out.ts, for inspect's multi-MB documents) costs ~10x its CPU time here.
  io.stdout(values.json ? `${JSON.stringify(manifest, null, 2)}\n` : formatSessionManifest(manifest));
  return EXIT_OK;
};
