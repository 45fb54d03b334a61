import { floor, gleam, piece, sym } from './kit';
import type { Tones } from './tones';
import type { KindArt } from './types';

/** The channels of a basketball seen a little from above: the equator, the meridian and the two side curves. */
const CHANNELS =
  'M86 350Q300 430 514 350M300 156C336 300 336 440 300 586M156 212C250 300 250 444 156 528M444 212C350 300 350 444 444 528';

const ball = (t: Tones, back: boolean) =>
  floor(612, 170) +
  `<defs><clipPath id="c"><circle cx="300" cy="370" r="214"/></clipPath></defs>` +
  `<circle cx="300" cy="370" r="215" fill="url(#ball)"/>` +
  `<circle cx="300" cy="370" r="215" fill="url(#peb)"/>` +
  `<g clip-path="url(#c)" fill="none" stroke-linecap="round"${back ? ' transform="rotate(38 300 370)"' : ''}>` +
  `<path d="${CHANNELS}" stroke="${t.edge}" stroke-width="11"/>` +
  `<path d="${CHANNELS}" stroke="#fff" stroke-width="2" opacity=".12" transform="translate(-2 -3)"/></g>` +
  (back
    ? `<ellipse cx="258" cy="300" rx="58" ry="30" fill="none" stroke="${t.deep}" stroke-width="4" opacity=".6" transform="rotate(-18 258 300)"/>` +
      `<text x="258" y="307" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="20" fill="${t.deep}" opacity=".7" transform="rotate(-18 258 300)">PRO 7</text>`
    : '') +
  `<circle cx="300" cy="370" r="215" fill="url(#vv)"/>` +
  `<circle cx="300" cy="370" r="215" fill="none" stroke="${t.edge}" stroke-width="3" vector-effect="non-scaling-stroke"/>` +
  gleam('M196 236Q236 196 300 186', 22, 0.22);

const RIM = '#d9531e';
const hoopFront = (t: Tones) =>
  floor(752, 150) +
  `<rect x="286" y="380" width="28" height="372" fill="url(#v)"/>` +
  piece(t, 'M190 744L410 744L430 770L170 770Z', { texture: '', lift: false }) +
  `<rect x="108" y="118" width="384" height="262" rx="8" fill="#eef4f7" opacity=".8"/>` +
  `<rect x="108" y="118" width="384" height="262" rx="8" fill="url(#vv)"/>` +
  `<rect x="108" y="118" width="384" height="262" rx="8" fill="none" stroke="url(#v)" stroke-width="16"/>` +
  `<rect x="244" y="248" width="112" height="96" fill="none" stroke="${t.base}" stroke-width="8"/>` +
  `<path d="M130 140L240 140M130 160L190 160" stroke="#fff" stroke-width="6" opacity=".7"/>` +
  `<path d="M236 380L262 506L338 506L364 380Z" fill="url(#net)"/>` +
  `<ellipse cx="300" cy="380" rx="66" ry="13" fill="none" stroke="${RIM}" stroke-width="9"/>` +
  `<ellipse cx="300" cy="377" rx="66" ry="13" fill="none" stroke="#fff" stroke-width="2" opacity=".35"/>` +
  `<rect x="280" y="366" width="40" height="16" fill="${RIM}"/>`;
const hoopBack = (t: Tones) =>
  floor(752, 150) +
  piece(t, 'M108 118H492V380H108Z', { texture: 'wv' }) +
  `<path d="M140 150H460V350H140Z" fill="none" stroke="${t.deep}" stroke-width="6" opacity=".45"/>` +
  `<path d="M200 150V350M300 150V350M400 150V350M140 250H460" stroke="${t.deep}" stroke-width="5" opacity=".35"/>` +
  piece(t, 'M220 230L290 330L310 330L380 230L392 246L314 356L286 356L208 246Z', { lift: false }) +
  `<rect x="286" y="330" width="28" height="422" fill="url(#v)"/>` +
  piece(t, 'M190 744L410 744L430 770L170 770Z', { texture: '', lift: false }) +
  `<path d="M236 380L262 506L338 506L364 380Z" fill="url(#net)" opacity=".85"/>` +
  `<path d="M234 378Q300 398 366 378" fill="none" stroke="${RIM}" stroke-width="9"/>`;

/** Training cones and a resistance loop: gear a coach would carry to practice. */
const CONE = sym(
  [300, 300],
  [
    ['L', 316, 300],
    ['L', 372, 548],
    ['L', 404, 560],
    ['L', 404, 580],
    ['L', 300, 580],
  ],
);
const cone = (t: Tones, transform: string) =>
  `<g transform="${transform}">` +
  piece(t, CONE, { texture: '' }) +
  `<path d="M282 380L318 380L326 414L274 414ZM264 460L336 460L344 494L256 494Z" fill="#fff" opacity=".78"/>` +
  `</g>`;
const gearFront = (t: Tones) =>
  floor(690, 220) +
  cone(t, 'translate(-96 -60) scale(1 1)') +
  cone(t, 'translate(110 40)') +
  `<ellipse cx="250" cy="650" rx="150" ry="42" fill="none" stroke="${t.deep}" stroke-width="30" opacity=".9"/>` +
  `<ellipse cx="250" cy="646" rx="150" ry="42" fill="none" stroke="url(#v)" stroke-width="24"/>` +
  `<ellipse cx="250" cy="646" rx="150" ry="42" fill="none" stroke="url(#knit)" stroke-width="24"/>` +
  gleam('M130 630Q200 604 300 606', 6, 0.35);
const gearBack = (t: Tones) => {
  const rungs = [0, 1, 2, 3, 4, 5]
    .map((i) => {
      const y = 220 + i * 86 + i * i * 6;
      const half = 70 + i * 26;
      return `<path d="M${300 - half} ${y}L${300 + half} ${y}" stroke="${t.edge}" stroke-width="${18 + i * 3}" stroke-linecap="round"/><path d="M${300 - half} ${y - 2}L${300 + half} ${y - 2}" stroke="${t.base}" stroke-width="${12 + i * 3}" stroke-linecap="round"/>`;
    })
    .join('');
  return (
    floor(760, 220) +
    `<path d="M230 180L96 760M370 180L504 760" stroke="#2b2b2b" stroke-width="6"/>` +
    rungs +
    `<path d="M230 180L96 760M370 180L504 760" stroke="${t.edge}" stroke-width="2" opacity=".6"/>`
  );
};

export const SPORT: Record<string, KindArt> = {
  basketball: {
    box: [84, 150, 516, 630],
    front: (t) => ball(t, false),
    back: (t) => ball(t, true),
    detail: { of: 'front', x: 226, y: 372, zoom: 3.2 },
  },
  hoop: {
    box: [100, 110, 500, 772],
    front: hoopFront,
    back: hoopBack,
    detail: { of: 'front', x: 300, y: 420, zoom: 2.6 },
  },
  gear: {
    box: [80, 200, 520, 700],
    front: gearFront,
    back: gearBack,
    detail: { of: 'front', x: 380, y: 500, zoom: 2.2 },
  },
};
