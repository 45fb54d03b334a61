import type { Tones } from './tones';

/** A drawing step of one half of a symmetric outline: a line, a cubic or a quadratic curve to a point. */
export type Seg =
  ['L', number, number] | ['C', number, number, number, number, number, number] | ['Q', number, number, number, number];

const W = 600;
const m = (x: number) => W - x;
const xy = (x: number, y: number) => `${x} ${y}`;

/**
 * A closed outline, symmetric about the picture's centre line: the right half as drawn from
 * `start` (top) downwards, then the same half mirrored and walked back up. Garments are symmetric,
 * so each is written once.
 */
export function sym(start: [number, number], segs: Seg[]): string {
  const points: Array<[number, number]> = [start];
  let right = `M${xy(...start)}`;
  for (const seg of segs) {
    const [kind, ...n] = seg;
    right += `${kind}${n.join(' ')}`;
    points.push([n[n.length - 2], n[n.length - 1]]);
  }
  let left = '';
  for (let i = segs.length - 1; i >= 0; i -= 1) {
    const [kind, ...rest] = segs[i];
    const n = rest as number[];
    const [px, py] = points[i];
    if (kind === 'L') left += `L${xy(m(px), py)}`;
    else if (kind === 'Q') left += `Q${xy(m(n[0]), n[1])} ${xy(m(px), py)}`;
    else left += `C${xy(m(n[2]), n[3])} ${xy(m(n[0]), n[1])} ${xy(m(px), py)}`;
  }
  const [ex, ey] = points[points.length - 1];
  return `${right}L${xy(m(ex), ey)}${left}Z`;
}

/** The same open path on both sides of the centre line (seams, straps, stitching). */
export const both = (d: string) => `${d}${mirror(d)}`;

/** Mirrors every x of a path written with absolute commands (M, L, H, V, C, Q, A). */
export function mirror(d: string): string {
  return d.replace(/([MLHVCQA])([^MLHVCQAZ]*)/g, (_all, cmd: string, args: string) => {
    const n = args
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    if (cmd === 'V') return cmd + n.join(' ');
    if (cmd === 'H') return cmd + n.map(m).join(' ');
    // An arc: rx ry rotation large-arc sweep x y; mirrored, it turns the other way.
    if (cmd === 'A') return cmd + n.map((v, i) => [v, v, -v, v, 1 - v, m(v), v][i % 7]).join(' ');
    return cmd + n.map((v, i) => (i % 2 === 0 ? m(v) : v)).join(' ');
  });
}

/** Markup drawn again, mirrored about the picture's centre line. */
export const flip = (markup: string) => `<g transform="matrix(-1 0 0 1 600 0)">${markup}</g>`;

let serial = 0;
/**
 * A filled piece of a garment: the outline once (in defs), painted in layers, from its colour to
 * its texture, the light falling on it and its edge. `id` must be unique within one picture.
 */
export function piece(
  t: Tones,
  d: string,
  {
    fill = 'v',
    texture = 'wv',
    extra = '',
    lift = true,
  }: { fill?: string; texture?: string; extra?: string; lift?: boolean } = {},
): string {
  serial = (serial + 1) % 1000;
  const id = `p${serial}`;
  const layer = (paint: string) => `<use href="#${id}" ${paint}/>`;
  return (
    `<defs><path id="${id}" d="${d}"/></defs>` +
    (lift ? layer('fill="#000" opacity=".18" filter="url(#blur)" transform="translate(5 12)"') : '') +
    layer(`fill="url(#${fill})"`) +
    (texture ? layer(`fill="url(#${texture})"`) : '') +
    extra +
    layer('fill="url(#vv)"') +
    layer(`fill="none" stroke="${t.edge}" stroke-width="3" stroke-linejoin="round" vector-effect="non-scaling-stroke"`)
  );
}

/** Restarts piece ids, so the same picture always comes out byte for byte the same. */
export const resetIds = () => {
  serial = 0;
};

/** Stitching: a dashed line in the trim colour. */
export const stitch = (t: Tones, d: string, width = 2) =>
  `<path d="${d}" fill="none" stroke="${t.trim}" stroke-width="${width}" stroke-dasharray="${width * 3} ${width * 2.5}" stroke-linecap="round" opacity=".85"/>`;

/** A seam or a fold: a soft darker line. */
export const seam = (t: Tones, d: string, width = 3, opacity = 0.55) =>
  `<path d="${d}" fill="none" stroke="${t.deep}" stroke-width="${width}" stroke-linecap="round" opacity="${opacity}"/>`;

/** A highlight along a curve. */
export const gleam = (d: string, width = 10, opacity = 0.28) =>
  `<path d="${d}" fill="none" stroke="#fff" stroke-width="${width * 1.6}" stroke-linecap="round" opacity="${opacity}" filter="url(#soft)"/>`;

/** The soft shadow the product casts on the floor of the backdrop. */
export const floor = (cy: number, rx: number) =>
  `<ellipse cx="300" cy="${cy}" rx="${rx}" ry="${Math.round(rx / 9)}" fill="url(#sh)"/>`;

/** Scallops (the lace edge) along a polyline of points, each arc `r` wide, bulging outwards. */
export function scallops(points: Array<[number, number]>, r: number, sweep = 1): string {
  let d = `M${xy(...points[0])}`;
  for (const [x, y] of points.slice(1)) d += `A${r} ${r} 0 0 ${sweep} ${xy(x, y)}`;
  return d;
}

