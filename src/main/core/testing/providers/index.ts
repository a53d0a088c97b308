// Test support: scripted model providers on 127.0.0.1, one per API the agent CLIs call,
// all with one shape: start({ script }) -> { url, port, requests, turns(), close() }.
// A test scripts the turns (reply text, tool calls, usage, errors; each keyed by what the
// request's newest input contains) and reads back every request the server received,
// credentials removed. Protocol mistakes are answered in the provider's own error shape.
import { startAnthropicProvider } from './anthropic';
import { startCodeAssistProvider } from './code-assist';
import { startGeminiProvider } from './gemini';
import { startOpenAiResponsesProvider } from './openai-responses';
import type { ProviderApi, ScriptedProvider, StartOptions } from './types';

export type * from './types';

const starters: Record<ProviderApi, (options: StartOptions) => Promise<ScriptedProvider>> = {
  anthropic: startAnthropicProvider,
  'openai-responses': startOpenAiResponsesProvider,
  gemini: startGeminiProvider,
  'code-assist': startCodeAssistProvider,
};

/** Starts the scripted provider for `api`; close it in afterEach/afterAll. */
export function startProvider(api: ProviderApi, options: StartOptions): Promise<ScriptedProvider> {
  return starters[api](options);
}
