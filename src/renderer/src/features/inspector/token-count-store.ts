/**
 * Exact token counts of the inspection on screen, for the model in force:
 * counted in main's token workers (context.countTokens), with progress from
 * the call's task stream; a new inspection or another model cancels the count
 * in flight. A model whose tokenizer is not public gets no count at all, only
 * the reason: never an exact-looking number.
 */
import { create } from 'zustand';
import type { InspectResult } from '../../../../shared/contract/context';
import type { TokenEncoding } from '../../../../shared/tokens/encodings';
import { tokenizerForModel } from '../../../../shared/tokens/model-tokenizer';
import { bridge, BridgeError, newCallId } from '../../bridge';
import { toUiError, type UiError } from '../../ui/ui-error';

export type ExactCounts =
  /** No inspection on screen. */
  | { state: 'idle' }
  /** The model's tokenizer is not public (or no model is set): estimates only, and why. */
  | { state: 'estimate-only'; reason: string }
  | { state: 'counting'; encoding: TokenEncoding; done: number; total: number | null }
  | { state: 'done'; encoding: TokenEncoding; bySha: Record<string, number>; total: number; missing: number }
  | { state: 'error'; encoding: TokenEncoding; error: UiError };

interface TokenCountState {
  counts: ExactCounts;
  /** What `counts` is for: the inspection's content hashes and the model. */
  key: string | null;
  /** Counts `result`'s files for `model` (cancelling any count for something else); nothing when already done or under way. */
  sync(result: InspectResult | null, model: string | null | undefined): void;
}

let current: AbortController | null = null;

const NO_MODEL = 'No model is set in the run settings: Loupe shows estimates (bytes ÷ 4). Set an OpenAI model to see exact counts.';

export const useTokenCounts = create<TokenCountState>()((set, get) => ({
  counts: { state: 'idle' },
  key: null,

  sync(result, model) {
    const id = model?.trim() ?? '';
    const hashes = result?.files.map((f) => f.sha256) ?? [];
    const key = result ? JSON.stringify([id, result.baseCommit, hashes]) : null;
    if (key === get().key) return;
    current?.abort();
    current = null;
    if (!result) return set({ key, counts: { state: 'idle' } });
    const tokenizer = id ? tokenizerForModel(id) : null;
    if (!tokenizer || tokenizer.kind !== 'exact') {
      return set({ key, counts: { state: 'estimate-only', reason: tokenizer?.kind === 'estimate-only' ? tokenizer.reason : NO_MODEL } });
    }
    const { encoding } = tokenizer;
    const controller = new AbortController();
    current = controller;
    const callId = newCallId();
    set({ key, counts: { state: 'counting', encoding, done: 0, total: result.totals.inspectedBytes } });
    const unfollow = bridge.follow(`task:${callId}`, {
      onEvent: (e) => {
        if (current !== controller || e.kind !== 'task' || e.payload.type !== 'progress') return;
        set({ counts: { state: 'counting', encoding, done: e.payload.done, total: e.payload.total } });
      },
    });
    bridge
      .call('context.countTokens', { encoding, sha256: hashes }, { callId, signal: controller.signal })
      .then(
        (answer) => {
          if (current !== controller) return;
          const bySha: Record<string, number> = {};
          answer.counts.forEach((c, i) => {
            if (c !== null) bySha[hashes[i]!] = c;
          });
          set({ counts: { state: 'done', encoding, bySha, total: answer.total, missing: answer.missing } });
        },
        (err: unknown) => {
          if (current !== controller || (err instanceof BridgeError && err.code === 'cancelled')) return;
          set({ counts: { state: 'error', encoding, error: toUiError(err) } });
        },
      )
      .finally(() => {
        unfollow();
        if (current === controller) current = null;
      });
  },
}));
