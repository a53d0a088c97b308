import { readFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { RunDetail, RunSettingsInput, RunStreamEvent } from '../../../shared/contract/runs';
import { AGENT_IDS, type AgentId } from '../../../shared/contract/run-limits';
import type { StreamMessage } from '../../../shared/streams';
import type { StreamHub } from '../../core/streams/hub';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { withRuntime } from '../with-runtime';
import { formatAgentEvent, formatStep } from './run-format';

/** `loupe run` exit codes (documented in --help and the README). */
export const RUN_EXIT = { ok: EXIT_OK, blocked: 3, failed: 4 } as const;

/** A whole positive number for a ceiling flag, or a usage error naming the flag. */
function positiveInt(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} takes a whole number of at least 1, got "${text}".`);
  return Number(text);
}

/** `loupe run`: one turn with an agent, measured and bounded, streamed as it goes. */
export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    options: {
      repo: { type: 'string' },
      ask: { type: 'string' },
      agent: { type: 'string' },
      command: { type: 'string' },
      model: { type: 'string' },
      thread: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      base: { type: 'string' },
      attach: { type: 'string', multiple: true },
      notes: { type: 'string' },
      'max-prompt-bytes': { type: 'string' },
      'max-approx-tokens': { type: 'string' },
      policy: { type: 'string' },
      timeout: { type: 'string' },
      schema: { type: 'string' },
      'keep-staged': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (!values.repo) throw new UsageError('--repo DIR is required.');
  if (!values.ask?.trim()) throw new UsageError('--ask TEXT is required (what the agent should do).');
  if (values.agent && values.command) throw new UsageError('give --agent NAME or --command CMD, not both.');
  const agent = (values.command ? 'custom' : (values.agent ?? 'claude')) as AgentId;
  if (!AGENT_IDS.includes(agent)) throw new UsageError(`--agent must be one of ${AGENT_IDS.join(', ')}; got "${values.agent}".`);
  if (values.fresh && !values.thread) throw new UsageError('--fresh continues a thread: give --thread ID too.');
  if (values.policy !== undefined && values.policy !== 'warn' && values.policy !== 'block') {
    throw new UsageError(`--policy must be warn or block, got "${values.policy}".`);
  }
  const maxPromptBytes = positiveInt('--max-prompt-bytes', values['max-prompt-bytes']);
  const maxApproximateTokens = positiveInt('--max-approx-tokens', values['max-approx-tokens']);
  const idle = values.timeout === undefined ? undefined : values.timeout === 'off' ? null : positiveInt('--timeout', values.timeout);
  const hasCeiling = maxPromptBytes !== undefined || maxApproximateTokens !== undefined;
  if (values.policy && !hasCeiling) throw new UsageError('--policy needs a ceiling: --max-prompt-bytes N or --max-approx-tokens N.');
  const settings: RunSettingsInput = {
    agent,
    ...(values.command ? { command: values.command } : {}),
    ...(values.model ? { model: values.model } : {}),
    ...(values.notes ? { notes: values.notes } : {}),
    ...(values['keep-staged'] ? { keepStaged: true } : {}),
    loop: {
      ...(hasCeiling ? { contextBudget: { maxPromptBytes, maxApproximateTokens, policy: (values.policy ?? 'block') as 'warn' | 'block' } } : {}),
      ...(idle !== undefined ? { idleTimeoutSeconds: idle } : {}),
    },
  };
  const schema = values.schema ? await readFile(resolve(values.schema), 'utf8').catch(() => {
    throw new UsageError(`--schema ${values.schema} could not be read.`);
  }) : undefined;
  const attachments = (values.attach ?? []).map((p) => ({ name: basename(p), size: 0, path: resolve(p) }));

  return withRuntime(io, async (runtime, signal) => {
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
        ...(values.thread ? { threadId: values.thread } : {}),
        ...(values.fresh ? { fresh: true } : {}),
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
      io.stdout(`\n${ended.steps.map(formatStep).join('\n')}\nRun ${ended.run.id} (thread ${ended.run.threadId}): ${ended.run.status}.\n`);
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
  return new Promise((done) => {
    const sub = hub.attach({
      deliver(message: StreamMessage) {
        if (message.type !== 'event' || message.event.kind !== 'run') return true;
        const e: RunStreamEvent = message.event.payload;
        if (e.type === 'agent' && print) {
          const line = formatAgentEvent(e.event);
          if (line !== null) print(`${line}\n`);
        } else if (e.type === 'step' && print && e.step.outcome === 'blocked') {
          print(`Blocked: ${e.step.message ?? 'over the context budget'}\n`);
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
