import { both, flip, gleam, mirror, piece, seam, stitch, sym } from './kit';
import type { Tones } from './tones';
import type { KindArt } from './types';

const band = (t: Tones, y0: number, y1: number, half: number, texture = 'rib') =>
  piece(
    t,
    sym(
      [300, y0],
      [
        ['L', 300 + half, y0],
        ['L', 300 + half + 2, y1],
        ['L', 300, y1],
      ],
    ),
    { texture, lift: false },
  );
const cords = (t: Tones, y: number) =>
  `<path d="M292 ${y}C284 ${y + 50} 276 ${y + 80} 282 ${y + 120}M308 ${y}C318 ${y + 50} 326 ${y + 84} 318 ${y + 118}" fill="none" stroke="${t.shine}" stroke-width="6" stroke-linecap="round"/>` +
  `<path d="M282 ${y + 106}v16M318 ${y + 104}v16" stroke="${t.edge}" stroke-width="8" stroke-linecap="round"/>`;

/** High-rise leggings: a wide waistband, contoured seams, tapered legs. */
const LEGGINGS = sym(
  [300, 120],
  [
    ['L', 402, 120],
    ['C', 414, 190, 424, 240, 422, 300],
    ['C', 418, 430, 396, 570, 384, 690],
    ['L', 324, 694],
    ['C', 322, 560, 316, 420, 304, 338],
    ['L', 300, 336],
  ],
);
const leggings = (t: Tones, back: boolean) =>
  piece(t, LEGGINGS) +
  band(t, 120, 200, 104, 'wv') +
  stitch(t, both('M300 194Q360 192 404 190')) +
  (back
    ? seam(t, both('M300 200Q360 250 414 236M300 200V338'), 3, 0.45) +
      `<path d="M276 214h48v40h-48z" fill="${t.shade}" stroke="${t.edge}" stroke-width="1.5" opacity=".8"/>`
    : seam(t, both('M300 200V300M304 338L300 300L296 338'), 2.5, 0.4)) +
  seam(t, both('M418 300C412 430 392 570 380 690'), 3, 0.35) +
  stitch(t, both('M410 300C404 430 386 570 374 688'), 1.6) +
  gleam('M360 250C366 380 358 520 350 660', 16, 0.16) +
  gleam(mirror('M360 250C366 380 358 520 350 660'), 10, 0.08);

/** Athletic shorts: a drawcord waistband, split side hems, a stripe. */
const SHORTS = sym(
  [300, 214],
  [
    ['L', 428, 214],
    ['C', 442, 300, 458, 400, 474, 520],
    ['L', 330, 546],
    ['C', 326, 476, 314, 446, 300, 438],
  ],
);
const shorts = (t: Tones, back: boolean) =>
  piece(t, SHORTS, { texture: 'mesh' }) +
  band(t, 214, 270, 130) +
  `<path d="${both('M440 300C452 380 462 450 470 520')}" stroke="${t.trim}" stroke-width="12" opacity=".75"/>` +
  `<path d="${both('M474 520L464 486L452 524')}" fill="${t.bgOut}" stroke="${t.edge}" stroke-width="2"/>` +
  stitch(t, both('M334 534L468 510')) +
  (back
    ? `<path d="M340 300h70l-6 60h-58z" fill="${t.shade}" opacity=".6"/>` +
      `<path d="M342 312h64" stroke="${t.edge}" stroke-width="3"/>`
    : cords(t, 250) + seam(t, both('M300 270V436'), 2.5, 0.4)) +
  gleam('M380 290C392 370 398 440 402 500', 16, 0.16);

/** A tee: set-in sleeves, a ribbed crew collar, a hemmed bottom. */
const tee = (neck: number) =>
  sym(
    [300, neck],
    [
      ['Q', 344, neck - 4, 356, 150],
      ['L', 448, 176],
      ['L', 530, 300],
      ['L', 474, 338],
      ['L', 446, 298],
      ['C', 444, 420, 446, 560, 452, 664],
      ['Q', 380, 676, 300, 672],
    ],
  );
