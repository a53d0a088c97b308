/**
 * A few worker threads that count pieces of text. Workers start on demand and
 * load their tokenizer on first use; a cancelled call's queued pieces are
 * dropped and the workers busy with its pieces are terminated (a count cannot
 * be interrupted any other way), to be started again when needed.
 */
import { Worker } from 'node:worker_threads';
import { LoupeError } from '../../../shared/errors';
import type { TokenEncoding } from '../../../shared/tokens/encodings';
import type { CountJob, CountReply } from './protocol';

interface Pending {
  job: CountJob;
  owner: object;
  resolve: (count: number) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  current: Pending | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

/** Whether a worker has no job (read afresh: a call in between may have given it one). */
const isIdle = (slot: Slot): boolean => slot.current === null;

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;

  /** `idleMs`: an idle worker is ended after this long (its tokenizer holds about 80 MB); 0 keeps it. */
  constructor(
    private readonly workerFile: string,
    private readonly size: number,
    private readonly idleMs = 60_000,
  ) {}

  /** Counts one piece; `owner` groups the pieces of one call so they can be cancelled together. */
  count(text: string, encoding: TokenEncoding, owner: object): Promise<number> {
    if (this.closed) return Promise.reject(new LoupeError('cancelled', 'The token counter was closed.'));
    return new Promise<number>((resolve, reject) => {
      this.queue.push({ job: { id: this.nextId++, encoding, text }, owner, resolve, reject });
      this.pump();
    });
  }

  /** Drops `owner`'s queued pieces and terminates the workers counting its pieces; all reject with `reason`. */
  cancel(owner: object, reason: Error): void {
    for (let i = this.queue.length - 1; i >= 0; i--) {
      if (this.queue[i]!.owner === owner) this.queue.splice(i, 1)[0]!.reject(reason);
    }
    for (const slot of [...this.slots]) {
      if (slot.current?.owner !== owner) continue;
      const pending = slot.current;
      slot.current = null;
      this.drop(slot);
      pending.reject(reason);
    }
    this.pump();
  }

  /** Terminates every worker; what is pending rejects as cancelled. */
  async close(): Promise<void> {
    this.closed = true;
    const reason = new LoupeError('cancelled', 'The token counter was closed.');
    for (const p of this.queue.splice(0)) p.reject(reason);
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.current?.reject(reason);
    }
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** Workers alive now (for tests and stats). */
  get workers(): number {
    return this.slots.length;
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.current === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const pending = this.queue.shift()!;
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
      slot.current = pending;
      slot.worker.ref(); // a busy worker keeps the process alive until its answer
      slot.worker.postMessage(pending.job);
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.workerFile), current: null, idleTimer: null };
    slot.worker.on('message', (reply: CountReply) => {
      const pending = slot.current;
      if (!pending || pending.job.id !== reply.id) return;
      slot.current = null;
      slot.worker.unref(); // an idle worker must not keep a finished CLI running
      if ('error' in reply) pending.reject(new LoupeError('internal', `Counting tokens failed: ${reply.error}`));
      else pending.resolve(reply.count);
      this.pump();
      // pump() may have handed this worker the next job.
      if (isIdle(slot) && this.idleMs > 0) {
        slot.idleTimer = setTimeout(() => slot.current === null && this.drop(slot), this.idleMs);
        slot.idleTimer.unref();
      }
    });
    const fail = (err: Error) => {
      if (!this.slots.includes(slot)) return;
      this.drop(slot);
      slot.current?.reject(new LoupeError('internal', `The token worker stopped: ${err.message}`));
      slot.current = null;
      this.pump();
    };
    slot.worker.on('error', fail);
    slot.worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private drop(slot: Slot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const at = this.slots.indexOf(slot);
    if (at !== -1) this.slots.splice(at, 1);
    void slot.worker.terminate();
  }
}
