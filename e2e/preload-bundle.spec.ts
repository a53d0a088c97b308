// The built preload must run where Electron sandboxes it: CommonJS, requiring
// nothing but `electron` (docs/ARCHITECTURE.md, "Electron facts that bite"). This runs the
// real out/preload/index.js in a bare VM context with a require that only knows
// `electron`, so it holds even where Electron's binary is absent.
// The suite's fixtures, though it uses none: a file of another fixture set gets a worker process of its own.
import { expect, test } from './fixtures';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { methodNames } from '../src/shared/api';

const bundle = join(__dirname, '..', 'out', 'preload', 'index.js');

test('the built preload is self-contained and exposes one function per contract method', async () => {
  const requested: string[] = [];
  const invoked: { channel: string; request: unknown }[] = [];
  let exposed: { key: string; api: Record<string, unknown> } | null = null;
  const electron = {
    contextBridge: { exposeInMainWorld: (key: string, api: Record<string, unknown>) => (exposed = { key, api }) },
    ipcRenderer: {
      invoke: async (channel: string, request: unknown) => void invoked.push({ channel, request }),
      on: () => {},
      removeListener: () => {},
    },
    webUtils: { getPathForFile: () => '/dropped' },
  };
  const sandboxedRequire = (id: string) => {
    requested.push(id);
    if (id !== 'electron') throw new Error(`a sandboxed preload cannot require("${id}")`);
    return electron;
  };
  const module = { exports: {} };
  // Only what a sandboxed preload has: no process, Buffer or Node globals.
  runInNewContext(`(function (require, module, exports) {${readFileSync(bundle, 'utf8')}\n})`, {})(
    sandboxedRequire,
    module,
    module.exports,
  );

  expect([...new Set(requested)]).toEqual(['electron']);
  expect(exposed!.key).toBe('loupe');
  const api = exposed!.api as Record<string, Record<string, (r?: unknown) => Promise<unknown>>> & { host: string };
  expect(api.host).toBe('electron');
  for (const name of methodNames) {
    const [group, member] = name.split('.') as [string, string];
    expect(typeof api[group]?.[member], name).toBe('function');
    await api[group]![member]!({ probe: name });
  }
  expect(invoked.map((c) => c.channel)).toEqual(methodNames.map((n) => `loupe:${n}`));
  expect(Object.keys(api).filter((k) => typeof api[k] === 'function').sort()).toEqual(['on', 'pathForFile']);
});
