import { describe, expect, it } from 'vitest';
import { jsonPieces, writeJson } from './json-out';

const whole = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
const written = (v: unknown) => {
  const parts: string[] = [];
  writeJson((t) => parts.push(t), v);
  return { text: parts.join(''), writes: parts.length };
};

describe('writeJson', () => {
  it('writes exactly what JSON.stringify(value, null, 2) writes', () => {
    const values: unknown[] = [
      { files: [{ path: 'a\nb', preview: 'line 1\nline 2\n\t"quoted" \u2028', nested: { deep: [1, [2, {}], []] } }, { path: 'c' }], omissions: [], totals: { bytes: 3 } },
      { a: undefined, b: () => 1, c: [undefined, () => 1, Symbol('s'), null, 0, ''], d: { e: undefined }, f: [[]], g: {} },
      { onlyUndefined: undefined },
      {},
      [],
      [1, { a: [2] }],
      'text',
      42,
      null,
      { when: new Date(0), list: Object.assign([1, 2], { toJSON: () => 'custom' }) },
      { gone: { toJSON: () => undefined }, list: [{ toJSON: () => undefined }, 1], kept: 1 },
      { list: [{ a: { toJSON: () => undefined } }] },
      new Date(0),
      { 'key "with" quotes\n': [{ '': null }] },
      // Laid out level by level: toJSON, undefined and odd prototypes at every depth.
      { files: [{ a: [{ toJSON: () => 'x' }, { b: [new Date(0), undefined, { c: { toJSON: () => undefined } }] }], n: Object.assign(Object.create(null), { k: 'v\n' }) }] },
      { files: [{ deep: [[[{ s: 'a\u2028b "q" \\', e: [], o: {}, z: -0, f: 1.5e300 }]]] }] },
    ];
    for (const v of values) {
      expect(written(v).text).toBe(whole(v));
      expect([...jsonPieces(v)].join('')).toBe(JSON.stringify(v, null, 2));
    }
  });

  it('writes a large document in batches, not as one string', () => {
    const doc = { files: Array.from({ length: 200 }, (_, i) => ({ path: `f${i}.ts`, preview: `export const v${i} = ${i};\n`.repeat(400) })), truncated: false };
    const { text, writes } = written(doc);
    expect(text).toBe(whole(doc));
    expect(writes).toBeGreaterThan(20);
  });
});
