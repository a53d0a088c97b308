import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';
import { formatSessionList } from './session-format';

/** `loupe sessions list [--repo DIR] [--json]`: the CLIs' sessions on disk, newest first. */
export const run: CommandRun = async (args, io) => {
  const [sub, ...rest] = args;
  if (sub !== 'list') throw new UsageError(sub ? `unknown subcommand "${sub}".` : 'name a subcommand: list.');
  const { values } = parseArgs({
    args: rest,
    options: { repo: { type: 'string' }, json: { type: 'boolean', default: false }, limit: { type: 'string' } },
    strict: true,
  });
  if (values.limit !== undefined && !/^\d+$/.test(values.limit)) throw new UsageError('--limit takes a whole number.');
  const list = await withRuntime(io, (runtime, signal) =>
    runtime.call('sessions.list', { ...(values.repo ? { repo: resolve(values.repo) } : {}), ...(values.limit ? { limit: Number(values.limit) } : {}) }, { signal }),
  );
  io.stdout(values.json ? `${JSON.stringify(list, null, 2)}\n` : formatSessionList(list));
  return EXIT_OK;
};
