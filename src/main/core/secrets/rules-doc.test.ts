// docs/secrets.md lists exactly the rules in code: generated, and checked here.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOC_END, renderRulesMarkdown } from './rules-doc';

const DOC = join(__dirname, '../../../../docs/secrets.md');

describe('docs/secrets.md', () => {
  it('lists every credential-path rule and secret pattern the code applies, and no other', () => {
    const doc = readFileSync(DOC, 'utf8');
    const begin = doc.indexOf('<!-- rules:begin');
    const end = doc.indexOf(DOC_END);
    expect(begin).toBeGreaterThan(0);
    const current = doc.slice(begin, end + DOC_END.length);
    const expected = renderRulesMarkdown();
    if (process.env.LOUPE_WRITE_DOCS === '1' && current !== expected) {
      writeFileSync(DOC, doc.slice(0, begin) + expected + doc.slice(end + DOC_END.length));
      return;
    }
    expect(current, 'docs/secrets.md is out of date: rerun with LOUPE_WRITE_DOCS=1').toBe(expected);
  });
});
