/**
 * The obvious trim, kept as the yardstick for trimToBudget: drop the oldest
 * unprotected row, serialize what is left again, repeat. Quadratic in the
 * history's size. Used only by the property tests (the fast trim must return
 * exactly this) and by bench/fold.bench.ts (the baseline); the app never calls it.
 */
import { utf8ByteLength } from '../fold/budget';
import { protectedRows, repairToolPairs } from '../fold/pairing';
import type { FoldRow } from '../fold/rows';
import { splitEvicted, trimSettings, type TrimOptions, type TrimResult } from '../fold/trim';

/** Same contract as trimToBudget, computed by re-serializing after every drop. */
export function naiveTrimToBudget(rows: readonly FoldRow[], budgetTokens: number, options: TrimOptions = {}): TrimResult {
  const { budget, maxRows, maxBytes, currentBytes, keepNewest } = trimSettings(budgetTokens, options);
  const { candidates, pinned, evicted, origin } = splitEvicted(rows, options);
  const keep = protectedRows(candidates, pinned, keepNewest);
  let kept = candidates.map((row, i) => ({ row, i }));
  const bytesOf = () => utf8ByteLength(JSON.stringify(kept.map((k) => k.row)));
  const dropOldest = (): boolean => {
    const at = kept.findIndex((k) => !keep[k.i]);
    if (at < 0) return false;
    kept = [...kept.slice(0, at), ...kept.slice(at + 1)];
    return true;
  };
  // The published estimate, or the estimate scaled by a factor (exact counts are not modelled here).
  const factor = options.count?.kind === 'scaled' ? options.count.factor : 1;
  const counted = (bytes: number) => Math.ceil(((bytes + currentBytes) * factor) / 4);
  while (counted(bytesOf()) > budget && dropOldest());
  while (kept.length > maxRows && dropOldest());
  while (bytesOf() > maxBytes && dropOldest());

  const repaired = repairToolPairs(kept.map((k) => k.row));
  const bytes = utf8ByteLength(JSON.stringify(repaired.rows));
  const estimatedTokens = Math.ceil((bytes + currentBytes) / 4);
  const dropped = candidates.length - repaired.rows.length;
  return {
    rows: repaired.rows,
    keptIndices: repaired.from.map((p) => origin[kept[p]!.i]!),
    truncated: dropped > 0 || repaired.strippedCalls > 0,
    dropped,
    evicted,
    strippedCalls: repaired.strippedCalls,
    estimatedTokens,
    bytes,
    countedBy: factor === 1 && options.count === undefined ? 'estimate' : 'scaled',
    countedTokens: counted(bytes),
    fits: counted(bytes) <= budget,
    withinRails: repaired.rows.length <= maxRows && bytes <= maxBytes,
  };
}
