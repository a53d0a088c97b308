import type { WireRequestRecord } from '../../../../shared/contract/wire';
import { IMAGE_FORMULA_TEXT } from '../../../../shared/tokens/image-tokens';
import { imageLine, imageTotalsText } from '../../../../shared/wire/image-text';

/**
 * The request's images in the wire view's facts: how many and their tokens by
 * the provider's formula (in Loupe's count above), each image's size, and the
 * ones whose size could not be read, said "unknown" with why.
 */
export function WireImagesFacts({ request: r }: { request: WireRequestRecord }) {
  const t = r.imageTokens;
  if (!t) return null;
  const each = r.segments.flatMap((g) => (g.images ?? []).map((img, i) => ({ key: `${g.id}-${i}`, img, where: g.toolName ? `in the ${g.toolName} result` : g.label === 'image' ? 'an image block' : `in a ${g.kind} message` })));
  return (
    <>
      <dt>Images</dt>
      <dd data-testid="wire-images" data-unknown={t.unknown} title={r.api ? `${t.formula}: ${IMAGE_FORMULA_TEXT[r.api]}` : undefined}>
        {imageTotalsText(t)}
        <ul className="plain-list wire-image-list">
          {each.map(({ key, img, where }) => (
            <li key={key} data-unknown={img.tokens === null}>
              {imageLine(img)} <span className="muted">· {where}</span>
            </li>
          ))}
        </ul>
      </dd>
    </>
  );
}
