import { describe, expect, it } from 'vitest';
import { parseLsTree } from './porcelain';

const oid = (c: string) => c.repeat(40);

describe('parseLsTree', () => {
  it('reads padded sizes, unknown sizes, listings without sizes, names with spaces and a prefix', () => {
    const out = Buffer.from(
      [
        `100644 blob ${oid('a')}     1234\tsrc/a file.ts`,
        `040000 tree ${oid('b')}        -\tsrc/dir`,
        `120000 blob ${oid('c')}       11\tlink`,
        `160000 commit ${oid('d')}       -\tsub`,
        `100755 blob ${oid('e')}        -\tmissing in a partial clone`,
        `100644 blob ${oid('f')}\tno size column`,
        `100644 blob ${oid('0')}        0\tempty \t tab`,
      ].join('\0') + '\0',
    );
    expect(parseLsTree(out, 'p/')).toEqual([
      { path: 'p/src/a file.ts', type: 'file', mode: '100644', oid: oid('a'), size: 1234 },
      { path: 'p/src/dir', type: 'dir', mode: '040000', oid: oid('b'), size: null },
      { path: 'p/link', type: 'symlink', mode: '120000', oid: oid('c'), size: 11 },
      { path: 'p/sub', type: 'submodule', mode: '160000', oid: oid('d'), size: null },
      { path: 'p/missing in a partial clone', type: 'file', mode: '100755', oid: oid('e'), size: null },
      { path: 'p/no size column', type: 'file', mode: '100644', oid: oid('f'), size: null },
      { path: 'p/empty \t tab', type: 'file', mode: '100644', oid: oid('0'), size: 0 },
    ]);
    expect(parseLsTree('')).toEqual([]);
  });
});
