/**
 * The wire's records, written in batches: every record that is ready by the
 * time the event loop comes round is committed in one transaction (one fsync
 * under synchronous = FULL for all of them, not one per row and one more per
 * calibration point). The relay passes a response's end on only once its
 * record's batch has committed, so a record is never lost for an answered
 * request, whatever kills the process after. A request whose analysis is not
 * ready by then (an answer faster than the analysis, nothing in force) gets a
 * provisional record first, replaced by its full one when that is ready; one
 * analysed before its answer ended is written then, and completed at its end.
 */
import type { WireRequestRecord } from '../../../shared/contract/wire';
import type { Db } from '../store/store';
import { writeTransaction } from '../store/write';
import { completeWireRequest, insertWireRequest, replaceWireRequest } from './store';

interface Waiting {
  record: WireRequestRecord;
  estimateTokens: number | null;
  /**
   * insert: a new record; replace: the full record in place of the request's provisional one
   * (written at its answer's end); complete: the answer's facts on a record written before it.
   */
  how: 'insert' | 'replace' | 'complete';
  done: (err?: unknown) => void;
}

/** One record into the batch's transaction: a full record replaces its provisional one in the same commit. */
function put(db: Db, w: Waiting): void {
  if (w.how === 'complete') return completeWireRequest(db, w.record, w.estimateTokens);
  if (w.how === 'replace') replaceWireRequest(db, w.record, w.estimateTokens);
  else insertWireRequest(db, w.record, w.estimateTokens);
}

export interface RecordWriter {
  /** Resolves once `record` is committed (rejects when its batch could not be written); `how`: see Waiting. */
  write(record: WireRequestRecord, estimateTokens: number | null, how?: Waiting['how']): Promise<void>;
}

export function recordWriter(db: () => Db): RecordWriter {
  let waiting: Waiting[] = [];
  const flush = () => {
    const batch = waiting;
    waiting = [];
    try {
      writeTransaction(db(), () => {
        for (const w of batch) put(db(), w);
      });
      for (const w of batch) w.done();
    } catch {
      // One record that cannot be written does not take its batch with it: each is tried alone.
      for (const w of batch) {
        try {
          writeTransaction(db(), () => put(db(), w));
          w.done();
        } catch (err) {
          w.done(err);
        }
      }
    }
  };
  return {
    write(record, estimateTokens, how = 'insert') {
      return new Promise<void>((resolve, reject) => {
        // The first of a batch schedules its commit; records ready before it runs join it.
        if (waiting.length === 0) setImmediate(flush);
        waiting.push({ record, estimateTokens, how, done: (err) => (err === undefined ? resolve() : reject(err as Error)) });
      });
    },
  };
}
