import { describe, expect, it } from 'vitest';
import { ESTIMATE_ERROR, TEXT_KINDS, expectedErrorRange, exactRangeForEstimate } from './estimate-error';
import { classifyTextKind } from './text-kind';

describe('the measured table', () => {
  it('holds one row per kind whose figures agree with each other', () => {
    for (const kind of TEXT_KINDS) {
      const k = ESTIMATE_ERROR.kinds[kind];
      // whole = ceil(bytes / 4) / exact - 1, to the three decimals stored.
      expect(Math.ceil(k.bytes / 4) / k.exactTokens - 1, kind).toBeCloseTo(k.whole, 3);
      const p = k.pieces;
      expect([p.min, p.p10, p.median, p.p90].every((x, i) => x <= [p.p10, p.median, p.p90, p.max][i]!), kind).toBe(true);
    }
    expect(ESTIMATE_ERROR.measuredOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('expectedErrorRange', () => {
  it('is the kind own row for a single kind', () => {
    const json = ESTIMATE_ERROR.kinds.json;
    expect(expectedErrorRange({ json: 10_000 })).toEqual({
      low: json.pieces.min,
      typicalLow: json.pieces.p10,
      central: json.whole,
      typicalHigh: json.pieces.p90,
      high: json.pieces.max,
      kinds: ['json'],
    });
  });

  it('weights a mix by bytes, in exact tokens: half prose, half JSON lies between them', () => {
    const { prose, json } = ESTIMATE_ERROR.kinds;
    const r = expectedErrorRange({ prose: 1000, json: 1000 })!;
    // estimate 2000/4, exact 1000/4/(1+e_prose) + 1000/4/(1+e_json)
    const expected = 2 / (1 / (1 + prose.whole) + 1 / (1 + json.whole)) - 1;
    expect(r.central).toBeCloseTo(expected, 3);
    expect(r.central).toBeGreaterThan(json.whole);
    expect(r.central).toBeLessThan(prose.whole);
    expect(r.kinds).toEqual(['prose', 'json']);
    expect(r.low).toBeLessThanOrEqual(r.typicalLow);
    expect(r.typicalHigh).toBeLessThanOrEqual(r.high);
  });

  it('is null for nothing, and ignores zero, negative and unknown parts', () => {
    expect(expectedErrorRange({})).toBeNull();
    expect(expectedErrorRange({ code: 0, prose: -5 })).toBeNull();
    expect(expectedErrorRange({ code: 100, ...({ pdf: 100 } as object) })!.kinds).toEqual(['code']);
  });

  it('turns an estimate into the exact count it stands for: a JSON estimate means more tokens', () => {
    const r = exactRangeForEstimate(10_000, { json: 40_000 })!;
    expect(r.central).toBe(Math.round(10_000 / (1 + ESTIMATE_ERROR.kinds.json.whole)));
    expect(r.central).toBeGreaterThan(10_000);
    expect(r.low).toBeLessThanOrEqual(r.central);
    expect(r.high).toBeGreaterThanOrEqual(r.central);
  });
});

describe('classifyTextKind', () => {
  it('reads the path first', () => {
    expect(classifyTextKind('src/a.ts')).toBe('code');
    expect(classifyTextKind('package.json')).toBe('json');
    expect(classifyTextKind('docs/guide.md')).toBe('prose');
    expect(classifyTextKind('README')).toBe('prose');
    expect(classifyTextKind('Makefile')).toBe('code');
    expect(classifyTextKind('types.d.ts')).toBe('code');
  });

  it('calls text CJK when a fifth of its visible characters are, whatever the path', () => {
    expect(classifyTextKind('docs/zh.md', '# 指南\n这是一个用于检查上下文的工具。')).toBe('cjk');
    expect(classifyTextKind('src/a.ts', '// 注释\nconst x = 1;')).toBe('code');
  });

  it('sniffs content when the path says nothing', () => {
    expect(classifyTextKind('data', '{"a": [1, 2, 3]}')).toBe('json');
    expect(classifyTextKind('script', 'if (a) { b(); } else { c[d] = e; }')).toBe('code');
    expect(classifyTextKind('notes', 'This is a plain paragraph about the release.')).toBe('prose');
  });
});
