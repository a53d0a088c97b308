import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';
import { formatSessionManifest } from './session-format';

/**
 * `loupe xray --session FILE [--json]`: the manifest of any Claude Code, Codex
 * or Gemini transcript, whatever folder it is in (xray.ts hands `--session`
 * here; `loupe xray THREAD` is the X-Ray services').
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
  const manifest = await withRuntime(io, (runtime, signal) => runtime.call('sessions.manifest', { file }, { signal }));
  io.stdout(values.json ? `${JSON.stringify(manifest, null, 2)}\n` : formatSessionManifest(manifest));
  return EXIT_OK;
};
