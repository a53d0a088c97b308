// Words and label widths for the split meter (ui/SplitMeter.tsx).
import { formatInt } from '../../../shared/format';
import { countSuffix, type MeterPart } from '../../../shared/xray/meter';

/** A part's label as printed beside it: what it is and its number, with the number's kind. */
export function partLabel(p: MeterPart): string {
  if (p.key === 'reserve') return `Reserve ${formatInt(p.tokens)} · kept free for the answer`;
  const approx = p.kind === 'estimate' ? '≈ ' : '';
  const suffix = countSuffix(p.kind, p.encoding);
  return `${p.label} ${approx}${formatInt(p.tokens)}${suffix ? ` ${suffix}` : ''}`;
}

const FONT = '600 11.5px system-ui, -apple-system, "Segoe UI", Roboto, Ubuntu, sans-serif';
let context: CanvasRenderingContext2D | null | undefined;

/** A label's width in pixels in the meter's font (measured with a canvas where there is one, estimated elsewhere). */
export function labelWidth(text: string): number {
  if (context === undefined) {
    try {
      context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
      if (context) context.font = FONT;
    } catch {
      context = null;
    }
  }
  // 12px of padding around the text.
  return Math.ceil((context ? context.measureText(text).width : text.length * 6.4) + 12);
}
