import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { selectedMemoryTexts } from '../../../shared/contract/memory';
import type { RunDetail, RunStreamEvent } from '../../../shared/contract/runs';
import { pickRevision } from '../../../shared/presets/revisions';
import type { StreamMessage } from '../../../shared/streams';
import type { StreamHub } from '../../core/streams/hub';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { readRegularCliFile } from '../read-regular';
import { withRuntime } from '../with-runtime';
import { formatAgentEvent, formatStep } from './run-format';
import { parsePresetRef, settingsFromFlags, SETTINGS_OPTIONS } from './settings-flags';

/** `loupe run` exit codes (documented in --help and the README). */
export const RUN_EXIT = { ok: EXIT_OK, blocked: 3, failed: 4 } as const;

/** Every flag `loupe run` takes (the README's table names each one). */
export const RUN_OPTIONS = {
  repo: { type: 'string' },
  ask: { type: 'string' },
  preset: { type: 'string' },
  ...SETTINGS_OPTIONS,
  thread: { type: 'string' },
  fresh: { type: 'boolean', default: false },
  base: { type: 'string' },
  attach: { type: 'string', multiple: true },
  schema: { type: 'string' },
  memory: { type: 'string', multiple: true },
  'with-memory': { type: 'boolean', default: false },
  'allow-missing': { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
} as const;

/** `loupe run`: one turn with an agent, measured and bounded, streamed as it goes. */
export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    options: RUN_OPTIONS,
    allowPositionals: true,
    strict: true,
  });
  if (!values.repo) throw new UsageError('--repo DIR is required.');
  if (!values.ask?.trim()) throw new UsageError('--ask TEXT is required (what the agent should do).');
  if (values.fresh && !values.thread) throw new UsageError('--fresh continues a thread: give --thread ID too.');
  const presetRef = values.preset === undefined ? null : parsePresetRef(values.preset);
  // Flags are checked now; they override the settings in force (or, with --preset, that revision's) one by one.
  settingsFromFlags(values, null, 'demo');
  // A FIFO or a device as the schema is refused, not waited on.
  const schema = values.schema ? (await readRegularCliFile(resolve(values.schema), `--schema ${values.schema}`)).toString('utf8') : undefined;
  const attachments = (values.attach ?? []).map((p) => ({ name: basename(p), size: 0, path: resolve(p) }));

  return withRuntime(io, async (runtime, signal) => {
    const preset = presetRef ? await runtime.call('presets.get', { name: presetRef.name }, { signal }) : null;
    const revision = preset && presetRef ? pickRevision(preset, presetRef.revision) : null;
    // The settings in force (the applied preset plus the user's changes), as the app's run form uses them.
    let base = revision?.settings ?? (await runtime.call('settings.effective', {}, { signal })).settings;
    // A follow-up without --agent or --command goes on with the thread's own agent (and command), not the settings'.
    if (values.thread && !values.agent && !values.command && !revision) {
      const [latest] = await runtime.call('runs.list', { threadId: values.thread, limit: 1 }, { signal });
      if (latest) {
        const previous = (await runtime.call('runs.get', { runId: latest.id }, { signal })).settings;
        const { command: _command, ...rest } = base;
        base = { ...rest, agent: previous.agent, ...(previous.command !== undefined ? { command: previous.command } : {}), ...(previous.model && !values.model ? { model: previous.model } : {}) };
      }
    }
    const settings = settingsFromFlags(values, base, 'demo');
    // --with-memory: the items ticked in the app; --memory TEXT: more for this run only.
    const saved = values['with-memory'] ? selectedMemoryTexts(await runtime.call('memory.list', {}, { signal })) : [];
    const memory = [...saved, ...(values.memory ?? [])];
    const detail = await runtime.call(
      'runs.start',
      {
        repo: resolve(values.repo!),
        ask: values.ask!,
        ...(values.base ? { baseRef: values.base } : {}),
        paths: positionals,
        attachments,
        settings,
        ...(schema !== undefined ? { schema } : {}),
        ...(memory.length ? { memory } : {}),
        ...(values.thread ? { threadId: values.thread } : {}),
        ...(values.fresh ? { fresh: true } : {}),
        ...(values['allow-missing'] ? { allowUnstaged: true } : {}),
        ...(preset && revision ? { presetRef: { name: preset.name, revision: revision.revision } } : {}),
      },
      { signal },
    );
    const onInterrupt = () => void runtime.call('runs.cancel', { runId: detail.run.id });
    signal.addEventListener('abort', onInterrupt, { once: true });
    const final = await follow(runtime.streams, detail, values.json ? null : io.stdout);
    signal.removeEventListener('abort', onInterrupt);
    const ended = await runtime.call('runs.get', { runId: detail.run.id });
    if (values.json) {
      io.stdout(`${JSON.stringify({ runId: ended.run.id, threadId: ended.run.threadId, status: ended.run.status, steps: ended.steps }, null, 2)}\n`);
    } else {
      io.stdout(`\n${ended.steps.map((s) => formatStep(s, ended.wire.steps.find((w) => w.stepId === s.id)?.listPrice)).join('\n')}\nRun ${ended.run.id} (thread ${ended.run.threadId}): ${ended.run.status}.\n`);
    }
    return final === 'succeeded' ? RUN_EXIT.ok : final === 'blocked' ? RUN_EXIT.blocked : RUN_EXIT.failed;
  });
};

/** Prints a run's events as they arrive (from the start) and resolves with its final status. */
function follow(
  hub: StreamHub,
  detail: RunDetail,
  print: ((text: string) => void) | null,
): Promise<string> {
  // What each step already printed of the agent's own output: a custom command's reply is its
  // stdout, and its failure message its stderr, both shown live already (issue 34, item 8: twice).
  const shown = new Map<string, { stdout: string[]; stderr: string[] }>();
  return new Promise((done) => {
    const sub = hub.attach({
      deliver(message: StreamMessage) {
        if (message.type !== 'event' || message.event.kind !== 'run') return true;
        const e: RunStreamEvent = message.event.payload;
        if (e.type === 'agent' && print) {
          const seen = shown.get(e.stepId) ?? { stdout: [], stderr: [] };
          shown.set(e.stepId, seen);
          const ev = e.event;
          if (ev.type === 'raw') seen[ev.stream].push(ev.text);
          if (ev.type === 'text' && seen.stdout.length && ev.text.trim() === seen.stdout.join('\n').trim()) return true;
          if (ev.type === 'result' && !ev.ok && ev.message && seen.stderr.length && seen.stderr.join('\n').includes(ev.message.trim().split('\n')[0]!)) {
            print('✗ the agent failed: its own words are above\n');
            return true;
          }
          const line = formatAgentEvent(ev);
          if (line !== null) print(`${line}\n`);
        } else if (e.type === 'wire' && print) {
          print(`Loupe on the wire: ${e.warning.text}\n`);
        } else if (e.type === 'step' && print && e.step.outcome === 'blocked') {
          print(`${e.step.message ?? 'Blocked by the context budget.'}\n`);
        } else if (e.type === 'end') {
          queueMicrotask(() => sub.detach());
          done(e.run.status);
        }
        return true;
      },
    });
    sub.follow([{ key: `run:${detail.run.id}`, after: 0 }]);
  });
}
