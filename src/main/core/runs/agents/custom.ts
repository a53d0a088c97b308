// A command line the user gives: prompt on stdin, standard output is the reply.
import type { AgentEvent } from '../../../../shared/contract/agent-events';
import type { AgentAdapter, AgentStreamParser, Invocation } from './adapter';
import { splitCommandLine } from './command-line';
import { LoupeError } from '../../../../shared/errors';
import { describeExit, promptWithSchema, rawStderr, rawStdout, resultFromExit, StderrTail } from './parse-util';

/** The reply kept from a custom command's stdout; past this it is cut with a note (the raw events still show it all). */
export const CUSTOM_REPLY_MAX_CHARS = 4 * 1024 * 1024;

/**
 * Each stdout line is a raw event as it arrives; at the end, the whole stdout
 * is one `text` event (the reply recorded in the transcript) and the result
 * is ok on exit 0, otherwise failed with the last stderr lines.
 */
export function createCustomParser(): AgentStreamParser {
  const stderr = new StderrTail(5, () => false);
  const lines: string[] = [];
  let chars = 0;
  let truncated = false;
  return {
    stdout(line) {
      if (chars < CUSTOM_REPLY_MAX_CHARS) {
        const room = CUSTOM_REPLY_MAX_CHARS - chars;
        lines.push(line.length > room ? line.slice(0, room) : line);
        truncated = line.length > room;
        chars += Math.min(line.length, room) + 1;
      } else truncated = true;
      return [rawStdout(line)];
    },
    stderr(line) {
      stderr.push(line);
      return [rawStderr(line)];
    },
    end(exit) {
      const out: AgentEvent[] = [];
      let text = lines.join('\n');
      if (truncated) text += `\n[… Loupe kept the first ${CUSTOM_REPLY_MAX_CHARS / 1024 / 1024} MiB of the output]`;
      if (text.trim()) out.push({ type: 'text', text });
      out.push(resultFromExit('The command', exit, stderr.text() ?? `The command ${describeExit(exit)}.`));
      return out;
    },
  };
}

export const customAdapter: AgentAdapter = {
  id: 'custom',
  label: 'Custom command',
  resumable: false,
  capabilities: { schema: 'stdin', mcp: false },
  async detect() {
    // Always offered: the command line is given per run, and a missing program fails that run plainly.
    return { id: 'custom', label: 'Custom command', installed: true, version: null, path: null, problem: null, resumable: false };
  },
  invocation(input): Invocation {
    if (!input.command?.trim()) throw new LoupeError('invalid-input', 'A custom agent needs its command line (settings.command).');
    const [command, ...args] = splitCommandLine(input.command);
    const stdin = input.schema !== null ? promptWithSchema(input.prompt, input.schema) : input.prompt;
    return { command: command!, args: [...args, ...input.extraArgs], env: {}, stdin, schemaBytes: 0 };
  },
  parser: () => createCustomParser(),
};
