import type { ProductSwatch } from '@shop/contracts/browser';
import { VisuallyHidden } from '@shop/ui';
import './swatches.css';

/** Swatches a card shows before it sums up the rest ("+2"). */
export const SHOWN_SWATCHES = 5;

interface Props {
  productName: string;
  swatches: ProductSwatch[];
  /** The swatch whose colour the card shows now. */
  current: number;
  /** A swatch was pointed at, focused or tapped: the card shows that colour. */
  onPreview: (index: number) => void;
}

/**
 * A card's colours as small round swatches, each a button named by its colour. Pointing at one,
 * focusing it or tapping it shows that colour on the card; the card's link then opens it.
 */
export function Swatches({ productName, swatches, current, onPreview }: Props) {
  const more = swatches.length - SHOWN_SWATCHES;
  return (
    <ul className="swatches" aria-label={`Colours of ${productName}`}>
      {swatches.slice(0, SHOWN_SWATCHES).map((swatch, i) => (
        <li key={swatch.name}>
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
      {more > 0 && (
        <li className="swatches__more">
          +{more}
          <VisuallyHidden> more {more === 1 ? 'colour' : 'colours'}</VisuallyHidden>
        </li>
      )}
    </ul>
  );
}
