import { LOUPE_VERSION } from '../core/version';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliCommand, type CliIo } from './command';
import { foldCommand } from './commands/fold';
import { inspectCommand } from './commands/inspect';
import { modelsCommand } from './commands/models';
import { serveCommand } from './commands/serve';

/** Every subcommand, in the order `loupe --help` lists them. */
export const commands: CliCommand[] = [inspectCommand, modelsCommand, foldCommand, serveCommand];

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
    'Run `loupe <command> --help` for a command\'s options.',
    'LOUPE_USER_DATA=DIR keeps Loupe\'s database in DIR instead of the default folder.',
    '',
  ].join('\n');
}

/** Runs the `loupe` command line; resolves with the process exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(helpText());
    return name ? EXIT_OK : EXIT_USAGE;
  }
  if (name === '--version' || name === '-v') {
    io.stdout(`${LOUPE_VERSION}\n`);
    return EXIT_OK;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    io.stderr(`loupe: unknown command "${name}".\n\n${helpText()}`);
    return EXIT_USAGE;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.summary}\n\nUsage: ${command.usage}\n`);
    return EXIT_OK;
  }
  try {
    return await command.run(rest, io);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    const usage = err instanceof TypeError && 'code' in err && String(err.code).startsWith('ERR_PARSE_ARGS');
    io.stderr(`loupe ${name}: ${message}\n${usage ? `Usage: ${command.usage}\n` : ''}`);
    return usage ? EXIT_USAGE : EXIT_FAILURE;
  }
}
