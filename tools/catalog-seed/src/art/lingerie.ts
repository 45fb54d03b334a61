import { along, both, gleam, mirror, piece, scallops, seam, stitch, sym } from './kit';
import type { Tones } from './tones';
import type { KindArt } from './types';

/** The right cup of a bra, from the centre gore round to the underwire; the left one is its mirror. */
const CUP = 'M312 452C304 400 310 360 322 326Q372 292 440 224C494 262 508 352 490 440Q404 488 312 452Z';
/** The lace upper half of the cup, down to a scalloped edge. */
const laceTop = (t: Tones) => {
  const edge = along([498, 330], [410, 330], [318, 372], 9);
  const d = `M322 326Q372 292 440 224C470 246 488 282 498 330${scallops(edge, 11).slice(edge[0].join(' ').length + 1)}Z`;
  return `<path d="${d}" fill="url(#lace)"/><path d="${d}" fill="${t.light}" opacity=".18"/><path d="${scallops(edge, 11)}" fill="none" stroke="${t.trim}" stroke-width="2.5"/>`;
};
const STRAP = 'M430 236L452 108L470 110L449 240Z';

const braFront = (t: Tones) =>
  piece(
    t,
    sym(
      [300, 462],
      [
        ['Q', 420, 456, 504, 426],
        ['L', 510, 476],
        ['Q', 420, 504, 300, 506],
      ],
    ),
    {
      texture: 'knit',
    },
  ) +
  stitch(t, both('M300 496Q420 494 506 466')) +
  piece(t, STRAP, { lift: false }) +
  piece(t, mirror(STRAP), { lift: false }) +
  `<rect x="446" y="150" width="22" height="14" rx="3" fill="${t.shine}" stroke="${t.edge}" stroke-width="2" transform="rotate(10 457 157)"/>` +
  piece(t, CUP, { fill: 'dome', texture: '', extra: `<g id="lt">${laceTop(t)}</g>` }) +
  piece(t, mirror(CUP), { fill: 'dome', texture: '', extra: '<use href="#lt" transform="matrix(-1 0 0 1 600 0)"/>' }) +
  stitch(t, both('M318 444Q404 476 484 434')) +
  gleam('M356 410Q398 380 452 390', 12, 0.22) +
  gleam(mirror('M356 410Q398 380 452 390'), 8, 0.12) +
  `<path d="M300 346C282 330 276 356 298 348C324 356 318 330 300 346ZM296 350L290 372M304 350L310 372" fill="${t.trim}" stroke="${t.trim}" stroke-width="3"/>`;

const braBack = (t: Tones) =>
  // The cups seen from behind (their lining), then the band and closure, then the straps.
  piece(t, 'M96 420C90 330 150 270 214 262L230 420Z', { fill: 'dome', texture: '' }) +
  piece(t, mirror('M96 420C90 330 150 270 214 262L230 420Z'), { fill: 'dome', texture: '' }) +
  piece(
    t,
    sym(
      [300, 400],
      [
        ['Q', 420, 408, 520, 392],
        ['L', 522, 470],
        ['Q', 420, 488, 300, 482],
      ],
    ),
    {
      texture: 'knit',
    },
  ) +
  stitch(t, both('M300 472Q420 476 516 460')) +
  piece(t, 'M236 404L256 150L276 152L262 406Z', { lift: false }) +
  piece(t, mirror('M236 404L256 150L276 152L262 406Z'), { lift: false }) +
  `<rect x="250" y="214" width="30" height="14" rx="3" fill="${t.shine}" stroke="${t.edge}" stroke-width="2"/>` +
  `<rect x="320" y="214" width="30" height="14" rx="3" fill="${t.shine}" stroke="${t.edge}" stroke-width="2"/>` +
  `<rect x="262" y="398" width="76" height="88" rx="6" fill="${t.light}" stroke="${t.edge}" stroke-width="2"/>` +
  [418, 442, 466]
    .map((y) => `<path d="M276 ${y}h16M308 ${y}h16" stroke="#b9b4ad" stroke-width="5" stroke-linecap="round"/>`)
    .join('');

