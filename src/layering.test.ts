// The layer rules of docs/ARCHITECTURE.md, enforced: src/shared imports nothing
// platform-specific, src/main/core never imports electron, the renderer never
// reaches into main.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const srcRoot = __dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const re = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(re)) found.push((m[1] ?? m[2] ?? m[3] ?? m[4])!);
  return found;
}

const NODE_BUILTINS = new Set([
  'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'util', 'stream', 'buffer',
  'events', 'zlib', 'worker_threads', 'process', 'readline', 'tty', 'dns',
]);

function violations(dir: string, isBad: (spec: string, file: string) => boolean): string[] {
  return sourceFiles(join(srcRoot, dir)).flatMap((file) =>
    imports(file)
      .filter((spec) => isBad(spec, file))
      .map((spec) => `${relative(srcRoot, file)} imports ${spec}`),
  );
}

describe('layers', () => {
  it('src/shared is pure: no node:, electron, or Node built-ins', () => {
    const bad = violations('shared', (s) => s.startsWith('node:') || s === 'electron' || NODE_BUILTINS.has(s));
    expect(bad).toEqual([]);
  });

  it('src/main/core never imports electron', () => {
    expect(violations('main/core', (s) => s === 'electron' || s.startsWith('electron/'))).toEqual([]);
  });

  it('the renderer never imports from main or Node', () => {
    const bad = violations(
      'renderer',
      (s) => s.includes('/main/') || s.startsWith('node:') || s === 'electron' || NODE_BUILTINS.has(s),
    );
    expect(bad).toEqual([]);
  });

  it('the preload imports only electron and shared', () => {
    const bad = violations('preload', (s) => !(s === 'electron' || s.startsWith('../shared/')));
    expect(bad).toEqual([]);
  });

  it('finds a violation when there is one (the checker itself works)', () => {
    expect(imports(join(srcRoot, 'main/index.ts'))).toContain('electron');
  });
});
