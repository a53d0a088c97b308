import { describe, expect, it } from 'vitest';
import { scanJson, setMember, splice, type Span } from './json-spans';

const at = (text: string, s: Span | undefined) => (s ? text.slice(s.start, s.end) : undefined);

describe('scanJson', () => {
  it('finds every value of a JSON text, escapes, numbers, literals and whitespace included', () => {
    const text = ' { "a" : [1, -2.5e3 , true,null, "x\\"y\\\\" ], "b\\u0063": {"d":{}} , "e":"\\\\\\"" }\n';
    const root = scanJson(text)!;
    expect(at(text, root)).toBe(text.trim());
    const a = root.keys!.get('a')!;
    expect(a.items!.map((s) => at(text, s))).toEqual(['1', '-2.5e3', 'true', 'null', '"x\\"y\\\\"']);
    expect(at(text, root.keys!.get('bc'))).toBe('{"d":{}}');
    expect(at(text, root.keys!.get('e'))).toBe('"\\\\\\""');
    expect(JSON.parse(at(text, root.keys!.get('e'))!)).toBe('\\"');
  });

  it('says null when an object repeats a member (JSON.parse keeps the last; a splice could leave the first)', () => {
    expect(scanJson('{"a":{"x":1,"x":2}}')).toBeNull();
    expect(scanJson('{"a":{"x":1,"\\u0078":2}}')).toBeNull();
    expect(scanJson('{"a":[{"x":1},{"x":2}]}')).not.toBeNull();
  });

  it('scans nesting deeper than the stack would allow a recursive scan', () => {
    const depth = 50_000;
    const text = '['.repeat(depth) + ']'.repeat(depth);
    let s: Span | undefined = scanJson(text)!;
    let n = 0;
    while (s) {
      n++;
      s = s.items![0];
    }
    expect(n).toBe(depth);
  });
});

describe('setMember and splice', () => {
  it('replaces a member in place or adds it last, and splices bytes around multi-byte text', () => {
    const text = '{"t":"caf\u00e9 \u{1F600}","o":{},"p":{"q":1}}';
    const body = Buffer.from(text);
    const root = scanJson(text)!;
    const edits = [setMember(root, 't', '"new"'), setMember(root.keys!.get('o')!, 'r', '"added"'), setMember(root.keys!.get('p')!, 's', '2')];
    const out = splice(body, text, edits)!;
    expect(JSON.parse(out.toString())).toEqual({ t: 'new', o: { r: 'added' }, p: { q: 1, s: 2 } });
    // Two edits at one place: refused (the caller rewrites the whole body).
    expect(splice(body, text, [setMember(root, 't', '1'), setMember(root, 't', '2')])).toBeNull();
  });
});
