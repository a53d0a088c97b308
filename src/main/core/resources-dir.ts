import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The app's resources folder (the demo agent, the model catalog snapshot):
 * LOUPE_RESOURCES when set, else the nearest `resources/` above this module
 * (out/main in a build, src/main/core in tests), else the current folder's.
 */
// The built app and CLI are CommonJS (__dirname is the code's folder); an ES module bundle (the
// benchmarks) has none, and starts from the working folder instead.
const codeDir = (): string => (typeof __dirname === 'string' ? __dirname : process.cwd());

export function findResourcesDir(from: string = codeDir(), env: NodeJS.ProcessEnv = process.env): string {
  if (env.LOUPE_RESOURCES) return resolve(env.LOUPE_RESOURCES);
  let dir = from;
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'resources');
    if (existsSync(join(candidate, 'demo-agent'))) return candidate;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return resolve('resources');
}
