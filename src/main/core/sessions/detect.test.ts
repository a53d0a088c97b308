// detectFormat reads a file's head and looks at its lines one by one (each decoded from its
// bytes as it is reached): the cases where a line's edges matter.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../testing/fixtures';
import { detectFormat } from './detect';

afterAll(removeTempDirs);

const CLAUDE = JSON.stringify({ type: 'user', uuid: 'u1', sessionId: 's', message: { role: 'user', content: 'héllo ✓' } });
const CODEX = JSON.stringify({ type: 'session_meta', payload: { id: 'x' } });
const HEAD = 256 * 1024;

async function detect(content: string | Buffer, whole: () => Promise<unknown> = async () => JSON.parse(content.toString())) {
  const file = join(tempDir(), 't.jsonl');
  writeFileSync(file, content);
  return detectFormat(file, whole);
}

describe('detectFormat', () => {
  it('reads the first line that tells, after blank lines, CRLF endings and lines that do not tell', async () => {
    expect(await detect(`${CLAUDE}\n`)).toBe('claude-code-jsonl');
    expect(await detect(`\n\n  \r\n{"type":"nothing"}\r\n${CODEX}\r\n${CLAUDE}\r\n`)).toBe('codex-rollout-jsonl');
    // A BOM is not JSON: such a line tells nothing (as before lines were decoded one by one).
    expect(await detect(`\uFEFF${CLAUDE}\n`)).toBeNull();
  });

  it('a file of one line with no newline is that line; a line cut at the head is not looked at', async () => {
    expect(await detect(CLAUDE)).toBe('claude-code-jsonl');
    // The first line runs past the head: cut, not parsed; the whole document is not JSON either.
    const long = JSON.stringify({ type: 'user', uuid: 'u1', message: { content: 'é'.repeat(HEAD) } });
    expect(await detect(`${long}\n`, async () => { throw new Error('not one document'); })).toBeNull();
    // A multi-byte character split by the head's end is in the cut line only.
    const pad = JSON.stringify({ type: 'nothing', pad: 'x'.repeat(HEAD - 40) });
    expect(await detect(`${CLAUDE}\n${pad}é${'é'.repeat(100)}\n`)).toBe('claude-code-jsonl');
  });

  it('looks at 200 lines at most, then at the whole document', async () => {
    const filler = '{"type":"nothing"}\n'.repeat(200);
    expect(await detect(`${filler}${CLAUDE}\n`, async () => null)).toBeNull();
    expect(await detect(`${'{"type":"nothing"}\n'.repeat(199)}${CLAUDE}\n`)).toBe('claude-code-jsonl');
  });

  it('a pretty-printed document with a messages array is Gemini JSON; other text is nothing', async () => {
    const doc = JSON.stringify({ sessionId: 's', messages: [] }, null, 2);
    expect(await detect(`\n  ${doc}\n`)).toBe('gemini-json');
    expect(await detect('# notes\nnot json\n')).toBeNull();
    expect(await detect(Buffer.alloc(0))).toBeNull();
  });
});
