/**
 * Which models have a public tokenizer Loupe can run, so a number shown as
 * exact really is the model's own count. Models whose tokenizer is not public
 * (Claude, Gemini, most others) get the estimate only, with the reason.
 */
import type { TokenEncoding } from './encodings';

export type ModelTokenizer =
  | { kind: 'exact'; encoding: TokenEncoding }
  | { kind: 'estimate-only'; reason: string };

/** Model-id prefixes (after any `provider/`) of OpenAI models on cl100k_base. */
const CL100K_PREFIXES = ['gpt-4-', 'gpt-4', 'gpt-3.5', 'gpt-35', 'text-embedding-3', 'text-embedding-ada-002'];
/** Model-id prefixes of OpenAI models on o200k_base. */
const O200K_PREFIXES = ['gpt-4o', 'gpt-4.1', 'gpt-4.5', 'gpt-5', 'chatgpt-4o', 'o1', 'o3', 'o4', 'codex-', 'gpt-oss'];

const NOT_PUBLIC: { test: RegExp; reason: string }[] = [
  {
    test: /claude|anthropic/,
    reason: "Anthropic does not publish Claude's tokenizer (its old npm tokenizer is not accurate for Claude 3 and later); Loupe shows the estimate only.",
  },
  { test: /gemini|google/, reason: "Google does not publish Gemini's tokenizer for offline use; Loupe shows the estimate only." },
];

/** The bare model id: `openai/gpt-4o` -> `gpt-4o`, `openrouter/openai/gpt-4o:free` -> `gpt-4o`. */
function bareId(id: string): string {
  const last = id.trim().toLowerCase().split('/').pop() ?? '';
  return last.replace(/:.*$/, '');
}

const startsWithModel = (id: string, prefix: string) =>
  id === prefix || (id.startsWith(prefix) && (prefix.endsWith('-') || /^[-.:_]/.test(id.slice(prefix.length))));

/**
 * The tokenizer of a catalog model id (`openai/gpt-4o`, `gpt-3.5-turbo`,
 * `anthropic/claude-sonnet-4`, `google/gemini-2.5-pro`, ...): exact with its
 * encoding for OpenAI's GPT-4o/4.1/5 and o-series (o200k_base) and GPT-4/3.5
 * (cl100k_base); estimate-only, with the reason, for everything else. An
 * unknown model is never given an exact-looking number.
 */
export function tokenizerForModel(id: string): ModelTokenizer {
  const full = id.trim().toLowerCase();
  const model = bareId(full);
  for (const { test, reason } of NOT_PUBLIC) if (test.test(full)) return { kind: 'estimate-only', reason };
  // o200k first: `gpt-4o` also starts with `gpt-4`.
  if (O200K_PREFIXES.some((p) => startsWithModel(model, p))) return { kind: 'exact', encoding: 'o200k_base' };
  if (CL100K_PREFIXES.some((p) => startsWithModel(model, p))) return { kind: 'exact', encoding: 'cl100k_base' };
  return {
    kind: 'estimate-only',
    reason: model
      ? `Loupe knows no public tokenizer for "${id.trim()}"; it shows the estimate only.`
      : 'No model given; Loupe shows the estimate only.',
  };
}
