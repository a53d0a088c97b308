/**
 * The wire's records, written in batches: every record that is ready by the
 * time the event loop comes round is committed in one transaction (one fsync
 * under synchronous = FULL for all of them, not one per row and one more per
 * calibration point). The relay passes a response's end on only once its
 * record's batch has committed, so a record is never lost for an answered
 * request, whatever kills the process after.
 */
import type { WireRequestRecord } from '../../../shared/contract/wire';
import type { Db } from '../store/store';
import { writeTransaction } from '../store/write';
import { insertWireRequest } from './store';

interface Waiting {
  record: WireRequestRecord;
  estimateTokens: number | null;
  done: (err?: unknown) => void;
}

export interface RecordWriter {
  /** Resolves once `record` is committed (rejects when its batch could not be written). */
  write(record: WireRequestRecord, estimateTokens: number | null): Promise<void>;
}

export function recordWriter(db: () => Db): RecordWriter {
  let waiting: Waiting[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    try {
      writeTransaction(db(), () => {
        for (const w of batch) insertWireRequest(db(), w.record, w.estimateTokens);
      });
      for (const w of batch) w.done();
    } catch {
      // One record that cannot be written does not take its batch with it: each is tried alone.
      for (const w of batch) {
        try {
          writeTransaction(db(), () => insertWireRequest(db(), w.record, w.estimateTokens));
          w.done();
        } catch (err) {
          w.done(err);
        }
      }
    }
  };
  return {
    write(record, estimateTokens) {
      return new Promise<void>((resolve, reject) => {
        // The first of a batch schedules its commit; records ready before it runs join it.
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ record, estimateTokens, done: (err) => (err === undefined ? resolve() : reject(err as Error)) });
      });
    },
  };
}
