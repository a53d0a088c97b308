import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';
import { formatManifest } from './xray-format';

/**
 * `loupe xray --preview [--repo DIR] [--json]`: the context a new thread
 * would start with under the settings in force (Settings → Context in the
 * app): Loupe's sections with the ticked memory every app run sends, the
 * instruction files the agent's CLI loads from DIR, the tools it last
 * announced. xray.ts hands `--preview` here.
 */
export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    options: { preview: { type: 'boolean', default: false }, repo: { type: 'string' }, json: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length) throw new UsageError('give either a thread or --preview, not both.');
  const manifest = await withRuntime(io, (runtime, signal) => runtime.call('xray.preview', values.repo ? { repo: resolve(values.repo) } : {}, { signal }));
  io.stdout(values.json ? `${JSON.stringify(manifest, null, 2)}\n` : formatManifest(manifest));
  return EXIT_OK;
};
