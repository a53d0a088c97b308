import { statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';
import { formatRuns, formatStep } from './run-format';

/** `loupe runs list|show ID|export ID`: past runs and their evidence. */
export const run: CommandRun = async (args, io) => {
  const [sub, ...rest] = args;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      repo: { type: 'string' },
      json: { type: 'boolean', default: false },
      format: { type: 'string' },
      out: { type: 'string' },
      limit: { type: 'string' },
    },
    allowPositionals: true,
    strict: true,
  });
  return withRuntime(io, async (runtime, signal) => {
    switch (sub) {
      case 'list': {
        if (values.limit !== undefined && !/^\d+$/.test(values.limit)) throw new UsageError('--limit takes a whole number.');
        // A folder that does not exist has no runs to list: say so, rather than "No runs yet." (issue 34, item 8).
        if (values.repo !== undefined && !statSync(resolve(values.repo), { throwIfNoEntry: false })?.isDirectory()) throw new UsageError(`--repo ${values.repo} is not a folder.`);
        const runs = await runtime.call(
          'runs.list',
          { ...(values.repo ? { repo: resolve(values.repo) } : {}), ...(values.limit ? { limit: Number(values.limit) } : {}) },
          { signal },
        );
        io.stdout(values.json ? `${JSON.stringify(runs, null, 2)}\n` : runs.length === 0 && values.repo ? `No runs in ${resolve(values.repo)} yet.\n` : formatRuns(runs));
        return EXIT_OK;
      }
      case 'show': {
        const id = positionals[0];
        if (!id) throw new UsageError('name the run: loupe runs show RUN_ID.');
        const detail = await runtime.call('runs.get', { runId: id }, { signal });
        if (values.json) io.stdout(`${JSON.stringify({ run: detail.run, steps: detail.steps, wire: detail.wire }, null, 2)}\n`);
        else {
          // Which login mode the CLI used, as the wire recorded it (never the credential).
          const login = detail.wire.logins.length ? `Login: ${detail.wire.logins.join('; ')}\n` : '';
          io.stdout(`Run ${detail.run.id}: ${detail.run.status} (${detail.run.agent}), thread ${detail.run.threadId}\n${login}${detail.run.askPreview}\n\n${detail.steps.map((s) => formatStep(s, detail.wire.steps.find((w) => w.stepId === s.id)?.listPrice)).join('\n')}\n`);
        }
        return EXIT_OK;
      }
      case 'export': {
        const id = positionals[0];
        if (!id) throw new UsageError('name the run (r…) or thread (t…): loupe runs export ID --format json|csv.');
        const format = values.format ?? 'json';
        if (format !== 'json' && format !== 'csv') throw new UsageError(`--format must be json or csv, got "${format}".`);
        const scope = id.startsWith('t') ? { threadId: id } : { runId: id };
        const doc = await runtime.call('evidence.export', { scope, format }, { signal });
        if (values.out) {
          await writeFile(resolve(values.out), doc.content);
          io.stderr(`Wrote ${resolve(values.out)}\n`);
        } else io.stdout(doc.content);
        return EXIT_OK;
      }
      default:
        throw new UsageError(sub ? `unknown subcommand "${sub}".` : 'name a subcommand: list, show or export.');
    }
  });
};
