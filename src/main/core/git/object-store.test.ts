// The in-process object store against git itself: every version of files edited
// over many commits, packed with long delta chains (by offset, and by id), read
// back byte for byte; the delta cache stays within its bound.
import { execFileSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prng } from '../../../shared/prng';
import { git, makeRepo, removeTempDirs } from '../testing/fixtures';
import { ObjectStore, objectsDirOf } from './object-store';
import { applyDelta, PackFile } from './pack-file';

/** Every object id of the repository with git's own type and bytes. */
function gitObjects(repo: string): { oid: string; type: string }[] {
  return git(repo, 'cat-file', '--batch-all-objects', '--batch-check=%(objectname) %(objecttype)')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [oid, type] = line.split(' ');
      return { oid: oid!, type: type! };
    });
}

/** Every object's bytes as git reads them, from one `cat-file --batch`. */
function gitBytes(repo: string, oids: string[]): Map<string, Buffer> {
  const out = execFileSync('git', ['cat-file', '--batch'], { cwd: repo, input: oids.map((o) => `${o}\n`).join(''), maxBuffer: 1 << 28 });
  const bytes = new Map<string, Buffer>();
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(10, at);
    const [oid, , size] = out.toString('latin1', at, eol).split(' ');
    bytes.set(oid!, out.subarray(eol + 1, eol + 1 + Number(size)));
    at = eol + 1 + Number(size) + 1;
  }
  return bytes;
}

/** A repository whose files change a little in each of `commits` commits, then repacked. */
function historyRepo(commits: number, repackArgs: string[], config: [string, string][] = []): string {
  const next = prng(7);
  const lines = Array.from({ length: 4000 }, (_, i) => `line ${i} ${Math.floor(next() * 1e9)}\n`);
  const repo = makeRepo({ 'big.txt': lines.join(''), 'small.txt': 'small\n' });
  for (let c = 0; c < commits; c++) {
    lines.splice(Math.floor(next() * lines.length), 1, `changed in ${c}\n`);
    writeFileSync(join(repo, 'big.txt'), lines.join(''));
    writeFileSync(join(repo, 'small.txt'), `small ${c}\n`);
    git(repo, 'commit', '-q', '-am', `change ${c}`);
  }
  for (const [k, v] of config) git(repo, 'config', k, v);
  git(repo, 'repack', '-a', '-d', '-f', '-q', ...repackArgs);
  git(repo, 'prune-packed');
  return repo;
}

afterAll(removeTempDirs);

describe.each([
  ['offset deltas', [] as [string, string][]],
  ['deltas named by id', [['repack.useDeltaBaseOffset', 'false']] as [string, string][]],
])('ObjectStore over a pack with %s', (_name, config) => {
  let repo: string;
  beforeAll(() => {
    repo = historyRepo(30, ['--depth=50', '--window=50'], config);
  });

  it('reads every object of the pack exactly as git does', () => {
    const packDir = join(repo, '.git/objects/pack');
    expect(readdirSync(packDir).filter((f) => f.endsWith('.pack'))).toHaveLength(1);
    const verify = execFileSync('git', ['verify-pack', '-v', join(packDir, readdirSync(packDir).find((f) => f.endsWith('.idx'))!)], {
      cwd: repo,
      encoding: 'utf8',
    });
    // The fixture really holds delta chains (the 6th column of a delta line is its depth).
    const depths = verify.split('\n').map((l) => Number(l.split(/\s+/)[5] ?? 0)).filter((n) => n > 0);
    expect(Math.max(...depths)).toBeGreaterThan(5);
    const store = new ObjectStore(objectsDirOf(repo));
    const objects = gitObjects(repo);
    expect(objects.length).toBeGreaterThan(100);
    const expected = gitBytes(repo, objects.map((o) => o.oid));
    for (const { oid, type } of objects) {
      const got = store.read(oid);
      expect(got?.type).toBe(type);
      expect(got!.bytes.equals(expected.get(oid)!)).toBe(true);
    }
    store.close();
  });

  it('reads objects in pack order, backwards and alternating ends through its read-ahead, byte for byte', () => {
    const packDir = join(repo, '.git/objects/pack');
    const idx = join(packDir, readdirSync(packDir).find((f) => f.endsWith('.idx'))!);
    // verify-pack lists objects by offset: neighbours share a read-ahead, the ends do not.
    const byOffset = execFileSync('git', ['verify-pack', '-v', idx], { cwd: repo, encoding: 'utf8' })
      .split('\n')
      .filter((l) => /^[0-9a-f]{40} /.test(l))
      .map((l) => l.split(' ')[0]!);
    const expected = gitBytes(repo, byOffset);
    const alternating = byOffset.map((_, i) => byOffset[i % 2 ? byOffset.length - 1 - (i >> 1) : i >> 1]!);
    for (const order of [byOffset, [...byOffset].reverse(), alternating]) {
      // A small cache: most objects are read from the pack again, not from memory.
      const store = new ObjectStore(objectsDirOf(repo), 4096);
      for (const oid of order) expect(store.read(oid)!.bytes.equals(expected.get(oid)!), oid).toBe(true);
      store.close();
    }
  });

  it('inflates each pack entry once when its cache holds them all, whatever the order objects are asked in', () => {
    const objects = gitObjects(repo);
    for (const order of [objects, [...objects].reverse()]) {
      const entryAt = vi.spyOn(PackFile.prototype, 'entryAt');
      const store = new ObjectStore(objectsDirOf(repo));
      for (const { oid } of order) store.read(oid);
      const offsets = entryAt.mock.calls.map(([offset]) => offset);
      // An object asked for and later met as another's base is not resolved again.
      expect(offsets.length).toBe(new Set(offsets).size);
      expect(offsets.length).toBeLessThanOrEqual(objects.length);
      store.close();
      entryAt.mockRestore();
    }
  });

  it('keeps its delta cache within the bound it was given', () => {
    const store = new ObjectStore(objectsDirOf(repo), 256 * 1024);
    for (const { oid } of gitObjects(repo)) {
      store.read(oid);
      expect(store.cacheSize).toBeLessThanOrEqual(256 * 1024);
    }
    store.close();
  });

  it('answers null for a missing object and expands unique prefixes', () => {
    const store = new ObjectStore(objectsDirOf(repo));
    expect(store.read('0123456789012345678901234567890123456789')).toBeNull();
    const head = git(repo, 'rev-parse', 'HEAD');
    expect(store.expand(head.slice(0, 8))).toEqual([head]);
    expect(store.expand('ffffffff')).toEqual([]);
    store.close();
  });
});

