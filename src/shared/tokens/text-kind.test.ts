import { describe, expect, it } from 'vitest';
import { prng } from '../prng';
import { classifyTextKind, textMixOf } from './text-kind';

// The regex classifier text-kind.ts replaced (one pass over char codes instead
// of three `match` calls): the fast one must give the same kinds.
function reference(path: string, sample: string): string {
  const head = sample.slice(0, 4096);
  const n = (re: RegExp) => head.match(re)?.length ?? 0;
  const visible = n(/\S/g);
  const cjk = n(/[\u3001-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g);
  if (visible > 0 && cjk / visible >= 0.2) return 'cjk';
  const kindByPath = classifyTextKind(path, '');
  if (path && kindByPath !== 'prose') return kindByPath;
  if (/\.(md|txt)$/.test(path)) return 'prose';
  const trimmed = head.trimStart();
  if (/^[[{]/.test(trimmed) && /^[[{]\s*["{[\]}\d-]/.test(trimmed)) return 'json';
  return visible > 0 && n(/[{}()[\];=<>&|*+\-/\\:$#@!%^~`]/g) / visible > 0.08 ? 'code' : 'prose';
}

const alphabet = ['a', 'e', ' ', '\n', '\t', '{', '}', ';', '=', '"', ':', '1', '漢', 'か', '한', '\u3000', '\u00a0', '😀', '\u0000', '\u007f', 'é', '(', ')'];

describe('classifyTextKind', () => {
  it('agrees with the regex classifier on generated text of every mix', () => {
    const next = prng(7);
    for (let i = 0; i < 400; i++) {
      const weights = alphabet.map(() => next());
      const len = Math.floor(next() * 6000);
      let text = '';
      for (let j = 0; j < len; j++) {
        let r = next() * weights.reduce((a, b) => a + b, 0);
        let k = 0;
        while ((r -= weights[k]!) > 0 && k < alphabet.length - 1) k++;
        text += alphabet[k];
      }
      const path = ['', 'notes.md', 'src/a.ts', 'data.json', 'blob'][i % 5]!;
      expect(classifyTextKind(path, text), `case ${i} (${path})`).toBe(reference(path, text));
    }
  });

  it('tells the kinds apart', () => {
    expect(classifyTextKind('', '{"a": 1, "b": [2, 3]}')).toBe('json');
    expect(classifyTextKind('', 'if (a) { b = c; } else { d(); }')).toBe('code');
    expect(classifyTextKind('', 'The quick brown fox jumps over the lazy dog.')).toBe('prose');
    expect(classifyTextKind('readme.md', '日本語のテキストです。これは説明です。')).toBe('cjk');
  });
});

describe('textMixOf', () => {
  it('weighs each piece by its UTF-8 bytes, pairs kept whole', () => {
    const text = 'x'.repeat(4095) + '😀' + '漢'.repeat(5000);
    const mix = textMixOf('', text);
    const total = Object.values(mix).reduce((a, b) => a + b, 0);
    expect(total).toBe(new TextEncoder().encode(text).length);
    expect(mix.cjk).toBeGreaterThan(0);
    expect(mix.prose).toBe(4095 + 4);
  });
});
