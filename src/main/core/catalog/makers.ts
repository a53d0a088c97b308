/**
 * Who makes a model, from its id: `claude-*` is Anthropic's, `gpt-*` and
 * `o3` are OpenAI's, `gemini-*` Google's, and so on. A short id such as
 * `claude-sonnet-4-5` is offered by many gateways; the maker's own entry is the
 * one whose window a user means (issue 12: `claude-sonnet-4` took a gateway's
 * 128k instead of Anthropic's 200k).
 */

/** Catalog provider ids of model makers, checked in this order when nothing else decides. */
export const FIRST_PARTY = ['anthropic', 'openai', 'google', 'xai', 'mistral', 'deepseek', 'moonshotai', 'zai', 'alibaba', 'llama', 'cohere', 'perplexity', 'minimax'] as const;

/** Id patterns (lowercase) and the catalog provider that makes those models. */
const MAKER_PATTERNS: readonly [RegExp, string][] = [
  [/^claude-/, 'anthropic'],
  [/^(gpt-|chatgpt-|o\d(-|$)|codex-|text-embedding-|davinci|babbage)/, 'openai'],
  [/^(gemini-|gemma-|learnlm-)/, 'google'],
  [/^grok-/, 'xai'],
  [/^(mistral-|open-mistral|open-mixtral|codestral-|devstral-|magistral-|ministral-|pixtral-|labs-devstral)/, 'mistral'],
  [/^deepseek-/, 'deepseek'],
  [/^kimi-/, 'moonshotai'],
  [/^glm-/, 'zai'],
  [/^(qwen|qvq-|qwq-)/, 'alibaba'],
  [/^llama-/, 'llama'],
  [/^(command-|c4ai-)/, 'cohere'],
  [/^sonar/, 'perplexity'],
  [/^minimax-/, 'minimax'],
];

/**
 * The provider that makes the model `id` names, or null when unknown. A
 * vendor prefix (`anthropic/claude-…`, as gateways write ids) names the maker
 * directly when it is one of FIRST_PARTY.
 */
export function makerOf(id: string): string | null {
  const lower = id.toLowerCase();
  const slash = lower.indexOf('/');
  if (slash > 0) {
    const vendor = lower.slice(0, slash);
    if ((FIRST_PARTY as readonly string[]).includes(vendor)) return vendor;
    return makerOf(lower.slice(lower.lastIndexOf('/') + 1));
  }
  for (const [pattern, provider] of MAKER_PATTERNS) if (pattern.test(lower)) return provider;
  return null;
}

/** Display names of makers for messages ("Anthropic's own entry"). */
export const MAKER_NAMES: Record<string, string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  google: 'Google',
  xai: 'xAI',
  mistral: 'Mistral',
  deepseek: 'DeepSeek',
  moonshotai: 'Moonshot AI',
  zai: 'Z.ai',
  alibaba: 'Alibaba',
  llama: 'Meta',
  cohere: 'Cohere',
  perplexity: 'Perplexity',
  minimax: 'MiniMax',
};
