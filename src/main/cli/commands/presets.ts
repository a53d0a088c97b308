import { readFile, stat, writeFile } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LIBRARY_LIMITS } from '../../../shared/contract/presets';
import { tooLarge } from '../../../shared/presets/library';
import type { Runtime } from '../../core/runtime';
import { EXIT_OK, UsageError, type CliIo, type CommandRun } from '../command';
import { exitCodeFor } from '../exit-codes';
import { withRuntime } from '../with-runtime';
import { formatEffective, formatImport, formatPreset, formatPresetList, formatProblems, formatRepoLibrary, refusalOf } from './presets-format';
import { parsePresetRef, settingsFromFlags, SETTINGS_OPTIONS } from './settings-flags';

const SUBCOMMANDS = ['list', 'show', 'save', 'apply', 'effective', 'export', 'import', 'repo', 'archive'];

type Values = ReturnType<typeof parse>['values'];

function parse(args: string[]) {
  return parseArgs({
    args,
    options: {
      ...SETTINGS_OPTIONS,
      repo: { type: 'string' },
      apply: { type: 'boolean', default: false },
      all: { type: 'boolean', default: false },
      name: { type: 'string', multiple: true },
      import: { type: 'boolean', default: false },
      undo: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    allowPositionals: true,
    strict: true,
  });
}

const print = (io: CliIo, values: Values, data: unknown, text: string) => io.stdout(values.json ? `${JSON.stringify(data, null, 2)}\n` : text);
const needName = (name: string | undefined, how: string): string => {
  if (!name) throw new UsageError(`name the preset: loupe presets ${how}.`);
  return name;
};

/** Reads a library file, refusing one over the size cap before reading it. */
async function readLibraryFile(file: string): Promise<string> {
  const path = resolve(file);
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) throw new UsageError(`${file} is not a file that can be read.`);
  if (info.size > LIBRARY_LIMITS.maxBytes) throw new UsageError(`${file}: ${tooLarge(info.size).message}.`);
  return readFile(path, 'utf8');
}

/** Imports (from a file or a repository), printing each problem of a refusal on its own line. */
async function importing(io: CliIo, values: Values, work: () => Promise<Parameters<typeof formatImport>[0]>): Promise<number> {
  try {
    const report = await work();
    print(io, values, report, formatImport(report));
    return EXIT_OK;
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    const { code, message } = err as { code: Parameters<typeof exitCodeFor>[0]; message: string };
    if (values.json) io.stdout(`${JSON.stringify({ error: { code, message, ...refusal } }, null, 2)}\n`);
    else io.stderr(`loupe presets: ${refusal.summary}\n${formatProblems(refusal.problems, refusal.more)}`);
    return exitCodeFor(code);
  }
}

async function runSub(runtime: Runtime, signal: AbortSignal, io: CliIo, sub: string | undefined, positionals: string[], values: Values): Promise<number> {
  const [arg] = positionals;
  switch (sub) {
    case 'list': {
      const list = await runtime.call('presets.list', { includeArchived: values.all }, { signal });
      print(io, values, list, formatPresetList(list));
      return EXIT_OK;
    }
    case 'show': {
      const name = needName(arg, 'show NAME');
      const [preset, history] = await Promise.all([runtime.call('presets.get', { name }, { signal }), runtime.call('presets.history', { name }, { signal })]);
      print(io, values, { ...preset, history }, formatPreset(preset, history));
      return EXIT_OK;
    }
    case 'save': {
      const name = needName(arg, 'save NAME --agent A [...]');
      const settings = settingsFromFlags(values, null, null);
      const saved = await runtime.call('presets.save', { name, settings, repo: resolve(values.repo ?? '.'), apply: values.apply }, { signal });
      const what = saved.created ? `Saved ${name}@${saved.revision}` : `Unchanged: ${name}@${saved.revision} already holds these settings`;
      print(io, values, saved, `${what}${saved.preset.author ? ` (author ${saved.preset.author})` : ''}${saved.effective ? '; applied' : ''}.\n`);
      return EXIT_OK;
    }
    case 'apply': {
      const ref = parsePresetRef(needName(arg, 'apply NAME[@REVISION]'));
      const effective = await runtime.call('presets.apply', ref, { signal });
      print(io, values, effective, formatEffective(effective));
      return EXIT_OK;
    }
    case 'effective': {
      const effective = await runtime.call('settings.effective', {}, { signal });
      print(io, values, effective, formatEffective(effective));
      return EXIT_OK;
    }
    case 'export': {
      if (!arg) throw new UsageError('name the file to write (- for standard output): loupe presets export FILE.');
      const doc = await runtime.call('presets.export', values.name?.length ? { names: values.name } : {}, { signal });
      if (arg === '-') io.stdout(doc.content);
      else {
        await writeFile(resolve(arg), doc.content);
        io.stderr(`Wrote ${doc.presets} presets (${doc.revisions} revisions) to ${resolve(arg)}\n`);
      }
      return EXIT_OK;
    }
    case 'import': {
      if (!arg) throw new UsageError('name the library file: loupe presets import FILE.');
      const content = await readLibraryFile(arg);
      return importing(io, values, () => runtime.call('presets.import', { content, sourceLabel: basename(arg) }, { signal }));
    }
    case 'repo': {
      const repo = resolve(arg ?? values.repo ?? '.');
      if (values.import) return importing(io, values, () => runtime.call('presets.importFromRepo', { repo, ...(values.name?.length ? { names: values.name } : {}) }, { signal }));
      const lib = await runtime.call('presets.repoLibrary', { repo }, { signal });
      print(io, values, lib, formatRepoLibrary(lib));
      return EXIT_OK;
    }
    case 'archive': {
      const name = needName(arg, 'archive NAME [--undo]');
      const preset = await runtime.call('presets.archive', { name, archived: !values.undo }, { signal });
      print(io, values, preset, `${name} is ${preset.archived ? 'archived: hidden from the list, its revisions kept' : 'back in the list'}.\n`);
      return EXIT_OK;
    }
    default:
      throw new UsageError(`unknown subcommand "${sub}".`);
  }
}

/** `loupe presets …`: team presets over the same services as the app. */
export const run: CommandRun = async (args, io) => {
  const [sub, ...rest] = args;
  const { values, positionals } = parse(rest);
  if (!sub || !SUBCOMMANDS.includes(sub)) {
    throw new UsageError(sub ? `unknown subcommand "${sub}".` : `name a subcommand: ${SUBCOMMANDS.join(', ')}.`);
  }
  if (positionals.length > 1) throw new UsageError(`unexpected argument ${positionals[1]}`);
  return withRuntime(io, (runtime, signal) => runSub(runtime, signal, io, sub, positionals, values));
};
