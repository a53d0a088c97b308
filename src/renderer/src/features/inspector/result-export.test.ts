import { describe, expect, it } from 'vitest';
import type { InspectResult } from '../../../../shared/contract/context';
import { exportFileName, fileListText } from './result-export';

const result = {
  repo: '/home/me/My Project (copy)',
  baseCommit: '0123456789abcdef0123456789abcdef01234567',
  files: [{ path: 'src/a.ts' }, { path: 'README.md' }],
  omissions: [{ path: '.env', reason: 'credential', bytes: null }],
} as unknown as InspectResult;

describe('result export', () => {
  it('lists the files, then what was left out as comments', () => {
    expect(fileListText(result)).toBe('src/a.ts\nREADME.md\n\n# Left out (1):\n# .env (credential)\n');
    expect(fileListText({ ...result, omissions: [] })).toBe('src/a.ts\nREADME.md\n');
  });

  it('names the export after the repository folder and the commit', () => {
    expect(exportFileName(result)).toBe('loupe-My-Project-copy-0123456789.json');
    expect(exportFileName({ ...result, repo: 'C:\\work\\app\\' })).toBe('loupe-app-0123456789.json');
  });
});
