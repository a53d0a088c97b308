/**
 * What the wire's enforcement specs share: the scripted provider that speaks each wire
 * provider's API, each API's plain model endpoint, and the closing of what a test opened.
 */
import { afterAll, afterEach } from 'vitest';
import type { WireProvider } from '../wire/providers';
import { removeTempDirs } from './fixtures';
import type { ProviderApi } from './providers';

/** The scripted provider that answers each wire provider's API. */
export const PROVIDER_API: Record<WireProvider, ProviderApi> = { anthropic: 'anthropic', openai: 'openai-responses', gemini: 'gemini' };
/** Each API's plain (not streamed) model endpoint. */
export const MODEL_ENDPOINT: Record<WireProvider, string> = { anthropic: '/v1/messages', openai: '/v1/responses', gemini: '/v1beta/models/gemini-2.5-pro:generateContent' };

/** Closes what `open()` names after each test, in that order, then `forget()`s it; temp folders go after the file. */
export function closeAfterEach(open: () => readonly ({ close(): unknown } | null)[], forget: () => void): void {
  afterEach(async () => {
    for (const part of open()) await part?.close();
    forget();
  });
  afterAll(() => removeTempDirs());
}
