// A repository's object database read in-process without git: loose objects and
// packs (PackFile), deltas resolved through a cache bounded in bytes. This is what
// the embedded reader reads commits, trees and blobs through; isomorphic-git keeps
// refs, the index and the working tree.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { applyDelta, PackFile, readRegularFileSync, type ObjectType, type RawObject } from './pack-file';

export type { RawObject };

/** Deltas are resolved against bases kept here, least recently used first out. */
const DEFAULT_CACHE_BYTES = 32 * 1024 * 1024;
/** git itself stops at 4095; a longer chain is a corrupt or hostile pack. */
const MAX_DELTA_DEPTH = 10_000;

/** The git folder of a working tree: `.git`, or where a `.git` file points (a linked worktree). */
export function gitDirOf(root: string): string {
  const gitdir = join(root, '.git');
  try {
    if (statSync(gitdir).isFile()) {
      const pointed = /^gitdir:\s*(.+?)\s*$/m.exec(readFileSync(gitdir, 'utf8'))?.[1];
      if (pointed) return isAbsolute(pointed) ? pointed : resolve(root, pointed);
    }
  } catch {
    // No .git at all: reads find nothing there.
  }
  return gitdir;
}

/** The folder holding `objects/` for a working tree: its git folder's, or a linked worktree's common dir's. */
export function objectsDirOf(root: string): string {
  let gitdir = gitDirOf(root);
  try {
    const common = join(gitdir, 'commondir');
    if (existsSync(common)) gitdir = resolve(gitdir, readFileSync(common, 'utf8').trim());
  } catch {
    // No .git at all: every read says the object is missing.
  }
  return join(gitdir, 'objects');
}

export class ObjectStore {
  private packs: PackFile[] | null = null;
  /** Resolved objects by `<pack index>:<offset>`, in use order (a Map keeps insertion order). */
  private readonly cache = new Map<string, RawObject>();
  private cachedBytes = 0;

  constructor(
    private readonly objectsDir: string,
    private readonly cacheBytes = DEFAULT_CACHE_BYTES,
  ) {}

  /** The pack folder's mtime when the packs were listed. */
  private packsStamp = -1;

  private packDirStamp(): number {
    try {
      return statSync(join(this.objectsDir, 'pack')).mtimeMs;
    } catch {
      return -1;
    }
  }

