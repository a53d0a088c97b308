import { describe, expect, it } from 'vitest';
import { lineColumn, scanJson } from './json-scan';

describe('scanJson', () => {
  it('accepts every JSON value JSON.parse accepts, with a byte-order mark too', () => {
    for (const text of ['{}', '[]', '0', '-1.5e3', '"a\\u00e9\\n"', 'true', 'null', ' { "a": [1, {"b": [] }], "c": "x" } ', '\ufeff{"a":1}']) {
      expect(scanJson(text, 8), text).toBeNull();
    }
  });

  it('says where a file is truncated and which bracket is open', () => {
    const p = scanJson('{\n  "presets": [\n    {"name": "a"', 32);
    expect(p).toMatchObject({ line: 3, path: ['presets', 0] });
    expect(p!.message).toBe('the file ends inside the object opened at line 3, column 5: it looks truncated');
    expect(scanJson('{"a": "unfinished', 32)!.message).toContain('ends inside a string');
    expect(scanJson('', 32)!.message).toBe('the file is empty');
  });

  it('refuses text that is not JSON, naming line and column', () => {
    expect(scanJson('hello', 32)).toMatchObject({ line: 1, column: 1, message: 'expected a JSON value, found "h": this is not a JSON file' });
    expect(scanJson('{"a": 1,\n "b": 2,}', 32)).toMatchObject({ line: 2, column: 9, message: 'expected a key in double quotes, found "}"' });
    expect(scanJson('{"a": 1} x', 32)!.message).toBe('unexpected "x" after the end of the JSON value');
    expect(scanJson('[1, 2 3]', 32)!.message).toBe('expected "," or "]", found "3"');
    expect(scanJson('{"a": 01}', 32)!.message).toBe('expected "," or "}", found "1"');
    expect(scanJson('{"a": "tab\there"}', 32)!.message).toContain('raw control character');
    expect(scanJson('["\\x"]', 32)!.message).toBe('"\\x" is not a JSON escape');
  });

  it('refuses duplicate keys, which JSON.parse would silently drop', () => {
    const p = scanJson('{"presets": [{"name": "a", "name": "b"}]}', 32);
    expect(p).toMatchObject({ path: ['presets', 0, 'name'], message: 'the key "name" appears twice in this object' });
  });

  it('refuses nesting past the limit without recursion: 10,000 and 1,000,000 deep', () => {
    for (const depth of [10_000, 1_000_000]) {
      const p = scanJson('['.repeat(depth) + ']'.repeat(depth), 32);
      expect(p).toMatchObject({ line: 1, column: 33, message: 'nested deeper than 32 levels' });
      expect(p!.path).toEqual(Array(32).fill(0));
    }
    expect(scanJson('['.repeat(32) + ']'.repeat(32), 32)).toBeNull();
  });

  it('counts array indexes through nested values', () => {
    expect(scanJson('{"p": [{"a": 1}, [2], 3, {"b": x}]}', 32)!.path).toEqual(['p', 3, 'b']);
  });
});

describe('lineColumn', () => {
  it('is 1-based', () => {
    expect(lineColumn('ab\ncd', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd', 4)).toEqual({ line: 2, column: 2 });
  });
});
