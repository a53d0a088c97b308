/**
 * Entry of a tokens worker thread (built to out/main/tokens-worker.js beside
 * the main and CLI bundles). It loads a tokenizer on first use and answers
 * count jobs one at a time; the main side cancels by terminating it.
 */
import { parentPort } from 'node:worker_threads';
import { loadCounter } from './count-text';
import type { CountJob, CountReply } from './protocol';

const port = parentPort;
if (!port) throw new Error('tokens-worker.ts runs only as a worker thread.');

port.on('message', (job: CountJob) => {
  loadCounter(job.encoding).then(
    (count) => {
      let reply: CountReply;
      try {
        reply = { id: job.id, count: count(job.text) };
      } catch (err) {
        reply = { id: job.id, error: err instanceof Error ? err.message : String(err) };
      }
      port.postMessage(reply);
    },
    (err: unknown) => port.postMessage({ id: job.id, error: `could not load ${job.encoding}: ${err instanceof Error ? err.message : String(err)}` } satisfies CountReply),
  );
});
