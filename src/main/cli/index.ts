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
    return await run(rest, io);
  } catch (err) {
    const problem = err instanceof UsageError ? err.message : argumentProblem(err);
    if (problem !== null) {
      io.stderr(`loupe ${name}: ${problem}\nUsage: ${command.usage}\n`);
      return EXIT_USAGE;
    }
    if (err instanceof LoupeError || isErrorShape(err)) {
      io.stderr(`loupe ${name}: ${err.message} (${err.code})\n`);
      return exitCodeFor(err.code);
    }
    io.stderr(`loupe ${name}: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT_FAILURE;
  }
}
