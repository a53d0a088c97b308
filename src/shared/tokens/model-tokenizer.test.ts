import { describe, expect, it } from 'vitest';
import { parseEncoding } from './encodings';
import { tokenizerForModel } from './model-tokenizer';

describe('tokenizerForModel', () => {
  it('gives o200k_base to GPT-4o, 4.1, 5 and the o-series, with or without a provider', () => {
    for (const id of ['openai/gpt-4o', 'gpt-4o-mini', 'openai/gpt-5', 'gpt-5-codex', 'openai/gpt-4.1-nano', 'o1', 'openai/o3-mini', 'o4-mini', 'azure/gpt-4o', 'openrouter/openai/gpt-4o:free']) {
      expect(tokenizerForModel(id), id).toEqual({ kind: 'exact', encoding: 'o200k_base' });
    }
  });

  it('gives cl100k_base to GPT-4 and GPT-3.5', () => {
    for (const id of ['gpt-3.5-turbo', 'openai/gpt-4', 'gpt-4-turbo', 'openai/gpt-4-0613', 'gpt-35-turbo']) {
      expect(tokenizerForModel(id), id).toEqual({ kind: 'exact', encoding: 'cl100k_base' });
    }
  });

  it('never gives Claude or Gemini an exact count, and says why', () => {
    for (const id of ['anthropic/claude-sonnet-4-20250514', 'claude-3-5-haiku', 'google/gemini-2.5-pro', 'vertex/gemini-1.5-flash', 'bedrock/anthropic.claude-v2']) {
      const t = tokenizerForModel(id);
      expect(t.kind, id).toBe('estimate-only');
      expect(t.kind === 'estimate-only' && t.reason, id).toMatch(/not publish/);
    }
  });

  it('gives unknown models and look-alikes the estimate only', () => {
    for (const id of ['mistral/mistral-large', 'meta/llama-3.1-70b', 'gpt-40', 'o10-preview', 'deepseek/deepseek-v3', '']) {
      expect(tokenizerForModel(id).kind, id).toBe('estimate-only');
    }
  });
});

describe('parseEncoding', () => {
  it('takes short and full names in any case, and nothing else', () => {
    expect(parseEncoding('o200k')).toBe('o200k_base');
    expect(parseEncoding('CL100K_BASE')).toBe('cl100k_base');
    expect(parseEncoding('p50k')).toBeNull();
    expect(parseEncoding('')).toBeNull();
  });
});
