import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { InspectResult } from '../../../shared/contract/context';
import { LoupeError, toErrorShape, type ErrorCode } from '../../../shared/errors';
import { createRuntime } from '../../core/runtime';
import { dispatch } from '../../core/services';
import { EXIT_FAILURE, EXIT_OK, EXIT_USAGE, type CliCommand } from '../command';
import { formatInspection } from './inspect-format';

/** Errors that mean the request itself was wrong (exit 2), rather than Loupe failing. */
const INPUT_ERRORS = new Set<ErrorCode>(['invalid-input', 'too-many-selections', 'bad-ref', 'not-a-repo', 'not-found', 'not-a-directory']);

/** `NAME:SIZE`, split at the last colon so names may hold colons (C:\x.png:10). */
function parseAttachment(spec: string): { name: string; size: number } {
  const colon = spec.lastIndexOf(':');
  const name = spec.slice(0, colon);
  const sizeText = spec.slice(colon + 1);
  if (colon <= 0 || !/^\d+$/.test(sizeText)) {
    throw new LoupeError('invalid-input', `--attach takes NAME:SIZE with SIZE a whole number of bytes; got "${spec}".`);
  }
  return { name, size: Number(sizeText) };
}

export const inspectCommand: CliCommand = {
  name: 'inspect',
  summary: 'Show which files a run would send: sources, hashes, sizes, tokens, omissions',
  usage: 'loupe inspect --repo DIR [--base REF] [--attach NAME:SIZE]... [--json] PATH...',
  async run(args, io) {
    const { values, positionals } = parseArgs({
      args,
      options: {
        repo: { type: 'string' },
        base: { type: 'string' },
        attach: { type: 'string', multiple: true },
        json: { type: 'boolean', default: false },
      },
      allowPositionals: true,
      strict: true,
    });
    const fail = (error: unknown): number => {
      const shape = toErrorShape(error);
      io.stderr(`loupe inspect: ${shape.message} (${shape.code})\n`);
      return INPUT_ERRORS.has(shape.code) ? EXIT_USAGE : EXIT_FAILURE;
    };
    if (!values.repo) {
      io.stderr(`loupe inspect: --repo DIR is required.\nUsage: ${inspectCommand.usage}\n`);
      return EXIT_USAGE;
    }
    let request;
    try {
      request = {
        repo: resolve(values.repo),
        ...(values.base === undefined ? {} : { baseRef: values.base }),
        paths: positionals,
        ...(values.attach?.length ? { attachments: values.attach.map(parseAttachment) } : {}),
      };
    } catch (err) {
      return fail(err);
    }
    // The same runtime and services as the app and the browser host.
    const runtime = createRuntime({ host: 'browser', userDataDir: io.env.LOUPE_USER_DATA });
    try {
      const result = (await dispatch(runtime.services, 'context.inspect', request)) as InspectResult;
      io.stdout(values.json ? `${JSON.stringify(result, null, 2)}\n` : formatInspection(result));
      return EXIT_OK;
    } catch (err) {
      return fail(err);
    } finally {
      await runtime.closeAsync();
    }
  },
};
