/** The shades one product picture is painted with, all derived from the variant's colour. */
export interface Tones {
  base: string;
  /** Lit side of a fold or a curve. */
  light: string;
  /** A specular highlight. */
  shine: string;
  /** Turning away from the light. */
  shade: string;
  /** The deepest creases and inside surfaces. */
  deep: string;
  /** The outline: dark enough to hold a white garment against the background. */
  edge: string;
  /** Stitching, lace and trims: stands out on the fabric whether it is light or dark. */
  trim: string;
  /** The soft backdrop, centre and corners. */
  bgIn: string;
  bgOut: string;
}

type Rgb = [number, number, number];

const rgb = (hex: string): Rgb => [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
const hexOf = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [0, 1, 2].map((i) => a[i] + (b[i] - a[i]) * t) as Rgb;
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** Relative luminance (WCAG), 0 for black to 1 for white. */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Tones for a six-digit hex colour (no #). Dark colours get lifted highlights, light ones firmer shadows. */
export function tonesOf(hex: string): Tones {
  const base = rgb(hex);
  const lum = luminance(hex);
  const dark = lum < 0.06;
  const pale = lum > 0.6;
  // Near-white backdrops would swallow a white garment: pale products sit on a warmer grey.
  const paper: Rgb = pale ? [226, 220, 212] : [246, 243, 238];
  return {
    base: hexOf(base),
    light: hexOf(mix(base, WHITE, dark ? 0.22 : pale ? 0.55 : 0.3)),
    shine: hexOf(mix(base, WHITE, dark ? 0.45 : 0.7)),
    shade: hexOf(mix(base, BLACK, pale ? 0.14 : 0.28)),
    deep: hexOf(mix(base, BLACK, pale ? 0.3 : 0.5)),
    edge: hexOf(mix(base, BLACK, pale ? 0.45 : 0.62)),
    trim: hexOf(lum > 0.3 ? mix(base, BLACK, 0.38) : mix(base, WHITE, dark ? 0.42 : 0.5)),
    bgIn: hexOf(mix(mix(paper, WHITE, 0.5), base, 0.04)),
    bgOut: hexOf(mix(mix(paper, BLACK, 0.05), base, 0.1)),
  };
}
