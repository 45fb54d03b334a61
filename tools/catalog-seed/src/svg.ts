/**
 * Product images as SVG: per product type a front, a back and a close-up, shaded and textured in
 * the variant's colour on a soft backdrop (600 x 800, 3:4). Pure functions of (type, colour,
 * view), so a picture never changes and can be cached for a year.
 */
import { APPAREL } from './art/apparel';
import { picture, resetIds } from './art/kit';
import { LINGERIE } from './art/lingerie';
import { SPORT } from './art/sport';
import { tonesOf } from './art/tones';
import { type KindArt, VIEWS, type View } from './art/types';

export { VIEWS as IMAGE_VIEWS, type View as ImageView } from './art/types';

const ART: Record<string, KindArt> = { ...LINGERIE, ...APPAREL, ...SPORT };

export const IMAGE_TYPES = Object.keys(ART);

/**
 * The SVG for `images/{type}/{hex}-{view}.svg` (and `images/{type}/{hex}.svg`, the front, as
 * databases seeded before there were several views name it), or undefined for an unknown type,
 * colour or view.
 */
export function productImageSvg(type: string, hex: string, view: string = 'front'): string | undefined {
  const art = Object.hasOwn(ART, type) ? ART[type] : undefined;
  if (!art || !/^[0-9a-f]{6}$/i.test(hex) || !(VIEWS as readonly string[]).includes(view)) return undefined;
  const t = tonesOf(hex.toLowerCase());
  resetIds();
  const v = view as View;
  if (v !== 'detail') {
    // Scaled and centred to fill the frame, whatever size the kind was drawn at.
    const [x0, y0, x1, y1] = art.box;
    const s = Math.min(480 / (x1 - x0), 620 / (y1 - y0));
    const fit = `translate(300 396)scale(${s.toFixed(3)})translate(${-(x0 + x1) / 2} ${-(y0 + y1) / 2})`;
    return picture(t, `<g transform="${fit}">${art[v](t)}</g>`);
  }
  const { of, x, y, zoom, extra } = art.detail;
  // A close-up: the same drawing magnified around the point that shows the make best.
  const body = `<g transform="translate(300 400)scale(${zoom})translate(${-x} ${-y})">${art[of](t)}</g>${extra?.(t) ?? ''}`;
  return picture(t, body);
}
