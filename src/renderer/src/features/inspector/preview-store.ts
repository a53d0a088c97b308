/**
 * The previews of the inspection on screen, asked for when a row opens. The
 * Inspector inspects with `previews: false` (a 200-file answer is then ~50 KB
 * instead of ~1.7 MB for the page to take in before its first row shows), and
 * main keeps each preview it made, redacted, by content hash (context.previews).
 * A preview is a function of the content alone, so the hash names it for every
 * path and inspection that has it.
 */
import { create } from 'zustand';
import { INSPECT_LIMITS, type InspectResult } from '../../../../shared/contract/context';
import { bridge } from '../../bridge';
import { toUiError, type UiError } from '../../ui/ui-error';

export type PreviewState =
  | { state: 'loading' }
  | { state: 'ready'; text: string }
  /** Main no longer holds it (the host restarted, or many later inspections pushed it out). */
  | { state: 'gone' }
  | { state: 'error'; error: UiError };

interface PreviewStoreState {
  bySha: Record<string, PreviewState>;
  /** Asks main for the previews not held or under way yet (one call for all of them). */
  load(sha256: readonly string[]): Promise<void>;
  /** `result` with every file's preview, asking main for the missing ones; throws when one is no longer held. */
  complete(result: InspectResult): Promise<InspectResult>;
}

/** Previews kept in the page (at most 8 KiB each): two full inspections' worth; the oldest go first. */
const MAX_KEPT = 2 * INSPECT_LIMITS.maxEntries;

/** Calls under way, by hash: a second ask for the same preview waits for the first. */
const inFlight = new Map<string, Promise<void>>();

export const GONE_MESSAGE = 'Loupe no longer holds this inspection’s previews (the app restarted, or later inspections replaced them): press Inspect again.';

export const usePreviews = create<PreviewStoreState>()((set, get) => ({
  bySha: {},

  async load(sha256) {
    const unique = [...new Set(sha256)];
    const waits = unique.flatMap((sha) => inFlight.get(sha) ?? []);
    const wanted = unique.filter((sha) => {
      const s = get().bySha[sha];
      return !inFlight.has(sha) && (!s || s.state === 'error');
    });
    const mark = (of: (i: number) => PreviewState) =>
      set((s) => {
        const kept = Object.entries(s.bySha).filter(([sha]) => !wanted.includes(sha));
        const room = Math.max(0, MAX_KEPT - wanted.length);
        return { bySha: Object.fromEntries([...kept.slice(Math.max(0, kept.length - room)), ...wanted.map((sha, i) => [sha, of(i)] as const)]) };
      });
    if (wanted.length > 0) {
      const call = (async () => {
        mark(() => ({ state: 'loading' }));
        try {
          const { previews } = await bridge.call('context.previews', { sha256: wanted });
          mark((i) => (typeof previews[i] === 'string' ? { state: 'ready', text: previews[i] } : { state: 'gone' }));
        } catch (err) {
          const error = toUiError(err);
          mark(() => ({ state: 'error', error }));
        } finally {
          for (const sha of wanted) inFlight.delete(sha);
        }
      })();
      for (const sha of wanted) inFlight.set(sha, call);
      waits.push(call);
    }
    await Promise.all(waits);
  },

  async complete(result) {
    const missing = result.files.filter((f) => f.preview === undefined).map((f) => f.sha256);
    await get().load(missing);
    const bySha = get().bySha;
    const files = result.files.map((f) => {
      if (f.preview !== undefined) return f;
      const held = bySha[f.sha256];
      if (held?.state === 'ready') return { ...f, preview: held.text };
      throw new Error(held?.state === 'error' ? held.error.message : GONE_MESSAGE);
    });
    return { ...result, files };
  },
}));
