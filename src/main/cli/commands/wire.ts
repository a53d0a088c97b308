import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';
import { isCalendarDay } from '../../../shared/contract/wire-tools';
import { formatWireSession, formatWireSessions } from './wire-format';
import { formatWireTools } from './wire-tools-format';

/** `loupe wire list|show SESSION|tools`: what the relay recorded of each request, and the tool definitions against their use. */
export const run: CommandRun = async (args, io) => {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: { repo: { type: 'string' }, request: { type: 'string' }, since: { type: 'string' }, json: { type: 'boolean', default: false } },
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
      case 'tools': {
        if (values.since !== undefined && !isCalendarDay(values.since)) throw new UsageError(`--since takes a day as YYYY-MM-DD, a real date (got "${values.since}").`);
        // A folder that does not exist has no sessions: say so rather than "no requests".
        if (values.repo !== undefined && !statSync(resolve(values.repo), { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`--repo ${values.repo} is not a folder.`);
        if (positionals.length > 1) throw new UsageError('name at most one session: loupe wire tools [SESSION] [--repo DIR] [--since YYYY-MM-DD].');
        const id = positionals[0];
        if (id && values.repo !== undefined) throw new UsageError('name a session or --repo, not both.');
        const report = await runtime.call('wire.tools', { ...(id ? { sessionId: id } : {}), ...(values.repo ? { repo: resolve(values.repo) } : {}), ...(values.since ? { since: values.since } : {}) }, { signal });
        io.stdout(values.json ? `${JSON.stringify(report, null, 2)}\n` : formatWireTools(report));
        return EXIT_OK;
      }
      default:
        throw new UsageError(sub ? `unknown subcommand "${sub}".` : 'name a subcommand: list, show or tools.');
    }
  });
};
