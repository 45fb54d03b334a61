import type { ProductSwatch } from '@shop/contracts/browser';
import { VisuallyHidden } from '@shop/ui';
import './swatches.css';

/** Swatches a card shows before it sums up the rest ("+2"). */
export const SHOWN_SWATCHES = 5;
/** Swatches a narrow card (a phone's two columns) shows: three 44 px targets fit it. */
export const NARROW_SWATCHES = 3;

function More({ count, layout }: { count: number; layout: 'narrow' | 'wide' }) {
  if (count <= 0) return null;
  return (
    <li className={`swatches__more swatches__more--${layout}`}>
      +{count}
      <VisuallyHidden> more {count === 1 ? 'colour' : 'colours'}</VisuallyHidden>
    </li>
  );
}

interface Props {
  productName: string;
  swatches: ProductSwatch[];
  /** The swatch whose colour the card shows now. */
  current: number;
  /** A swatch was pointed at, focused or tapped: the card shows that colour. */
  onPreview: (index: number) => void;
}

/**
 * A card's colours as small round swatches, each a button named by its colour with a 44 px target.
 * Pointing at one, focusing it or tapping it shows that colour on the card; the card's link then
 * opens it. A narrow card shows three and sums up the rest; its CSS picks the layout by the card's
 * width (a container query), and the "+N" of the other layout is not displayed, so it is not read.
 */
export function Swatches({ productName, swatches, current, onPreview }: Props) {
  return (
    <ul className="swatches" aria-label={`Colours of ${productName}`}>
      {swatches.slice(0, SHOWN_SWATCHES).map((swatch, i) => (
        <li key={swatch.name} className={i >= NARROW_SWATCHES ? 'swatches__wide-only' : undefined}>
          <button
            type="button"
            className="swatches__swatch"
            aria-label={swatch.name}
            aria-pressed={i === current}
            title={swatch.name}
            onPointerEnter={() => onPreview(i)}
            onFocus={() => onPreview(i)}
            onClick={() => onPreview(i)}
          >
            <span className="swatches__chip" style={swatch.hex ? { background: swatch.hex } : undefined} />
          </button>
        </li>
      ))}
      <More count={swatches.length - NARROW_SWATCHES} layout="narrow" />
      <More count={swatches.length - SHOWN_SWATCHES} layout="wide" />
    </ul>
  );
}
