import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';
import { formatWireSession, formatWireSessions } from './wire-format';

/** `loupe wire list|show SESSION`: what the relay recorded of each request. */
export const run: CommandRun = async (args, io) => {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { repo: { type: 'string' }, request: { type: 'string' }, json: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  return withRuntime(io, async (runtime, signal) => {
    switch (sub) {
      case 'list': {
        const sessions = await runtime.call('wire.list', values.repo ? { repo: resolve(values.repo) } : {}, { signal });
        io.stdout(values.json ? `${JSON.stringify(sessions, null, 2)}\n` : formatWireSessions(sessions));
        return EXIT_OK;
      }
      case 'show': {
        const id = positionals[0];
        if (!id) throw new UsageError('name the session: loupe wire show SESSION [--request N].');
        if (values.request !== undefined && !/^[1-9]\d*$/.test(values.request)) throw new UsageError('--request takes a request number (1, 2, …).');
        const detail = await runtime.call('wire.show', { sessionId: id, ...(values.request ? { request: Number(values.request) } : {}) }, { signal });
        io.stdout(values.json ? `${JSON.stringify(detail, null, 2)}\n` : formatWireSession(detail));
        return EXIT_OK;
      }
      default:
        throw new UsageError(sub ? `unknown subcommand "${sub}".` : 'name a subcommand: list or show.');
    }
  });
};
