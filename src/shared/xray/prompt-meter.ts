/**
 * A prompt Loupe assembles, as the split meter's input (docs/split-meter.md:
 * "wherever a run's size is shown"): its sections by governance tier as system,
 * its history and ask as conversation, in the model's window with its reserve.
 * Every number is the estimate (bytes ÷ 4). Pure: no DOM, no Node.
 */
import { approxTokens } from '../contract/run-limits';
import type { PromptSection } from '../contract/runs';
import type { GovernanceTier, Manifest, SystemSection } from '../contract/xray';

/** Sections that are the conversation (X-Ray shows them as segments); the rest are system. */
const CONVERSATION: ReadonlySet<PromptSection['name']> = new Set(['history', 'ask']);

/**
 * Who governs each of Loupe's system sections. Notes are the user's own, or
 * inherited from a preset revision when one gave them.
 */
export function sectionTier(name: PromptSection['name'], fromPreset: boolean): GovernanceTier | null {
  switch (name) {
    case 'loupe-notes':
    case 'runtime':
      return 'required';
    case 'notes':
      return fromPreset ? 'inherited' : 'user';
    case 'memory':
    case 'references':
    case 'schema':
      return 'user';
    default:
      return null;
  }
}

/** The meter's input for a prompt's sections in a window of `window` tokens keeping `reserve` for the answer. */
export function promptMeterInput(
  sections: readonly Pick<PromptSection, 'name' | 'bytes' | 'sha256'>[],
  model: { id: string | null; window: number; reserve: number; source: string },
  fromPreset: boolean,
): Pick<Manifest, 'system' | 'totals' | 'model'> {
  const system: SystemSection[] = [];
  let conversationBytes = 0;
  for (const s of sections) {
    if (CONVERSATION.has(s.name)) {
      conversationBytes += s.bytes;
      continue;
    }
    const tier = sectionTier(s.name, fromPreset);
    if (!tier) continue;
    system.push({
      id: `system-${s.name}`,
      title: s.name,
      provenance: tier === 'required' ? 'framework-core' : tier === 'inherited' ? 'template' : 'personal',
      tier,
      sha256: s.sha256,
      bytes: s.bytes,
      tokens: { tokens: approxTokens(s.bytes), kind: 'estimate' },
      preview: '',
      loadedBy: 'loupe',
    });
  }
  const systemTokens = system.reduce((n, s) => n + (s.tokens?.tokens ?? 0), 0);
  return {
    system,
    totals: {
      system: { tokens: systemTokens, kind: 'estimate' },
      conversation: { tokens: approxTokens(conversationBytes), kind: 'estimate' },
      reclaimable: { tokens: 0, kind: 'estimate' },
    },
    model,
  };
}
