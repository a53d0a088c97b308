import { parseArgs } from 'node:util';
import { formatInt } from '../../../shared/format';
import { DEFAULT_ENCODING, parseEncoding, type TokenEncoding } from '../../../shared/tokens/encodings';
import { classifyTextKind } from '../../../shared/tokens/text-kind';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { approxTokens } from '../../../shared/contract/run-limits';
import { readRegularCliFile } from '../read-regular';

interface Input {
  file: string;
  text: string;
  bytes: number;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** Reads every FILE (`-` is standard input, once) as UTF-8 text; the first problem is a usage error in one plain sentence. */
async function readInputs(files: string[], readStdin: () => Promise<string>): Promise<Input[]> {
  if (files.filter((f) => f === '-').length > 1) throw new UsageError('standard input (-) can be read only once.');
  const inputs: Input[] = [];
  for (const file of files) {
    let text: string;
    if (file === '-') {
      text = await readStdin();
    } else {
      // A FIFO or a device (`/dev/zero`) is refused, not waited on.
      const raw = await readRegularCliFile(file, file);
      try {
        text = utf8.decode(raw);
      } catch {
        throw new UsageError(`${file} is not UTF-8 text; only text has tokens.`);
      }
    }
    inputs.push({ file, text, bytes: Buffer.byteLength(text, 'utf8') });
  }
  return inputs;
}

const signed = (x: number) => `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)}%`;
const errorOf = (estimate: number, exact: number) => (exact === 0 ? 0 : (estimate - exact) / exact);

/** `loupe tokens`: exact counts in worker threads, beside the estimate, per file and in total. */
export const run: CommandRun = async (args, io) => {
  const { values, positionals } = parseArgs({
    args,
    options: { encoding: { type: 'string' }, json: { type: 'boolean', default: false } },
    allowPositionals: true,
    strict: true,
  });
  const encoding: TokenEncoding | null = values.encoding === undefined ? DEFAULT_ENCODING : parseEncoding(values.encoding);
  if (!encoding) throw new UsageError(`--encoding takes o200k or cl100k; got "${values.encoding}".`);
  if (positionals.length === 0) throw new UsageError('name at least one FILE, or - for standard input.');
  const inputs = await readInputs(positionals, io.readStdin);
  // Loaded here: only this command needs the worker threads.
  const { createTokenCounter } = await import('../../core/tokens/token-counter');
  const counter = createTokenCounter({ workerFile: io.env.LOUPE_TOKENS_WORKER || undefined });
  const controller = new AbortController();
  const stop = io.onInterrupt?.(() => controller.abort());
  let counts: number[];
  try {
    counts = await counter.count(inputs.map((i) => ({ text: i.text })), encoding, { signal: controller.signal });
  } finally {
    stop?.();
    await counter.close();
  }
  const files = inputs.map((input, k) => {
    const estimatedTokens = approxTokens(input.bytes);
    const exactTokens = counts[k]!;
    const kind = classifyTextKind(input.file === '-' ? 'stdin' : input.file, input.text);
    return { file: input.file, bytes: input.bytes, kind, exactTokens, estimatedTokens, estimateError: errorOf(estimatedTokens, exactTokens) };
  });
  const bytes = files.reduce((n, f) => n + f.bytes, 0);
  const exactTokens = counts.reduce((a, b) => a + b, 0);
  // The total's estimate is of all bytes together, as a prompt holding these files would be sized.
  const estimatedTokens = approxTokens(bytes);
  const total = { bytes, exactTokens, estimatedTokens, estimateError: errorOf(estimatedTokens, exactTokens) };
  if (values.json) {
    io.stdout(`${JSON.stringify({ encoding, estimate: 'ceil(utf8 bytes / 4)', files, total }, null, 2)}\n`);
    return EXIT_OK;
  }
  const rows = [[`EXACT (${encoding})`, '~ESTIMATE', 'ESTIMATE OFF BY', 'BYTES', 'KIND', 'FILE']];
  for (const f of files) rows.push([formatInt(f.exactTokens), formatInt(f.estimatedTokens), signed(f.estimateError), formatInt(f.bytes), f.kind, f.file === '-' ? '(standard input)' : f.file]);
  if (files.length > 1) rows.push([formatInt(exactTokens), formatInt(estimatedTokens), signed(total.estimateError), formatInt(bytes), '', 'total']);
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r) => r.map((cell, c) => (c >= 4 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ').trimEnd());
  const models = encoding === 'o200k_base' ? 'GPT-4o, GPT-4.1, GPT-5, o-series' : 'GPT-4, GPT-3.5';
  lines.push('', `Exact: the ${encoding} tokenizer (${models}). Estimate: ceil(bytes / 4), Loupe's rule for budgets.`);
  io.stdout(`${lines.join('\n')}\n`);
  return EXIT_OK;
};
