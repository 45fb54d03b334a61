/** Product images as SVG: a garment silhouette per product type, filled with the variant colour. */
const SILHOUETTES: Record<string, string> = {
  bra: 'M120 260 C160 180 250 170 300 240 C350 170 440 180 480 260 L470 330 C420 380 340 370 300 320 C260 370 180 380 130 330 Z M120 260 L80 200 M480 260 L520 200',
  panty: 'M140 260 L460 260 L430 360 C380 420 340 520 300 540 C260 520 220 420 170 360 Z',
  shapewear: 'M170 200 L430 200 L450 560 L330 600 L300 520 L270 600 L150 560 Z',
  cami: 'M210 160 L250 240 L350 240 L390 160 L430 260 L460 640 L140 640 L170 260 Z',
  underwear: 'M130 260 L470 260 L460 420 L340 460 L300 400 L260 460 L140 420 Z',
  leggings: 'M200 140 L400 140 L420 660 L330 660 L300 300 L270 660 L180 660 Z',
  shorts: 'M160 220 L440 220 L470 480 L330 500 L300 340 L270 500 L130 480 Z',
  top: 'M220 150 L260 190 L340 190 L380 150 L500 220 L460 300 L420 280 L420 620 L180 620 L180 280 L140 300 L100 220 Z',
  hoodie: 'M220 130 C240 200 360 200 380 130 L510 220 L470 320 L430 300 L430 640 L170 640 L170 300 L130 320 L90 220 Z',
  pants: 'M190 140 L410 140 L440 680 L340 680 L300 320 L260 680 L160 680 Z',
  'sports-bra': 'M170 200 L250 300 L350 300 L430 200 L450 420 L150 420 Z',
  socks: 'M250 140 L360 140 L360 480 L460 560 L440 640 L260 620 L250 480 Z',
  jersey: 'M210 140 L260 200 L340 200 L390 140 L470 180 L450 640 L150 640 L130 180 Z',
  basketball: 'M300 200 m-180 0 a180 180 0 1 0 360 0 a180 180 0 1 0 -360 0 M120 200 L480 200 M300 20 L300 380',
  hoop: 'M180 120 L420 120 L420 280 L180 280 Z M250 280 L350 280 L330 330 L270 330 Z M295 330 L295 680 L305 680 L305 330',
  gear: 'M180 300 L420 300 L420 380 L180 380 Z M220 260 L380 260 L380 420 L220 420 Z',
};

export const IMAGE_TYPES = Object.keys(SILHOUETTES);

/** The SVG for `images/{type}/{hex}.svg`, or undefined for an unknown type or colour. */
export function productImageSvg(type: string, hex: string): string | undefined {
  const path = SILHOUETTES[type];
  if (!path || !/^[0-9a-f]{6}$/i.test(hex)) return undefined;
  const fill = `#${hex.toLowerCase()}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800" role="img"><rect width="600" height="800" fill="#f5f3f0"/><path d="${path}" fill="${fill}" stroke="#333" stroke-width="4" stroke-linejoin="round"/></svg>`;
}
