import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRuntime, removeTempDirs, tempDir } from '../testing/fixtures';

afterAll(removeTempDirs);

describe('app.saveFile', () => {
  it('says the browser host has no save dialog (the page downloads instead)', async () => {
    const rt = makeRuntime();
    await expect(rt.call('app.saveFile', { suggestedName: 'a.json', content: '{}' })).rejects.toMatchObject({ code: 'unsupported' });
    await rt.close();
  });

  it('writes through the dialog the host gives, and says when the user cancelled', async () => {
    const dir = tempDir();
    let answer: string | null = join(dir, 'chosen.csv');
    const rt = makeRuntime({
      saveFile: async (_name, content) => {
        if (answer) writeFileSync(answer, content);
        return answer;
      },
    });
    expect(await rt.call('app.saveFile', { suggestedName: 'evidence.csv', content: 'a,b\r\n' })).toEqual({ saved: true, path: join(dir, 'chosen.csv') });
    expect(readFileSync(join(dir, 'chosen.csv'), 'utf8')).toBe('a,b\r\n');
    answer = null;
    expect(await rt.call('app.saveFile', { suggestedName: 'evidence.csv', content: 'x' })).toEqual({ saved: false, path: null });
    await rt.close();
  });

  it('refuses a path where a file name belongs', async () => {
    const rt = makeRuntime({ saveFile: async () => null });
    await expect(rt.call('app.saveFile', { suggestedName: '../x.json', content: '' })).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(rt.call('app.saveFile', { suggestedName: '  ', content: '' })).rejects.toMatchObject({ code: 'invalid-input' });
    await rt.close();
  });
});