const top = (t: Tones, back: boolean) => {
  const neck = back ? 164 : 198;
  return (
    piece(t, tee(neck)) +
    `<path d="${both(`M300 ${neck + 6}Q348 ${neck + 2} 362 154`)}" fill="none" stroke="url(#rib)" stroke-width="18"/>` +
    `<path d="${both(`M300 ${neck + 6}Q348 ${neck + 2} 362 154`)}" fill="none" stroke="${t.shade}" stroke-width="18" opacity=".35"/>` +
    seam(t, both('M446 180L440 300M300 664Q380 668 450 656'), 2.5, 0.35) +
    stitch(t, both('M490 316L520 298M302 652Q380 656 450 644')) +
    (back
      ? `<rect x="284" y="176" width="32" height="18" rx="2" fill="${t.shine}" opacity=".8"/>`
      : gleam('M380 260C390 380 384 500 376 620', 20, 0.14)) +
    seam(t, both('M420 350C400 420 408 520 420 600'), 3, 0.2)
  );
};

/** A hoodie: a lined hood, a kangaroo pocket, drawcords, ribbed cuffs and hem. */
const HOODIE = sym(
  [300, 190],
  [
    ['L', 440, 190],
    ['C', 446, 320, 444, 480, 446, 606],
    ['Q', 380, 616, 300, 614],
  ],
);
const SLEEVE = 'M436 188C486 200 506 260 516 330L540 560L486 572L460 350L446 300Z';
const hoodie = (t: Tones, back: boolean) =>
  piece(t, SLEEVE, { texture: 'knit' }) +
  piece(t, mirror(SLEEVE), { texture: 'knit' }) +
  piece(t, 'M486 556L540 546L546 600L492 610Z', { texture: 'rib', lift: false }) +
  flip(piece(t, 'M486 556L540 546L546 600L492 610Z', { texture: 'rib', lift: false })) +
  piece(t, HOODIE, { texture: 'knit' }) +
  band(t, 600, 650, 148) +
  (back
    ? piece(
        t,
        sym(
          [300, 110],
          [
            ['C', 370, 110, 400, 150, 404, 200],
            ['C', 400, 260, 360, 300, 300, 320],
          ],
        ),
        {
          texture: 'knit',
          lift: false,
        },
      ) + seam(t, 'M300 114V320', 3, 0.45)
    : piece(
        t,
        sym(
          [300, 118],
          [
            ['C', 372, 112, 404, 150, 396, 200],
            ['Q', 340, 224, 300, 300],
          ],
        ),
        {
          texture: 'knit',
          lift: false,
        },
      ) +
      `<path d="${both('M300 152C346 150 364 176 362 206Q330 230 300 272')}" fill="${t.deep}" opacity=".75"/>` +
      cords(t, 236) +
      piece(
        t,
        sym(
          [300, 430],
          [
            ['L', 370, 430],
            ['L', 402, 500],
            ['L', 404, 576],
            ['L', 300, 576],
          ],
        ),
        {
          texture: 'knit',
          lift: false,
        },
      ) +
      stitch(t, both('M372 440L396 500'))) +
  gleam('M340 330C346 420 344 500 338 560', 20, 0.14);

/** Joggers: drawcord waist, slant pockets, cuffed ankles. */
const PANTS = sym(
  [300, 140],
  [
    ['L', 410, 140],
    ['C', 428, 260, 434, 420, 424, 640],
    ['L', 326, 646],
    ['C', 322, 520, 316, 400, 304, 330],
    ['L', 300, 328],
  ],
);
const pants = (t: Tones, back: boolean) =>
  piece(t, PANTS) +
  band(t, 140, 200, 112) +
  piece(t, 'M326 630L424 626L426 690L330 694Z', { texture: 'rib', lift: false }) +
  flip(piece(t, 'M326 630L424 626L426 690L330 694Z', { texture: 'rib', lift: false })) +
  (back
    ? `<path d="${both('M340 240L396 240L392 290L344 290Z')}" fill="${t.shade}" opacity=".55"/>` +
      seam(t, 'M300 200V328', 3, 0.4)
    : cords(t, 186) + seam(t, both('M404 206L372 290'), 3, 0.6)) +
  seam(t, both('M350 420C362 440 390 446 410 430M340 520C356 536 384 540 408 528'), 2.5, 0.25) +
  gleam('M380 240C390 360 388 480 380 600', 18, 0.14);

/** A pair of crew socks, one behind the other: ribbed cuffs, a shaped heel and toe. */
const SOCK =
  'M250 130H350L354 420C356 440 376 470 420 500L470 530C512 556 498 630 444 620L320 596C276 588 246 556 246 500Z';