/** A brief or bikini: the waistband, the leg openings trimmed with lace. */
const PANTY = sym(
  [300, 272],
  [
    ['Q', 400, 268, 478, 256],
    ['C', 476, 300, 462, 330, 440, 352],
    ['C', 388, 404, 346, 440, 338, 530],
    ['L', 300, 532],
  ],
);
const pantyFront = (t: Tones) => {
  const legs = both('M478 258C474 304 460 334 440 354C390 404 350 440 340 530');
  return (
    piece(t, PANTY) +
    `<path d="${both('M300 278Q400 276 478 262')}" fill="none" stroke="url(#lace)" stroke-width="26"/>` +
    `<path d="${legs}" fill="none" stroke="url(#lace)" stroke-width="22"/>` +
    `<path d="${both(scallops(along([306, 294], [400, 292], [474, 280], 8), 7))}" fill="none" stroke="${t.trim}" stroke-width="2"/>` +
    seam(t, both('M336 500Q320 470 300 468'), 2.5) +
    gleam('M380 300Q420 320 410 380', 14, 0.2) +
    `<path d="M300 292C286 280 282 302 298 296C318 302 314 280 300 292Z" fill="${t.trim}"/>`
  );
};
const pantyBack = (t: Tones) =>
  piece(
    t,
    sym(
      [300, 262],
      [
        ['Q', 410, 258, 486, 246],
        ['C', 492, 330, 470, 430, 380, 520],
        ['Q', 340, 548, 300, 540],
      ],
    ),
  ) +
  `<path d="${both('M300 268Q410 266 486 252')}" fill="none" stroke="url(#lace)" stroke-width="24"/>` +
  seam(t, 'M300 290C296 380 304 460 300 540', 3, 0.35) +
  stitch(t, both('M486 262C490 340 468 430 382 512')) +
  gleam('M400 320Q440 380 410 460', 18, 0.18);

/** A high-waist shaper: firm panels, a boned waist, a wide hem. */
const SHAPER = sym(
  [300, 170],
  [
    ['Q', 390, 166, 428, 160],
    ['C', 408, 260, 404, 320, 424, 400],
    ['C', 444, 480, 452, 560, 440, 650],
    ['Q', 370, 664, 330, 650],
    ['C', 324, 600, 316, 580, 300, 574],
  ],
);
const shaperFront = (t: Tones) =>
  piece(t, SHAPER, { texture: 'knit' }) +
  seam(t, both('M360 168C344 260 346 330 372 420C388 500 392 580 388 656'), 3, 0.45) +
  stitch(t, both('M356 180C340 270 342 334 366 420C382 498 386 580 382 650')) +
  `<path d="${both('M300 182Q390 178 424 172')}" fill="none" stroke="${t.trim}" stroke-width="10" opacity=".6"/>` +
  `<path d="${both('M332 636Q380 648 436 636')}" fill="none" stroke="url(#lace)" stroke-width="24"/>` +
  gleam('M318 230C312 320 318 400 334 470', 22, 0.16);
const shaperBack = (t: Tones) =>
  piece(t, SHAPER, { texture: 'knit' }) +
  seam(t, 'M300 172C296 300 304 430 300 572', 3, 0.5) +
  stitch(t, both('M340 180C332 260 334 330 356 410')) +
  `<path d="${both('M300 182Q390 178 424 172')}" fill="none" stroke="${t.trim}" stroke-width="10" opacity=".6"/>` +
  `<path d="${both('M330 470Q380 520 436 500')}" fill="none" stroke="${t.deep}" stroke-width="3" opacity=".4"/>` +
  `<path d="${both('M332 636Q380 648 436 636')}" fill="none" stroke="url(#lace)" stroke-width="24"/>`;

/** A slip: thin straps, a lace-trimmed neckline and hem, bias-cut folds. */
const slipOf = (neck: number) =>
  sym(
    [300, neck],
    [
      ['Q', 350, neck - 36, 392, 196],
      ['C', 412, 232, 420, 270, 416, 300],
      ['C', 410, 420, 440, 540, 470, 640],
      ['Q', 390, 664, 300, 660],
    ],
  );
const slip = (t: Tones, back: boolean) =>
  piece(t, slipOf(back ? 226 : 262)) +
  `<path d="${both('M384 196L404 118')}" stroke="${t.base}" stroke-width="6" stroke-linecap="round"/>` +
  `<path d="${both('M384 196L404 118')}" stroke="${t.edge}" stroke-width="1.5" opacity=".5"/>` +
  (back
    ? seam(t, 'M300 216V660', 2, 0.35)
    : `<path d="${both('M302 270Q350 236 392 206')}" fill="none" stroke="url(#lace)" stroke-width="30"/>` +
      `<path d="${both(scallops(along([300, 290], [352, 262], [400, 228], 6), 6))}" fill="none" stroke="${t.trim}" stroke-width="2"/>`) +
  `<path d="${both('M300 644Q390 648 466 628')}" fill="none" stroke="url(#lace)" stroke-width="30"/>` +
  seam(t, both('M360 330C364 440 384 540 404 650M330 420C334 500 340 580 350 654'), 3, 0.3) +
  gleam('M340 320C346 420 362 520 382 640', 16, 0.2);

