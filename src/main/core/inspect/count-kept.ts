import type { CallContext } from '../../../shared/api';
import type { TokenCountResult } from '../../../shared/contract/context';
import type { TokenEncoding } from '../../../shared/tokens/encodings';
import type { TokenCounter } from '../tokens/token-counter';
import type { TextStore } from './text-store';

/** Progress is published at most this often (ms): a bar, not a flood. */
const PROGRESS_EVERY_MS = 100;

/**
 * Exact counts of kept texts (context.countTokens): each hash counted once,
 * in the token workers, cached by content; progress in bytes on the call's
 * task stream (label "bytes"); a hash whose text is no longer kept counts as
 * null, never as zero. Cancelling the call stops the workers' share of it.
 */
export async function countKeptTexts(
  counter: TokenCounter,
  texts: TextStore,
  request: { encoding: TokenEncoding; sha256: readonly string[] },
  ctx: CallContext,
): Promise<TokenCountResult> {
  const found = request.sha256.map((sha) => texts.get(sha));
  const items = found.flatMap((t, i) => (t ? [{ text: t.text, sha256: request.sha256[i]! }] : []));
  let last = 0;
  const counts = await counter.count(items, request.encoding, {
    signal: ctx.signal,
    onProgress: ({ bytesDone, bytesTotal }) => {
      const now = Date.now();
      if (bytesDone < bytesTotal && now - last < PROGRESS_EVERY_MS) return;
      last = now;
      ctx.progress(bytesDone, bytesTotal, 'bytes');
    },
  });
  let next = 0;
  const all = found.map((t) => (t ? counts[next++]! : null));
  return {
    encoding: request.encoding,
    counts: all,
    total: all.reduce<number>((n, c) => n + (c ?? 0), 0),
    missing: all.filter((c) => c === null).length,
  };
}