/** Points evenly spread along a quadratic curve. */
export function along(
  from: [number, number],
  control: [number, number],
  to: [number, number],
  count: number,
): Array<[number, number]> {
  return Array.from({ length: count + 1 }, (_, i) => {
    const s = i / count;
    const a = (1 - s) ** 2;
    const b = 2 * (1 - s) * s;
    const c = s ** 2;
    return [
      Math.round(a * from[0] + b * control[0] + c * to[0]),
      Math.round(a * from[1] + b * control[1] + c * to[1]),
    ] as [number, number];
  });
}

/** Every shared paint (gradient or pattern) by id, in the picture's tones. */
export function paints(t: Tones): Record<string, string> {
  const hole = `fill="${t.deep}"`;
  return {
    bg: `<radialGradient id="bg" cx=".5" cy=".42" r=".8"><stop offset="0" stop-color="${t.bgIn}"/><stop offset="1" stop-color="${t.bgOut}"/></radialGradient>`,
    blur: `<filter id="blur" filterUnits="userSpaceOnUse" x="-300" y="-300" width="1200" height="1400"><feGaussianBlur stdDeviation="8"/></filter>`,
    soft: `<filter id="soft" filterUnits="userSpaceOnUse" x="-300" y="-300" width="1200" height="1400"><feGaussianBlur stdDeviation="7"/></filter>`,
    dome: `<radialGradient id="dome" cx=".5" cy=".55" r=".62" fx=".42" fy=".38"><stop offset="0" stop-color="${t.shine}"/><stop offset=".35" stop-color="${t.light}"/><stop offset=".7" stop-color="${t.base}"/><stop offset="1" stop-color="${t.shade}"/></radialGradient>`,
    sh: `<radialGradient id="sh"><stop offset="0" stop-opacity=".3"/><stop offset="1" stop-opacity="0"/></radialGradient>`,
    v: `<linearGradient id="v"><stop offset="0" stop-color="${t.shade}"/><stop offset=".3" stop-color="${t.light}"/><stop offset=".55" stop-color="${t.base}"/><stop offset=".86" stop-color="${t.shade}"/><stop offset="1" stop-color="${t.deep}"/></linearGradient>`,
    vv: `<linearGradient id="vv" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".16"/><stop offset=".4" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-opacity=".2"/></linearGradient>`,
    ball: `<radialGradient id="ball" cx=".38" cy=".32" r=".78"><stop offset="0" stop-color="${t.shine}"/><stop offset=".3" stop-color="${t.light}"/><stop offset=".62" stop-color="${t.base}"/><stop offset=".9" stop-color="${t.shade}"/><stop offset="1" stop-color="${t.deep}"/></radialGradient>`,
    wv: `<pattern id="wv" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0 6L6 0M-1 1L1 -1M5 7L7 5" stroke="${t.deep}" stroke-width=".8" opacity=".22"/></pattern>`,
    knit: `<pattern id="knit" width="8" height="10" patternUnits="userSpaceOnUse"><path d="M0 0L4 5L8 0M0 5L4 10L8 5" fill="none" stroke="${t.deep}" stroke-width="1.2" opacity=".3"/></pattern>`,
    rib: `<pattern id="rib" width="7" height="7" patternUnits="userSpaceOnUse"><path d="M2 0V7" stroke="${t.deep}" stroke-width="2.4" opacity=".32"/><path d="M5.5 0V7" stroke="#fff" stroke-width="1" opacity=".14"/></pattern>`,
    mesh: `<pattern id="mesh" width="12" height="11" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="2.3" ${hole} opacity=".5"/><circle cx="9" cy="8.5" r="2.3" ${hole} opacity=".5"/></pattern>`,
    peb: `<pattern id="peb" width="9" height="8" patternUnits="userSpaceOnUse"><circle cx="2.5" cy="2.5" r="1.9" ${hole} opacity=".4"/><circle cx="7" cy="6.5" r="1.9" ${hole} opacity=".4"/><circle cx="2" cy="2" r=".8" fill="#fff" opacity=".35"/><circle cx="6.5" cy="6" r=".8" fill="#fff" opacity=".35"/></pattern>`,
    lace: `<pattern id="lace" width="36" height="32" patternUnits="userSpaceOnUse"><g fill="none" stroke="${t.trim}" stroke-width="1.1" opacity=".7"><path d="M0 0L36 32M36 0L0 32M18 0L36 16L18 32L0 16Z" opacity=".5"/><path d="M0 2Q9 9 0 16Q-9 23 0 30M36 2Q45 9 36 16Q27 23 36 30" stroke-width="1.6"/></g><g fill="${t.trim}" opacity=".6"><circle cx="23.5" cy="16" r="3.2"/><circle cx="20.8" cy="20.8" r="3.2"/><circle cx="15.2" cy="20.8" r="3.2"/><circle cx="12.5" cy="16" r="3.2"/><circle cx="15.2" cy="11.2" r="3.2"/><circle cx="20.8" cy="11.2" r="3.2"/></g><circle cx="18" cy="16" r="2.4" fill="${t.base}"/></pattern>`,
    net: `<pattern id="net" width="22" height="20" patternUnits="userSpaceOnUse"><path d="M0 0L11 20L22 0M0 20L11 0L22 20" fill="none" stroke="#fff" stroke-width="2.2" opacity=".95"/></pattern>`,
  };
}

/** The whole picture: a 3:4 backdrop, the drawing, and only the paints the drawing refers to. */
export function picture(t: Tones, body: string): string {
  const all = paints(t);
  const used = new Set<string>(['bg']);
  for (const match of body.matchAll(/url\(#([a-z]+)\)/g)) used.add(match[1]);
  const defs = [...used].map((id) => all[id] ?? '').join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 800" width="600" height="800">` +
    `<defs>${defs}</defs><rect width="600" height="800" fill="url(#bg)"/>${body}</svg>`
  );
}
