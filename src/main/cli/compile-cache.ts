// V8's code cache for the CLI's own bundle, so a one-shot `loupe` command does not
// compile the ~900 KB runtime chunk from source on every start. Node 22.1+ has it
// built in (module.enableCompileCache). On Node 20 it stays off: a hand-made cache
// through vm.Script measured only ~10% of CPU there, and Node 20 loses the
// `import()` callback of code restored from such a cache.
//
// The cache lives in a folder of the user-data folder (0700: only the user can
// write code there). Failing to create it only costs the speed-up.
import { mkdirSync } from 'node:fs';
import Module from 'node:module';

/** Turns Node's compile cache on in `cacheDir`; 'off' where this Node has none. */
export function enableCompileCache(cacheDir: string): 'builtin' | 'off' {
  const enable = (Module as unknown as { enableCompileCache?: (dir: string) => unknown }).enableCompileCache;
  if (typeof enable !== 'function') return 'off';
  try {
    mkdirSync(cacheDir, { recursive: true, mode: 0o700 });
    enable(cacheDir);
    return 'builtin';
  } catch {
    return 'off';
  }
}