describe('ObjectStore, loose objects and new packs', () => {
  it('reads loose objects and finds a pack written after it started', () => {
    const repo = makeRepo({ 'a.txt': 'a\n' });
    const store = new ObjectStore(objectsDirOf(repo));
    const blob = git(repo, 'rev-parse', 'HEAD:a.txt');
    expect(store.read(blob)?.bytes.toString()).toBe('a\n');
    writeFileSync(join(repo, 'b.txt'), 'b\n');
    git(repo, 'add', 'b.txt');
    git(repo, 'commit', '-q', '-m', 'b');
    git(repo, 'repack', '-a', '-d', '-q');
    git(repo, 'prune-packed');
    const b = git(repo, 'rev-parse', 'HEAD:b.txt');
    expect(store.read(b)?.bytes.toString()).toBe('b\n');
    expect(store.read(blob)?.bytes.toString()).toBe('a\n');
    store.close();
  });
});

describe('applyDelta', () => {
  it('copies and inserts, and refuses a delta that reaches past its base', () => {
    const base = Buffer.from('hello world');
    // source 11, result 8: copy offset 6 size 5 ("world"), insert "!!!".
    const delta = Buffer.from([11, 8, 0x80 | 0x01 | 0x10, 6, 5, 3, 0x21, 0x21, 0x21]);
    expect(applyDelta(base, delta).toString()).toBe('world!!!');
    expect(() => applyDelta(base, Buffer.from([11, 8, 0x80 | 0x01 | 0x10, 9, 5]))).toThrow(/past/);
    expect(() => applyDelta(base, Buffer.from([12, 1, 1, 0x21]))).toThrow(/base/);
  });

  it('copies and inserts runs longer than the short-copy loop, with multi-byte operands', () => {
    const base = Buffer.from('x'.repeat(300) + 'abcdefghij'.repeat(40)); // 700 bytes: varint [0xbc, 0x05]
    const inserted = Buffer.from('y'.repeat(100));
    // result 500 = 400 copied from offset 300 (two offset bytes, two size bytes) + 100 inserted.
    const delta = Buffer.concat([Buffer.from([0xbc, 0x05, 0xf4, 0x03, 0x80 | 0x01 | 0x02 | 0x10 | 0x20, 300 & 0xff, 300 >> 8, 400 & 0xff, 400 >> 8, 100]), inserted]);
    expect(applyDelta(base, delta).toString()).toBe('abcdefghij'.repeat(40) + 'y'.repeat(100));
  });

  it('reads a four-byte copy offset as unsigned: one past 2^31 is past the base, not negative', () => {
    const base = Buffer.from('hello world');
    // offset 0xffffffff (all four bytes), size 1.
    const delta = Buffer.from([11, 1, 0x80 | 0x0f | 0x10, 0xff, 0xff, 0xff, 0xff, 1]);
    expect(() => applyDelta(base, delta)).toThrow(/past/);
  });
});
