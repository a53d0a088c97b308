import type { ExactCount } from '../../../shared/tokens/encodings';
import { tokenizerForModel } from '../../../shared/tokens/model-tokenizer';
import type { TokenCounter } from '../tokens/token-counter';

/** A count still running this long after the agent ended is given up (the evidence says null). */
const PROMPT_COUNT_TIMEOUT_MS = 30_000;

/**
 * The exact count of a step's stdin for a model whose tokenizer is public,
 * counted in the token workers (start it after the spawn: the launch never
 * waits for it). Null for other models, or when no count could run here.
 * Never rejects.
 */
export async function countPromptExactly(
  counter: TokenCounter,
  model: string | null | undefined,
  stdin: string,
  sha256: string,
  signal?: AbortSignal,
): Promise<ExactCount | null> {
  const tokenizer = model ? tokenizerForModel(model) : null;
  if (tokenizer?.kind !== 'exact') return null;
  try {
    const [count] = await counter.count([{ text: stdin, sha256 }], tokenizer.encoding, { signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(PROMPT_COUNT_TIMEOUT_MS)]) : AbortSignal.timeout(PROMPT_COUNT_TIMEOUT_MS) });
    return { encoding: tokenizer.encoding, count: count! };
  } catch {
    // No token workers in this build, or the runtime closed: the step simply has no exact count.
    return null;
  }
}
