import type { Services } from '../../../shared/api';
import type { EffectiveSettings } from '../../../shared/contract/settings';
import { tokenizerForModel } from '../../../shared/tokens/model-tokenizer';
import type { CoreDeps } from '../deps';
import { readEffective, updateEffective } from './effective';

type SettingsServices = Pick<Services, 'settings.effective' | 'settings.update'>;

/**
 * Starts the token workers when the settings in force name a model with a
 * public tokenizer (deps.warmTokens: the app and the host), so an exact count
 * soon after does not wait for them (~0.5 s each). Never fails.
 */
export function warmTokensFor(deps: CoreDeps, effective?: EffectiveSettings): void {
  if (!deps.warmTokens) return;
  const model = (effective ?? readEffective(deps.db)).settings.model;
  const tokenizer = model ? tokenizerForModel(model) : null;
  if (tokenizer?.kind === 'exact') deps.tokens.warm(tokenizer.encoding).catch(() => {});
}

/** The run settings in force and where each came from. */
export function settingsServices(deps: CoreDeps): SettingsServices {
  // The app reads the settings in force on load and on every change.
  const warm = (effective: EffectiveSettings): EffectiveSettings => {
    warmTokensFor(deps, effective);
    return effective;
  };
  return {
    'settings.effective': async () => warm(readEffective(deps.db)),
    'settings.update': async ({ settings }) => warm(updateEffective(deps.db, settings, deps.now())),
  };
}
