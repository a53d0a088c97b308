import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyBytes, classifyContent } from './classify';
import { boundedPreview, previewOfBytes, PREVIEW_MAX_BYTES, PREVIEW_MAX_LINES, secretScanText, SECRET_SCAN_MARGIN } from './preview';
import { normalizeSelection } from './selection-path';

describe('boundedPreview', () => {
  it('keeps short text whole', () => {
    expect(boundedPreview('a\nb\n')).toBe('a\nb\n');
  });

  it('cuts after line 200', () => {
    const text = Array.from({ length: 300 }, (_, i) => `l${i + 1}`).join('\n');
    const preview = boundedPreview(text);
    expect(preview.endsWith('l200\n')).toBe(true);
    expect(preview.split('\n')).toHaveLength(PREVIEW_MAX_LINES + 1);
  });

  it('cuts at 8 KiB on a character boundary, never splitting a surrogate pair', () => {
    expect(boundedPreview('😀'.repeat(5000))).toBe('😀'.repeat(2048));
    expect(boundedPreview(`a${'😀'.repeat(5000)}`)).toBe(`a${'😀'.repeat(2047)}`);
    expect(boundedPreview('€'.repeat(5000))).toBe('€'.repeat(2730));
  });

  it('is always a prefix of the text, within both bounds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20_000 }), (text) => {
        const preview = boundedPreview(text);
        expect(text.startsWith(preview)).toBe(true);
        expect(Buffer.byteLength(preview)).toBeLessThanOrEqual(PREVIEW_MAX_BYTES);
        expect(preview.split('\n').length - 1).toBeLessThanOrEqual(PREVIEW_MAX_LINES);
      }),
      { numRuns: 200 },
    );
  });

  it('scans a margin past the preview for secrets, or nothing when no secret can start in it', () => {
    const plain = 'x'.repeat(100_000);
    expect(secretScanText(plain, boundedPreview(plain))).toBe('');
    const cut = `${'x'.repeat(8180)} ghp_${'a'.repeat(36)}\n${'y'.repeat(100_000)}`;
    const preview = boundedPreview(cut);
    expect(secretScanText(cut, preview)).toHaveLength(preview.length + SECRET_SCAN_MARGIN);
    const later = `${'x'.repeat(9000)} ghp_${'a'.repeat(36)}\n`;
    expect(secretScanText(later, boundedPreview(later))).toBe('');
  });
});

describe('previewOfBytes', () => {
  /** What the inspector made from the whole decoded text before it decoded only a file's head. */
  const fromWholeText = (bytes: Buffer) => {
    const content = classifyContent(bytes);
    if (content.kind !== 'text') return content.kind;
    const preview = boundedPreview(content.text);
    return { preview, scanText: secretScanText(content.text, preview), kindSample: content.text.slice(0, 4096) };
  };
  const fromBytes = (bytes: Buffer) => {
    const content = classifyBytes(bytes);
    if (content.kind !== 'text') return content.kind;
    const { head, preview, scanText } = previewOfBytes(content.text);
    return { preview, scanText, kindSample: head.slice(0, 4096) };
  };
  // Long lines, many short lines, 2-, 3- and 4-byte characters, a keyword near the cut, a BOM.
  const piece = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.constantFrom('\n', '€€€', '😀', 'é', ' ghp_' + 'a'.repeat(36), 'x'.repeat(5000), '中文'.repeat(700)),
  );

  it('gives the same preview, secret scan text and text-kind sample as decoding the whole file', () => {
    fc.assert(
      fc.property(fc.boolean(), fc.array(piece, { maxLength: 60 }), (bom, pieces) => {
        const bytes = Buffer.concat([Buffer.from(bom ? [0xef, 0xbb, 0xbf] : []), Buffer.from(pieces.join(''), 'utf8')]);
        expect(fromBytes(bytes)).toEqual(fromWholeText(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it('classifies bytes as classifyContent does, invalid UTF-8 anywhere included', () => {
    for (const bytes of [Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc0, 0xaf]), Buffer.concat([Buffer.from('a'.repeat(100_000)), Buffer.from([0xc3])]), Buffer.from([0xff, 0xfe, 0x68, 0])]) {
      expect(classifyBytes(bytes).kind).toBe(classifyContent(bytes).kind);
    }
    expect(classifyBytes(Buffer.from([0xef, 0xbb, 0xbf, 0x78]))).toEqual({ kind: 'text', text: Buffer.from('x') });
  });
});

describe('normalizeSelection', () => {
  it.each([
    ['src', 'src'],
    ['src/', 'src'],
    ['./src//a.ts', 'src/a.ts'],
    ['src/../docs', 'docs'],
    ['.', ''],
    ['./', ''],
    ['name with spaces/é.txt', 'name with spaces/é.txt'],
  ])('%s → %s', (raw, expected) => {
    expect(normalizeSelection(raw)).toBe(expected);
  });

  it.each(['/etc/passwd', '..', '../x', 'a/../../x', 'C:\\Windows\\x', 'c:/x', '\\\\server\\share'])('%s is outside the repo', (raw) => {
    expect(normalizeSelection(raw)).toBeNull();
  });
});
