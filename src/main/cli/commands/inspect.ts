import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LoupeError } from '../../../shared/errors';
import { parseEncoding } from '../../../shared/tokens/encodings';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { writeJson } from '../json-out';
import { startGitHeadStart } from '../../core/git/head-start';
import { defaultUserDataDir } from '../../core/user-data';
import { formatInspection } from './inspect-format';

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

/** `loupe inspect`: the same inspection as the app, as a table or the API's JSON document. */
export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    options: {
      repo: { type: 'string' },
      base: { type: 'string' },
      attach: { type: 'string', multiple: true },
      tokens: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
  if (!values.repo) throw new UsageError('--repo DIR is required.');
  if (positionals.length === 0 && !values.attach?.length) {
    throw new UsageError('name at least one PATH (a file or folder in the repository) or an --attach NAME:SIZE.');
  }
  const tokens = values.tokens === undefined ? undefined : parseEncoding(values.tokens);
  if (tokens === null) throw new UsageError(`--tokens takes o200k or cl100k; got "${values.tokens}".`);
  const request = {
    ...(tokens ? { tokens } : {}),
    repo: resolve(values.repo),
    ...(values.base === undefined ? {} : { baseRef: values.base }),
    paths: positionals,
    ...(values.attach?.length ? { attachments: values.attach.map(parseAttachment) } : {}),
  };
  // git starts on the repository (root, blob reader) while the runtime's code loads: that
  // code is imported below, not with this module. The runtime takes the processes over.
  // (Attachments alone read nothing from git.)
  const gitHeadStart =
    positionals.length > 0 ? startGitHeadStart({ folder: request.repo, userDataDir: resolve(io.env.LOUPE_USER_DATA || defaultUserDataDir()) }) : undefined;
  let runtime;
  try {
    const [{ createRuntimeWith }, { inspectOnlyTable }, { cliRuntimeOptions }] = await Promise.all([
      import('../../core/runtime-core'),
      import('../../core/inspect/inspect-service'),
      import('../runtime-options'),
    ]);
    // The same runtime and service as the app and the browser host, built with that one
    // service only: a one-shot command does not load (or compile) the rest of the app.
    runtime = createRuntimeWith({ ...cliRuntimeOptions(io), ...(gitHeadStart ? { gitHeadStart } : {}) }, inspectOnlyTable);
  } catch (err) {
    await gitHeadStart?.launcher.closeAll();
    throw err;
  }
  const { withGivenRuntime } = await import('../runtime-options');
  const result = await withGivenRuntime(io, runtime, (rt, signal) => rt.call('context.inspect', request, { signal }));
  // The JSON (up to a few MB of previews) is written in pieces: the same bytes, never one string.
  if (values.json) writeJson(io.stdout, result);
  else io.stdout(formatInspection(result));
  return EXIT_OK;
};
