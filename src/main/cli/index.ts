import { isErrorShape, LoupeError } from '../../shared/errors';
import { LOUPE_VERSION } from '../core/version';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, UsageError, type CliCommand, type CliIo } from './command';
import { commands } from './commands/index';
import { exitCodeFor } from './exit-codes';

export { commands };

function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  const lines = commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`);
  return [
    `Loupe ${LOUPE_VERSION}: see and bound the context your coding agents receive.`,
    '',
    'Usage: loupe <command> [options]',
    '',
    'Commands:',
    ...lines,
    '',
    "Run 'loupe <command> --help' for a command's options.",
    "LOUPE_USER_DATA=DIR keeps Loupe's database in DIR instead of the default folder.",
    'Exit codes: 0 ok, 2 invalid input, 130 interrupted, 1 other failures (and per command).',
    '',
  ].join('\n');
}

/** A parseArgs error in one plain line (its own messages quote awkwardly). */
function argumentProblem(err: unknown): string | null {
  if (!(err instanceof TypeError) || !('code' in err) || !String(err.code).startsWith('ERR_PARSE_ARGS')) return null;
  const option = /'(-{1,2}[^'\s]+)/.exec(err.message)?.[1];
  switch (err.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option ${option ?? err.message}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return option ? `option ${option} needs a value` : err.message;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument ${/'([^']+)'/.exec(err.message)?.[1] ?? ''}`.trim();
    default:
      return err.message;
  }
}

/** Request fields whose flag is not their name in kebab case. */
const FLAG_OF: Record<string, string> = {
  maxApproximateTokens: '--max-approx-tokens',
  policy: '--policy',
  sessionId: 'SESSION',
  threadId: 'THREAD',
  segmentId: 'SEGMENT_ID',
  runId: 'RUN',
  repo: '--repo',
};

/**
 * An invalid-input error from a service, in the command's words (issue 34, item 8): each
 * problem named by the flag that carries it (settings.loop.contextBudget.maxPromptBytes is
 * --max-prompt-bytes) where the command takes that flag, without the contract's method
 * name; null for other errors.
 */
function invalidInputText(err: { code: string; details?: unknown }, usage: string): string | null {
  if (err.code !== 'invalid-input') return null;
  const issues = (err.details as { issues?: { path: string[]; message: string }[] } | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const label = (path: string[]) => {
    const last = path.at(-1) ?? '';
    const flag = FLAG_OF[last] ?? `--${last.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    return last && usage.includes(flag) ? flag : path.length ? path.join('.') : 'the request';
  };
  return `${issues.slice(0, 8).map((i) => `${label(i.path)} ${i.message}`).join('; ')}.`;
}

/** Rewrites `--flag -5` to `--flag=-5`, so a negative number reaches the flag's own check (parseArgs reads it as an option). */
function negativeValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (arg === '--') return [...out, ...args.slice(i)];
    if (/^--[a-z][\w-]*$/.test(arg) && next !== undefined && /^-\d+(\.\d+)?$/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

/** Runs the `loupe` command line; resolves with the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, ...afterFirst] = argv;
  // `loupe help inspect` is `loupe inspect --help`.
  const helpFor = first === 'help' && afterFirst[0] !== undefined && commands.some((c) => c.name === afterFirst[0]);
  const [name, ...rest] = helpFor ? [afterFirst[0]!, '--help'] : argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(helpText());
    return name ? EXIT_OK : EXIT_USAGE;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${LOUPE_VERSION}\n`);
    return EXIT_OK;
  }
  const command: CliCommand | undefined = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`loupe: unknown command "${name}".\n\n${helpText()}`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.summary}\n\nUsage: ${command.usage}\n`);
    return EXIT_OK;
  }
  try {
    const run = await command.load();
    return await run(negativeValues(rest), io);
  } catch (err) {
    const problem = err instanceof UsageError ? err.message : argumentProblem(err);
    if (problem !== null) {
      io.stderr(`loupe ${name}: ${problem}\nUsage: ${command.usage}\n`);
      return EXIT_USAGE;
    }
    if (err instanceof LoupeError || isErrorShape(err)) {
      const plain = invalidInputText(err, command.usage);
      if (plain) {
        io.stderr(`loupe ${name}: ${plain}\nUsage: ${command.usage}\n`);
        return EXIT_USAGE;
      }
      io.stderr(`loupe ${name}: ${err.message} (${err.code})\n`);
      return exitCodeFor(err.code);
    }
    io.stderr(`loupe ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT_FAILURE;
  }
}
