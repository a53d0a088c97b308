// The run form's store through its public actions, over a fake bridge: the would-be prompt is
// measured once typing pauses (one runs.preview for a burst, a newer one cancelling the older),
// not again for what is already on screen, and every valid edit is saved once, shortly after.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunPreview } from '../../../../../shared/contract/runs';
import type { EffectiveSettings } from '../../../../../shared/contract/settings';
import { callsTo, resetBridge, take } from '../../../testing/fake-bridge';
import { useRunForm, type RunContext } from './run-store';

vi.mock('../../../bridge', () => import('../../../testing/fake-bridge'));

const PREVIEW_DELAY_MS = 350;
const SAVE_DELAY_MS = 500;
const ctx: RunContext = { repo: '/repo', baseRef: 'HEAD', paths: ['src/a.ts'], attachments: [] };
const effective = (maxPromptBytes?: number): EffectiveSettings =>
  ({
    settings: { agent: 'demo', loop: maxPromptBytes ? { contextBudget: { maxPromptBytes, policy: 'block' } } : {} },
    sources: {},
    appliedPreset: null,
    updatedAt: null,
  }) as unknown as EffectiveSettings;
const preview = (totalBytes: number) => ({ totalBytes }) as unknown as RunPreview;

/** Loads the form with the demo agent and no ceiling. */
async function loadForm(): Promise<void> {
  const loading = useRunForm.getState().load();
  await take('settings.effective').answer(effective());
  await loading;
  take('runs.agents');
}

beforeEach(() => {
  vi.useFakeTimers();
  resetBridge();
  useRunForm.setState({ preview: null, previewKey: null, previewing: false, previewError: null, ask: '' });
});
afterEach(() => {
  vi.clearAllTimers();
  vi.useRealTimers();
});

describe('run form: the prompt preview', () => {
  it('is measured once typing pauses, for what was typed last', async () => {
    await loadForm();
    for (const ask of ['E', 'Ex', 'Explain']) {
      useRunForm.getState().setAsk(ask);
      useRunForm.getState().schedulePreview(ctx);
      vi.advanceTimersByTime(100);
    }
    // From the first keystroke the meters say they are about to change.
    expect(useRunForm.getState().previewing).toBe(true);
    vi.advanceTimersByTime(PREVIEW_DELAY_MS - 101);
    expect(callsTo('runs.preview')).toEqual([]);
    vi.advanceTimersByTime(1);
    const call = take('runs.preview');
    expect(call.request).toMatchObject({ repo: '/repo', ask: 'Explain', baseRef: 'HEAD', paths: ['src/a.ts'], settings: { agent: 'demo', loop: {} } });
    expect(callsTo('runs.preview')).toEqual([]);
    await call.answer(preview(1234));
    expect(useRunForm.getState().preview).toEqual(preview(1234));
    expect(useRunForm.getState().previewing).toBe(false);
  });

  it('is not asked again for what is on screen, nor for text typed and undone', async () => {
    await loadForm();
    useRunForm.getState().setAsk('Explain');
    useRunForm.getState().schedulePreview(ctx);
    vi.advanceTimersByTime(PREVIEW_DELAY_MS);
    await take('runs.preview').answer(preview(100));

    useRunForm.getState().schedulePreview(ctx);
    expect(useRunForm.getState().previewing).toBe(false);
    useRunForm.getState().setAsk('Explain more');
    useRunForm.getState().schedulePreview(ctx);
    expect(useRunForm.getState().previewing).toBe(true);
    useRunForm.getState().setAsk('Explain');
    useRunForm.getState().schedulePreview(ctx);
    expect(useRunForm.getState().previewing).toBe(false);
    vi.advanceTimersByTime(PREVIEW_DELAY_MS * 2);
    expect(callsTo('runs.preview')).toEqual([]);
    expect(useRunForm.getState().preview).toEqual(preview(100));
  });

  it('is asked again for the same request after it failed', async () => {
    await loadForm();
    useRunForm.getState().schedulePreview(ctx);
    vi.advanceTimersByTime(PREVIEW_DELAY_MS);
    await take('runs.preview').fail({ code: 'not-a-repo', message: 'gone' });
    expect(useRunForm.getState().previewError?.code).toBe('not-a-repo');
    useRunForm.getState().schedulePreview(ctx);
    vi.advanceTimersByTime(PREVIEW_DELAY_MS);
    await take('runs.preview').answer(preview(7));
    expect(useRunForm.getState().previewError).toBeNull();
  });

  it('a newer measurement cancels the older, whose answer is never shown', async () => {
    await loadForm();
    useRunForm.getState().setAsk('one');
    useRunForm.getState().schedulePreview(ctx);
    vi.advanceTimersByTime(PREVIEW_DELAY_MS);
    const older = take('runs.preview');
    useRunForm.getState().setAsk('two');
    useRunForm.getState().schedulePreview(ctx);
    vi.advanceTimersByTime(PREVIEW_DELAY_MS);
    const newer = take('runs.preview');
    expect(older.options.signal?.aborted).toBe(true);
    expect(newer.options.signal?.aborted).toBe(false);
    await newer.answer(preview(2));
    await older.answer(preview(1));
    expect(useRunForm.getState().preview).toEqual(preview(2));
    expect(useRunForm.getState().previewError).toBeNull();
  });

  it('no context (nothing to measure) cancels the one in flight', async () => {
    await loadForm();
    useRunForm.getState().schedulePreview(ctx);
    vi.advanceTimersByTime(PREVIEW_DELAY_MS);
    const inFlight = take('runs.preview');
    useRunForm.getState().schedulePreview(null);
    expect(inFlight.options.signal?.aborted).toBe(true);
    expect(useRunForm.getState().previewing).toBe(false);
  });
});

describe('run form: saving', () => {
  it('saves a burst of valid edits once, shortly after the last', async () => {
    await loadForm();
    useRunForm.getState().setDraft({ maxPromptBytes: '1' });
    vi.advanceTimersByTime(200);
    useRunForm.getState().setDraft({ maxPromptBytes: '10' });
    vi.advanceTimersByTime(200);
    useRunForm.getState().setDraft({ maxPromptBytes: '100' });
    vi.advanceTimersByTime(SAVE_DELAY_MS - 1);
    expect(callsTo('settings.update')).toEqual([]);
    vi.advanceTimersByTime(1);
    const save = take('settings.update');
    expect(save.request).toEqual({ settings: { agent: 'demo', loop: { contextBudget: { maxPromptBytes: 100, policy: 'block' } } } });
    await save.answer(effective(100));
    expect(useRunForm.getState().saving).toBe(false);
    expect(callsTo('settings.update')).toEqual([]);
  });

  it('never saves an invalid edit; it stays in the form with its message', async () => {
    await loadForm();
    useRunForm.getState().setDraft({ maxPromptBytes: '2.5' });
    vi.advanceTimersByTime(SAVE_DELAY_MS * 2);
    expect(callsTo('settings.update')).toEqual([]);
    expect(useRunForm.getState().draft?.maxPromptBytes).toBe('2.5');
    expect(useRunForm.getState().errors.maxPromptBytes).toBeTruthy();
    expect(useRunForm.getState().settings).toBeNull();
  });
});
