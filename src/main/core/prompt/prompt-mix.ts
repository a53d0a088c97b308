import type { PromptSection } from '../../../shared/contract/runs';
import type { TextMix } from '../../../shared/tokens/estimate-error';
import { addMixes, textMixOf } from '../../../shared/tokens/text-kind';

/**
 * UTF-8 bytes per kind of text in a prompt, section by section (the schema
 * is JSON; the rest classified piece by piece): the mix the estimator's
 * expected error is taken for. For previews, not the launch path.
 */
export function promptMix(stdin: string, sections: readonly PromptSection[]): TextMix {
  const bytes = Buffer.from(stdin, 'utf8');
  const mixes: TextMix[] = [];
  let at = 0;
  for (const s of sections) {
    const text = bytes.subarray(at, at + s.bytes).toString('utf8');
    at += s.bytes;
    mixes.push(s.name === 'schema' ? { json: s.bytes } : textMixOf('', text));
  }
  return addMixes(...mixes);
}
