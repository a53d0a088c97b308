import { parseArgs } from 'node:util';
import { createRuntime } from '../../core/runtime';
import { startHost } from '../../host/server';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliCommand } from '../command';

export const serveCommand: CliCommand = {
  name: 'serve',
  summary: 'Serve the Loupe app in your browser on 127.0.0.1',
  usage: 'loupe serve [--port N] [--token T]',
  async run(args, io) {
    const { values } = parseArgs({
      args,
      options: { port: { type: 'string' }, token: { type: 'string' } },
      strict: true,
    });
    // Plain digits only: Number() would take '' as 0, '0x50' as 80 and '1e3' as 1000.
    const port = values.port === undefined ? 0 : /^\d{1,5}$/.test(values.port) ? Number(values.port) : Number.NaN;
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      io.stderr(`loupe serve: --port must be an integer from 0 to 65535, got "${values.port}".\n`);
      return EXIT_USAGE;
    }
    if (values.token !== undefined && !/^[\w.~-]{16,256}$/.test(values.token)) {
      io.stderr('loupe serve: --token must be 16 to 256 URL-safe characters (letters, digits, - _ . ~).\n');
      return EXIT_USAGE;
    }
    const runtime = createRuntime({ host: 'browser', userDataDir: io.env.LOUPE_USER_DATA });
    let host;
    try {
      host = await startHost({ runtime, rendererDir: io.rendererDir, port, token: values.token });
    } catch (err) {
      await runtime.closeAsync();
      if ((err as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw err;
      io.stderr(`loupe serve: port ${port} on 127.0.0.1 is already in use; choose another with --port, or --port 0 for any free one.\n`);
      return EXIT_FAILURE;
    }
    io.stdout(`Loupe is serving at ${host.url}\n`);
    await new Promise<void>((resolve) => {
      const stop = () => {
        void host.close().then(() => {
          runtime.close();
          resolve();
        });
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return EXIT_OK;
  },
};
