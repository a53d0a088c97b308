import { parseArgs } from 'node:util';
import { estimateTokens, HistoryError, readHistory, trimToBudget, type FoldCount, type FoldRow, type ReadHistory } from '../../../shared/fold';
import { foldFactorFor } from '../../../shared/tokens/calibration';
import { tokenizerForModel } from '../../../shared/tokens/model-tokenizer';
import { EXIT_OK, UsageError, type CommandRun } from '../command';
import { n, windowLabel, withModels } from './models';

/** The shapes `loupe fold` reads, as its usage and errors name them. */
const SHAPES = 'OpenAI chat messages, Anthropic messages or Loupe rows (see the README)';

/** The history on standard input, in any shape readHistory takes; a problem is one usage line (exit 2). */
function readInput(text: string): ReadHistory {
  if (!text.trim()) throw new UsageError(`expects a conversation history as JSON on standard input: ${SHAPES}.`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new UsageError(`standard input is not valid JSON (${err instanceof Error ? err.message : String(err)}).`);
  }
  try {
    return readHistory(doc);
  } catch (err) {
    if (err instanceof HistoryError) throw new UsageError(`${err.message}. Expected ${SHAPES}.`);
    throw err;
  }
}

const preview = (row: FoldRow): string => {
  const text = row.role === 'user' ? row.content : row.role === 'assistant' ? row.text : 'error' in row ? `error: ${row.error}` : JSON.stringify(row.result);
  const calls = row.role === 'assistant' && row.toolCalls?.length ? ` [calls: ${row.toolCalls.map((c) => c.toolName).join(', ')}]` : '';
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = [...flat].slice(0, 60).join('');
  return `${cut}${cut.length < flat.length ? '…' : ''}${calls}`;
};

/** What `--safe` folds in: the model's exact count where its tokenizer is public, else the estimate times its factor. */
async function saferCount(modelId: string): Promise<{ count: FoldCount; label: string; basis: string; overheadTokens: number }> {
  const tokenizer = tokenizerForModel(modelId);
  if (tokenizer.kind === 'exact') {
    // In this process: a fold counts row by row, synchronously, and the CLI has no UI thread to keep free.
    const { loadCounter } = await import('../../core/tokens/count-text');
    return { count: { kind: 'exact', countTokens: await loadCounter(tokenizer.encoding) }, label: `exact (${tokenizer.encoding})`, basis: "the model's own tokenizer", overheadTokens: 0 };
  }
  // No runs to calibrate from here yet: the family default.
  const f = foldFactorFor(modelId);
  return { count: { kind: 'scaled', factor: f.factor }, label: `estimate × ${f.factor} (${f.source}, ${f.runs} runs)`, basis: `${tokenizer.reason} Factor: ${f.basis}`, overheadTokens: f.overheadTokens };
}

/** Index ranges as text: [0,1,2,5] -> "0-2, 5". */
function ranges(indices: number[]): string {
  const out: string[] = [];
  for (let i = 0; i < indices.length; ) {
    let j = i;
    while (j + 1 < indices.length && indices[j + 1] === indices[j]! + 1) j++;
    out.push(i === j ? `${indices[i]}` : `${indices[i]}-${indices[j]}`);
    i = j + 1;
  }
  return out.join(', ');
}

/** `loupe fold`: which rows of a history fit a model's budget. */
export const run: CommandRun = async (args, io) => {
  const { values } = parseArgs({
    args,
    options: { model: { type: 'string' }, safe: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
    strict: true,
  });
  if (!values.model?.trim()) throw new UsageError("--model ID is required (see 'loupe models').");
  const input = readInput(await io.readStdin());
  for (const note of input.notes) io.stderr(`loupe fold: note: ${note}\n`);
  const model = await withModels(io, 'fold', (runtime, signal) => runtime.call('models.resolve', { id: values.model! }, { signal }));
  if (!model.known) io.stderr(`loupe fold: note: "${model.id}" is in no catalog; using the default window ${n(model.window)}.\n`);
  const safer = values.safe ? await saferCount(model.id) : null;
  // What the agent adds itself (known from calibrated runs only) comes off the budget first.
  const budget = Math.max(1, model.budget - (safer?.overheadTokens ?? 0));
  const result = trimToBudget(input.rows, budget, { currentUserContent: input.currentUserContent, ...(safer ? { count: safer.count } : {}) });
  const counts = { input: input.rows.length, kept: result.rows.length, dropped: result.dropped, evicted: result.evicted, strippedCalls: result.strippedCalls };
  if (values.json) {
    const { rows, keptIndices, estimatedTokens, bytes, fits, withinRails, truncated, countedBy, countedTokens } = result;
    const read = { shapes: input.shapes, notes: input.notes };
    const count = safer ? { countedBy, countedTokens, label: safer.label, basis: safer.basis } : {};
    io.stdout(`${JSON.stringify({ model, budget: model.budget, input: read, counts, estimatedTokens, bytes, ...count, fits, withinRails, truncated, keptIndices, rows }, null, 2)}\n`);
    return EXIT_OK;
  }
  const keptSet = new Set(result.keptIndices);
  const droppedIdx = input.rows.map((_, i) => i).filter((i) => !keptSet.has(i) && !(input.rows[i]!.evicted));
  const lines = [
    `Model ${model.id} (${model.name}): window ${windowLabel(model)}, reserve ${n(model.reserve)}, budget ${n(model.budget)} tokens.`,
    // Which catalog entry answered, and why (a short id may have several).
    ...(model.known ? [model.note] : []),
    `Keeps ${n(counts.kept)} of ${n(counts.input)} rows${input.shapes.length && !input.shapes.includes('loupe') ? ` (read from ${input.shapes.map((x) => (x === 'openai' ? 'OpenAI' : 'Anthropic')).join(' and ')} messages)` : ''}: ${n(counts.dropped)} dropped (oldest first)${counts.evicted ? `, ${n(counts.evicted)} evicted` : ''}${counts.strippedCalls ? `, ${n(counts.strippedCalls)} tool call${counts.strippedCalls === 1 ? '' : 's'} stripped (results cut)` : ''}.`,
    safer
      ? `${n(result.countedTokens)} of ${n(model.budget)} tokens${input.currentUserContent === undefined ? '' : ' including the current message'} in the safer count, ${safer.label}; ~${n(result.estimatedTokens)} by bytes / 4${result.fits ? '' : ': OVER BUDGET (pinned rows or the newest row alone do not fit)'}.\n  (${safer.basis})`
      : `~${n(result.estimatedTokens)} of ${n(model.budget)} tokens${input.currentUserContent === undefined ? '' : ' including the current message'} (approximate: bytes / 4)${result.fits ? '' : ': OVER BUDGET (pinned rows or the newest row alone do not fit)'}.`,
    droppedIdx.length ? `Dropped rows: ${ranges(droppedIdx)}.` : 'Nothing dropped.',
    '',
    result.rows.length ? '     #  ROLE       ~TOKENS  ROW' : '(no history rows kept)',
    ...result.rows.map((row, k) => {
      const at = result.keptIndices[k]!;
      const flags = `${row.pinned ? ' [pinned]' : ''}${row !== input.rows[at] ? ' [calls stripped]' : ''}`;
      return `${String(at).padStart(6)}  ${row.role.padEnd(9)}  ${n(estimateTokens(JSON.stringify(row))).padStart(7)}  ${preview(row)}${flags}`;
    }),
    '',
  ];
  io.stdout(lines.join('\n'));
  return EXIT_OK;
};