  private loadPacks(): PackFile[] {
    if (this.packs) return this.packs;
    this.packsStamp = this.packDirStamp();
    const dir = join(this.objectsDir, 'pack');
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      names = [];
    }
    const packs: PackFile[] = [];
    for (const name of names.sort()) {
      if (!name.endsWith('.idx')) continue;
      const pack = join(dir, name.replace(/\.idx$/, '.pack'));
      if (!existsSync(pack)) continue;
      packs.push(new PackFile(pack, join(dir, name)));
    }
    this.packs = packs;
    return packs;
  }

  /** The object, or null when no pack or loose file holds it. Throws on a corrupt object. */
  read(oid: string): RawObject | null {
    const found = this.readPacked(oid) ?? this.readLoose(oid);
    if (found) return found;
    // A repack or fetch since the packs were listed (the pack folder changed): look once more.
    if (this.packs && this.packDirStamp() !== this.packsStamp) {
      this.closePacks();
      return this.readPacked(oid);
    }
    return null;
  }

  private readPacked(oid: string): RawObject | null {
    const id = Buffer.from(oid, 'hex');
    const packs = this.loadPacks();
    for (let p = 0; p < packs.length; p++) {
      const offset = packs[p]!.offsetOf(id);
      if (offset >= 0) return this.resolve(p, offset);
    }
    return null;
  }

  private readLoose(oid: string): RawObject | null {
    let file: Buffer;
    try {
      file = readRegularFileSync(join(this.objectsDir, oid.slice(0, 2), oid.slice(2)));
    } catch {
      return null;
    }
    const raw = inflateSync(file);
    const nul = raw.indexOf(0);
    const [type, size] = raw.subarray(0, nul).toString('latin1').split(' ');
    const bytes = raw.subarray(nul + 1);
    if (!isType(type) || Number(size) !== bytes.length) throw new Error(`The loose object ${oid} is corrupt.`);
    return { type, bytes };
  }

  /** Follows the delta chain from the entry at `offset` down to a whole object, then applies it back up. */
  private resolve(packIndex: number, offset: number): RawObject {
    const pack = this.packs![packIndex]!;
    const deltas: { key: string; data: Buffer }[] = [];
    let key = `${packIndex}:${offset}`;
    let base = this.cached(key);
    let at = offset;
    let p = packIndex;
    let current = pack;
    while (!base) {
      if (deltas.length > MAX_DELTA_DEPTH) throw new Error(`A delta chain in ${current.packPath} is too deep.`);
      const entry = current.entryAt(at);
      if (entry.kind === 'whole') {
        base = { type: entry.type, bytes: entry.data };
        break;
      }
      deltas.push({ key, data: entry.data });
      if (entry.kind === 'ofs') at = entry.base;
      else {
        // A base named by id may sit in another pack (a thin pack completed by fetch) or loose.
        const hex = entry.base.toString('hex');
        const located = this.locate(entry.base);
        if (!located) {
          base = this.readLoose(hex);
          if (!base) throw new Error(`The delta base ${hex} is missing.`);
          key = `loose:${hex}`;
          break;
        }
        [p, at] = located;
        current = this.packs![p]!;
      }
      key = `${p}:${at}`;
      base = this.cached(key);
    }
    let result: RawObject = base;
    for (let i = deltas.length - 1; i >= 0; i--) {
      result = { type: result.type, bytes: applyDelta(result.bytes, deltas[i]!.data) };
      // Bases that other deltas are likely to share, and the object asked for too: a delta's
      // neighbours in the pack are often deltas against it (the wide bench repository's 200
      // blobs are each other's bases: not keeping them applied 182 deltas a second time).
      this.remember(deltas[i]!.key, result);
    }
    // The bottom of a chain is every delta's base; a lone object is kept unless it is a blob.
    if (deltas.length > 0 || result.type !== 'blob') this.remember(key, base);
    return result;
  }

  private locate(id: Buffer): [number, number] | null {
    const packs = this.loadPacks();
    for (let p = 0; p < packs.length; p++) {
      const offset = packs[p]!.offsetOf(id);
      if (offset >= 0) return [p, offset];
    }
    return null;
  }

  private cached(key: string): RawObject | null {
    const hit = this.cache.get(key);
    if (!hit) return null;
    this.cache.delete(key);
    this.cache.set(key, hit);
    return hit;
  }

  private remember(key: string, object: RawObject): void {
    // One object over a quarter of the cache would push out everything else: not kept.
    if (object.bytes.length > this.cacheBytes / 4 || this.cache.has(key)) return;
    this.cache.set(key, object);
    this.cachedBytes += object.bytes.length;
    for (const [k, v] of this.cache) {
      if (this.cachedBytes <= this.cacheBytes) break;
      this.cache.delete(k);
      this.cachedBytes -= v.bytes.length;
    }
  }

  /** Full ids that start with `prefix` (4+ hex digits), from packs and loose objects; at most `limit`. */
  expand(prefix: string, limit = 2): string[] {
    const p = prefix.toLowerCase();
    const out = new Set<string>();
    for (const pack of this.loadPacks()) for (const id of pack.idsWithPrefix(p, limit)) out.add(id);
    try {
      for (const name of readdirSync(join(this.objectsDir, p.slice(0, 2)))) {
        const id = p.slice(0, 2) + name;
        if (id.startsWith(p)) out.add(id);
      }
    } catch {
      // No loose objects under that prefix.
    }
    return [...out].slice(0, limit);
  }

  /** How many bytes of resolved objects the cache holds (for tests). */
  get cacheSize(): number {
    return this.cachedBytes;
  }

  private closePacks(): void {
    for (const pack of this.packs ?? []) pack.close();
    this.packs = null;
    this.cache.clear();
    this.cachedBytes = 0;
  }

  close(): void {
    this.closePacks();
  }
}

function isType(value: string | undefined): value is ObjectType {
  return value === 'commit' || value === 'tree' || value === 'blob' || value === 'tag';
}
