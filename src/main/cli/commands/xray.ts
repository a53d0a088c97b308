import { parseArgs } from 'node:util';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';
import { formatManifest } from './xray-format';

const ACTIONS = ['pin', 'evict', 'restore', 'summarize'] as const;
type Action = (typeof ACTIONS)[number];

/**
 * `loupe xray THREAD [--json]` prints a thread's manifest; `loupe xray
 * pin|evict|restore|summarize THREAD SEGMENT` sets or undoes a directive;
 * `loupe xray --session FILE` prints a CLI transcript's manifest.
 */
export const run: CommandRun = async (args, io) => {
  // A CLI transcript's manifest is the sessions module's (`loupe xray --session FILE`).
  if (args.some((a) => a === '--session' || a.startsWith('--session='))) return (await import('./xray-session')).run(args, io);
  const { values, positionals } = parseArgs({
    args,
    options: { json: { type: 'boolean', default: false }, summary: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  const [first, ...rest] = positionals;
  if (!first) throw new UsageError('name a thread: loupe xray THREAD_ID.');
  const action = (ACTIONS as readonly string[]).includes(first) ? (first as Action) : null;
  return withRuntime(io, async (runtime, signal) => {
    let manifest;
    if (!action) {
      if (rest.length) throw new UsageError(`unexpected "${rest[0]}" after the thread id.`);
      manifest = await runtime.call('xray.manifest', { threadId: first }, { signal });
    } else {
      const [threadId, segmentId, extra] = rest;
      if (!threadId || !segmentId || extra) throw new UsageError(`loupe xray ${action} THREAD_ID SEGMENT_ID${action === 'summarize' ? ' --summary TEXT' : ''}.`);
      if (action === 'summarize') {
        if (!values.summary) throw new UsageError('summarize needs --summary TEXT (what stands in for the segment).');
        manifest = await runtime.call('xray.summarize', { threadId, segmentId, summary: values.summary }, { signal });
      } else {
        manifest = await runtime.call(`xray.${action}`, { threadId, segmentId }, { signal });
      }
      const seg = manifest.segments.find((s) => s.id === segmentId);
      if (!values.json) io.stderr(`${segmentId}: ${seg?.status ?? 'unknown'}${manifest.enforceable ? '' : ' (intent: the next turn resumes the CLI session; continue as a fresh session to apply it)'}\n`);
    }
    io.stdout(values.json ? `${JSON.stringify(manifest, null, 2)}\n` : formatManifest(manifest));
    return EXIT_OK;
  });
};