const sock = (t: Tones, dx: number, dy: number, back: boolean) =>
  `<g transform="translate(${dx} ${dy})">` +
  piece(t, SOCK, { texture: back ? 'knit' : 'wv' }) +
  piece(t, 'M250 130H350L351 210H249Z', { texture: 'rib', lift: false }) +
  `<path d="M248 460C240 540 270 584 324 592C300 560 290 520 300 470Z" fill="${t.deep}" opacity=".35"/>` +
  `<path d="M452 506C500 520 512 600 460 620C480 590 476 540 440 510Z" fill="${t.deep}" opacity=".35"/>` +
  `<path d="M250 236H352M250 252H352" stroke="${t.trim}" stroke-width="5" opacity=".8"/>` +
  (back
    ? `<path d="M256 520C300 560 400 580 470 560" fill="none" stroke="${t.deep}" stroke-width="3" opacity=".4"/>`
    : '') +
  `</g>`;
const socks = (t: Tones, back: boolean) => {
  const pair = sock(t, -70, 40, back) + sock(t, 40, 0, back) + gleam('M370 180V400', 12, 0.16);
  // Turned over: the soles and heels face the camera.
  return back ? `<g transform="matrix(-1 0 0 1 710 0)">${pair}</g>` : pair;
};

/** A basketball jersey: a mesh tank with contrast binding and a number. */
const jerseyOf = (neck: number) =>
  sym(
    [300, neck],
    [
      ['Q', 350, neck - 14, 360, 128],
      ['L', 410, 126],
      ['C', 414, 220, 440, 262, 470, 282],
      ['L', 478, 648],
      ['Q', 390, 662, 300, 658],
    ],
  );
const jersey = (t: Tones, back: boolean) => {
  const number = (y: number, size: number) =>
    `<text x="300" y="${y}" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" fill="${t.trim}" stroke="${t.edge}" stroke-width="3">23</text>`;
  const neck = back ? 'M300 150Q350 146 360 128' : 'M300 220Q350 206 360 128';
  return (
    piece(t, jerseyOf(back ? 150 : 214), { texture: 'mesh' }) +
    `<path d="${both(neck)}" fill="none" stroke="${t.trim}" stroke-width="14"/>` +
    `<path d="${both('M410 128C414 220 440 262 472 282')}" fill="none" stroke="${t.trim}" stroke-width="14"/>` +
    stitch(t, both('M300 644Q390 648 476 634')) +
    (back
      ? `<text x="300" y="230" text-anchor="middle" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="34" letter-spacing="4" fill="${t.trim}">HOOPS</text>` +
        number(460, 200)
      : number(440, 170)) +
    gleam('M380 300C386 420 382 540 376 620', 18, 0.12)
  );
};

export const APPAREL: Record<string, KindArt> = {
  leggings: {
    box: [176, 110, 424, 700],
    front: (t) => leggings(t, false),
    back: (t) => leggings(t, true),
    detail: { of: 'front', x: 340, y: 190, zoom: 2.8 },
  },
  shorts: {
    box: [120, 200, 480, 552],
    front: (t) => shorts(t, false),
    back: (t) => shorts(t, true),
    detail: { of: 'front', x: 330, y: 280, zoom: 2.6 },
  },
  top: {
    box: [68, 140, 532, 680],
    front: (t) => top(t, false),
    back: (t) => top(t, true),
    detail: { of: 'front', x: 330, y: 210, zoom: 2.8 },
  },
  hoodie: {
    box: [58, 106, 548, 656],
    front: (t) => hoodie(t, false),
    back: (t) => hoodie(t, true),
    detail: { of: 'front', x: 330, y: 300, zoom: 2.4 },
  },
  pants: {
    box: [170, 130, 430, 700],
    front: (t) => pants(t, false),
    back: (t) => pants(t, true),
    detail: { of: 'front', x: 330, y: 200, zoom: 2.8 },
  },
  socks: {
    box: [170, 120, 540, 640],
    front: (t) => socks(t, false),
    back: (t) => socks(t, true),
    detail: { of: 'front', x: 340, y: 240, zoom: 2.6 },
  },
  jersey: {
    box: [120, 120, 480, 664],
    front: (t) => jersey(t, false),
    back: (t) => jersey(t, true),
    detail: { of: 'front', x: 380, y: 200, zoom: 2.8 },
  },
};