/** Boxer briefs: an elastic waistband with a stripe, a contoured pouch, leg bands. */
const BOXER = sym(
  [300, 236],
  [
    ['L', 462, 236],
    ['C', 470, 330, 478, 420, 486, 520],
    ['L', 336, 540],
    ['C', 330, 500, 318, 470, 300, 466],
  ],
);
const boxer = (t: Tones, back: boolean) =>
  piece(t, BOXER) +
  piece(
    t,
    sym(
      [300, 226],
      [
        ['L', 466, 226],
        ['L', 466, 290],
        ['L', 300, 290],
      ],
    ),
    { fill: 'v', texture: 'rib', lift: false },
  ) +
  `<path d="${both('M300 252H466M300 264H466')}" stroke="${t.trim}" stroke-width="4"/>` +
  (back
    ? seam(t, 'M300 290V466', 3, 0.4) + stitch(t, both('M300 330Q380 370 470 350'))
    : `<path d="M300 296C260 330 262 430 300 452C338 430 340 330 300 296Z" fill="url(#dome)" opacity=".5"/>` +
      stitch(t, 'M300 296C260 330 262 430 300 452C338 430 340 330 300 296')) +
  `<path d="${both('M338 506L484 488')}" stroke="${t.shade}" stroke-width="18" opacity=".5"/>` +
  stitch(t, both('M338 498L484 480')) +
  gleam('M420 310C430 380 440 440 446 480', 14, 0.16);

/** A racerback sports bra: a wide band, a scooped front, a mesh panel. */
const SPORTS = sym(
  [300, 282],
  [
    ['Q', 340, 276, 374, 222],
    ['Q', 388, 170, 402, 140],
    ['L', 438, 148],
    ['C', 440, 220, 468, 300, 470, 400],
    ['L', 468, 470],
    ['Q', 390, 482, 300, 480],
  ],
);
const sportsBra = (t: Tones, back: boolean) =>
  piece(
    t,
    back
      ? sym(
          [300, 300],
          [
            ['Q', 330, 240, 380, 180],
            ['Q', 394, 156, 404, 140],
            ['L', 440, 148],
            ['C', 444, 230, 468, 300, 470, 400],
            ['L', 468, 470],
            ['Q', 390, 482, 300, 480],
          ],
        )
      : SPORTS,
  ) +
  piece(
    t,
    sym(
      [300, 410],
      [
        ['Q', 390, 410, 470, 404],
        ['L', 468, 474],
        ['Q', 390, 484, 300, 482],
      ],
    ),
    { texture: 'rib', lift: false },
  ) +
  `<path d="${both('M300 430Q390 432 468 426')}" stroke="${t.trim}" stroke-width="4"/>` +
  (back
    ? `<path d="M300 300Q340 250 378 186L404 140M300 300Q260 250 222 186L196 140" fill="none" stroke="${t.deep}" stroke-width="3" opacity=".4"/>` +
      `<path d="M300 310L344 380H256Z" fill="url(#mesh)"/>`
    : `<path d="${both('M300 300Q346 300 380 240')}" fill="none" stroke="${t.trim}" stroke-width="5"/>` +
      `<path d="M300 322Q346 330 372 380Q340 400 300 400Q260 400 228 380Q254 330 300 322Z" fill="url(#mesh)"/>` +
      seam(t, both('M300 400C340 360 420 320 456 330'), 3, 0.4)) +
  stitch(t, both('M380 222Q392 180 404 150')) +
  gleam('M420 240C436 300 446 350 450 400', 14, 0.2);

export const LINGERIE: Record<string, KindArt> = {
  bra: { box: [84, 100, 516, 530], front: braFront, back: braBack, detail: { of: 'front', x: 410, y: 320, zoom: 2.6 } },
  panty: {
    box: [110, 240, 490, 548],
    front: pantyFront,
    back: pantyBack,
    detail: { of: 'front', x: 340, y: 330, zoom: 2.6 },
  },
  shapewear: {
    box: [156, 155, 444, 665],
    front: shaperFront,
    back: shaperBack,
    detail: { of: 'front', x: 392, y: 600, zoom: 2.4 },
  },
  cami: {
    box: [124, 110, 476, 668],
    front: (t) => slip(t, false),
    back: (t) => slip(t, true),
    detail: { of: 'front', x: 350, y: 250, zoom: 2.6 },
  },
  underwear: {
    box: [110, 220, 490, 548],
    front: (t) => boxer(t, false),
    back: (t) => boxer(t, true),
    detail: { of: 'front', x: 380, y: 260, zoom: 2.8 },
  },
  'sports-bra': {
    box: [124, 134, 476, 490],
    front: (t) => sportsBra(t, false),
    back: (t) => sportsBra(t, true),
    detail: { of: 'front', x: 320, y: 370, zoom: 2.8 },
  },
};
