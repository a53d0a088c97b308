import { describe, expect, it } from 'vitest';
import { attachmentKind, inspectAttachments } from './attachments';

describe('attachments', () => {
  it.each([
    ['notes.md', 'text'],
    ['main.TS', 'text'],
    ['Dockerfile', 'text'],
    ['C:\\logs\\build.log', 'text'],
    ['photo.JPG', 'image'],
    ['diagram.png', 'image'],
    ['archive.zip', 'binary'],
    ['program', 'binary'],
    ['report.pdf', 'binary'],
  ])('%s is %s', (name, kind) => {
    expect(attachmentKind(name)).toBe(kind);
  });

  it('estimates tokens for text only and rejects credential names with their given size', () => {
    const r = inspectAttachments([
      { name: 'a.txt', size: 9 },
      { name: 'b.png', size: 9 },
      { name: 'server.pem', size: 3 },
      { name: '.env.local', size: 0 },
    ]);
    expect(r.attachments).toEqual([
      { name: 'a.txt', size: 9, kind: 'text', approxTokens: 3 },
      { name: 'b.png', size: 9, kind: 'image', approxTokens: null },
    ]);
    expect(r.omissions).toEqual([
      { path: 'server.pem', reason: 'credential', bytes: 3 },
      { path: '.env.local', reason: 'credential', bytes: 0 },
    ]);
  });
});
