import type { ChildHandle } from '../process/launcher';
import { gitTimedOut, type GitRunner } from './git-cli';
import { isFullOid } from './git-reader';

interface Pending {
  oid: string;
  resolve: (bytes: Buffer, header: { oid: string; type: string }) => void;
  reject: (error: Error) => void;
}

/**
 * One long-lived `git cat-file --batch` child. Requests are written as
 * `<oid>\n`; git answers in the same order with `<oid> <type> <size>\n<bytes>\n`
 * (or `<oid> missing\n`), so callers may issue many reads at once and the
 * child streams them back without a process per object.
 */
export class CatFileBatch {
  private readonly child: ChildHandle;
  private exitedAlready = false;
  private readonly queue: Pending[] = [];
  private head: Pending | undefined;
  /** Bytes received but not yet parsed. */
  private pending: Buffer = Buffer.alloc(0);
  /** The object being received: its buffer and how much of it has arrived. */
  private body: { bytes: Buffer; filled: number; oid: string; type: string } | null = null;
  private failure: Error | null = null;
  private readonly exited: Promise<void>;
  private stderr = '';
  /** Ends a child that stops answering (an object file that is a FIFO would block it). */
  private watchdog: NodeJS.Timeout | null = null;
  private readonly timeoutMs: number;

  constructor(git: GitRunner, cwd: string) {
    this.timeoutMs = git.timeoutMs;
    this.child = git.start(cwd, ['cat-file', '--batch']);
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.receive(chunk);
      this.arm();
    });
    this.child.stderr.on('data', (chunk: Buffer) => {
      if (this.stderr.length < 4096) this.stderr += chunk.toString('utf8');
    });
    this.child.stdin?.on('error', (err) => this.fail(err));
    this.exited = this.child.exited.then(
      ({ code }) => {
        this.exitedAlready = true;
        this.fail(new Error(`git cat-file --batch exited (${code ?? 'signal'}): ${this.stderr.trim() || 'no message'}`));
      },
      (err: Error) => {
        this.exitedAlready = true;
        this.fail(err);
      },
    );
  }

  /** Reads one object's bytes; rejects for a missing object or a dead child. */
  read(oid: string): Promise<Buffer> {
    if (!isFullOid(oid)) return Promise.reject(new Error(`Not a full object id: ${JSON.stringify(oid)}`));
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ oid, resolve, reject });
      this.child.stdin?.write(`${oid}\n`);
      if (!this.watchdog) this.arm();
    });
  }

  /**
   * The object a revision names (`HEAD`, `main~2^{commit}`, an abbreviated id), with
   * its type: the same lookup as `git rev-parse --verify`, without a process of its own.
   * Names with whitespace or control characters are refused (a batch line is one name).
   */
  resolveName(name: string): Promise<{ oid: string; type: string }> {
    if (!name || /[\s\0-\x1f]/.test(name)) return Promise.reject(new Error(`Not a batch object name: ${JSON.stringify(name)}`));
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.queue.push({ oid: name, resolve: (_bytes, header) => resolve(header), reject });
      this.child.stdin?.write(`${name}\n`);
      if (!this.watchdog) this.arm();
    });
  }

  /** (Re)starts the wall-clock limit while answers are awaited; stops it when none are. */
  private arm(): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
    if (!this.head && this.queue.length === 0) return;
    this.watchdog = setTimeout(() => {
      this.watchdog = null;
      this.fail(gitTimedOut(['cat-file', '--batch'], this.timeoutMs));
      void this.child.kill();
    }, this.timeoutMs);
    this.watchdog.unref();
  }

  /** Closes stdin so git exits; resolves when the child has gone (killed after 2 s). */
  async close(): Promise<void> {
    if (!this.exitedAlready) {
      this.child.stdin?.end();
      const timer = setTimeout(() => void this.child.kill(), 2000);
      timer.unref();
      await this.exited;
      clearTimeout(timer);
    }
    this.fail(new Error('The git reader was closed.'));
  }

  private fail(error: Error): void {
    if (this.watchdog) clearTimeout(this.watchdog);
    this.watchdog = null;
    if (!this.failure) this.failure = error;
    const waiting = this.head ? [this.head, ...this.queue.splice(0)] : this.queue.splice(0);
    this.head = undefined;
    for (const p of waiting) p.reject(this.failure);
  }

  private receive(chunk: Buffer): void {
    let data = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = Buffer.alloc(0);
    while (data.length > 0) {
      if (this.body) {
        // Copy the object's bytes into its own buffer so the chunk can be freed.
        const take = Math.min(this.body.bytes.length - this.body.filled, data.length);
        data.copy(this.body.bytes, this.body.filled, 0, take);
        this.body.filled += take;
        data = data.subarray(take);
        // Complete once every byte and the trailing newline have arrived.
        if (this.body.filled < this.body.bytes.length || data.length === 0) return;
        data = data.subarray(1);
        this.finishBody();
        continue;
      }
      const eol = data.indexOf(10);
      if (eol < 0) {
        this.pending = Buffer.from(data);
        return;
      }
      const header = data.subarray(0, eol).toString('utf8');
      data = data.subarray(eol + 1);
      data = this.startObject(header, data);
    }
  }

  /**
   * Takes the header of the next answer; returns what follows it that is not this object.
   * An object whose bytes and newline are all in `data` (most blobs: a pipe read holds
   * 64 KiB) is handed out as a view of it, not copied (the chunk is this reader's alone).
   */
  private startObject(header: string, data: Buffer): Buffer {
    const current = this.queue.shift();
    if (!current) return data;
    const parts = header.split(' ');
    if (parts.length === 3) {
      const size = Number(parts[2]);
      this.head = current;
      if (data.length > size) {
        this.body = { bytes: data.subarray(0, size), filled: size, oid: parts[0]!, type: parts[1]! };
        this.finishBody();
        return data.subarray(size + 1);
      }
      this.body = { bytes: Buffer.allocUnsafe(size), filled: 0, oid: parts[0]!, type: parts[1]! };
      return data;
    }
    current.reject(new Error(`git object ${current.oid} is ${parts[1] ?? 'unreadable'}`));
    return data;
  }

  private finishBody(): void {
    const done = this.head;
    const body = this.body;
    this.head = undefined;
    this.body = null;
    done?.resolve(body?.bytes ?? Buffer.alloc(0), { oid: body?.oid ?? '', type: body?.type ?? '' });
  }
}
