import type { RunInput } from '../../../shared/contract/runs';
import { normalizeSelection } from '../inspect/selection-path';
import type { Staging } from './stage';

/**
 * What the user named that put nothing in the staged folder (a path that
 * names nothing, a folder whose every file was refused, an attachment that
 * could not be read), each with why: a run that would go without it is an
 * error before launch unless the user allows it.
 */
export function unstagedSelections(input: Pick<RunInput, 'paths' | 'attachments'>, staging: Staging): string[] {
  const out: string[] = [];
  const why = (name: string, under: (p: string) => boolean) => {
    const reasons = [...new Set(staging.exclusions.filter((e) => under(e.path)).map((e) => e.detail || e.reason))];
    return reasons.length ? `${name} (${reasons.join('; ')})` : `${name} (nothing there)`;
  };
  for (const raw of input.paths) {
    const p = normalizeSelection(raw);
    const under = (path: string) => p === '' || path === p || path.startsWith(`${p}/`);
    if (p !== null && staging.files.some((f) => f.source !== 'attachment' && under(f.path))) continue;
    out.push(why(raw, p === null ? (path) => path === raw : under));
  }
  for (const a of input.attachments) {
    if (!a.path) continue; // name and size only (the browser host): said in the run bar and evidence
    if (!staging.files.some((f) => f.source === 'attachment' && f.path === a.name)) out.push(why(a.name, (path) => path === a.name));
  }
  return out;
}
