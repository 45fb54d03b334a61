import type { FitFinderEntry } from '@shop/contracts/browser';
import { computeFit, locate } from './fit-calculator';
import { basketballs, bras, leggings, pants, rimHeight, tops } from './fit-fixtures';
import { shopLinks } from './fit-links';
import type { Units } from '../../lib/units';

const fit = (finder: FitFinderEntry, values: Record<string, number>, units: Units = 'in') =>
  computeFit(finder, values, units);
const linksOf = (finder: FitFinderEntry, values: Record<string, number>, units: Units = 'in') => {
  const result = fit(finder, values, units);
  if (result.kind !== 'size') throw new Error(`no size: ${result.reason}`);
  return shopLinks(finder.shop, result);
};

describe('locating a measurement among a chart’s ranges', () => {
  const ranges: Array<[number, number | null]> = [
    [32, 34],
    [35, 37],
    [37, 40],
    [41, null],
  ];
  it.each([
    [33, { at: 0 }],
    [34, { at: 0 }],
    [34.5, { between: [0, 1] }],
    [37, { between: [1, 2] }],
    [99, { at: 3 }],
    [31.9, { below: true }],
  ])('%s -> %j', (value, position) => expect(locate(value, ranges)).toEqual(position));

  it('is above a closed last range', () => expect(locate(45, [[40, 44]])).toEqual({ above: true }));
});

describe('apparel sizes from chest and waist (ranges)', () => {
  it('gives the row both measurements fall in, and links to each category that sells it', () => {
    expect(fit(tops, { chest: 39, waist: 33 })).toMatchObject({ kind: 'size', size: 'M', label: 'M' });
    expect(linksOf(tops, { chest: 39, waist: 33 })).toEqual([
      { href: '/c/men/men-tees?size=M', label: "Shop men's tees in M" },
      { href: '/c/men/men-hoodies?size=M', label: "Shop men's hoodies in M" },
    ]);
  });

  it('leaves out a category that does not sell the size (hoodies start at S)', () => {
    expect(linksOf(tops, { chest: 33, waist: 27 }).map((link) => link.label)).toEqual(["Shop men's tees in XS"]);
  });

  it('between two sizes suggests the larger and offers the smaller for a closer fit', () => {
    const result = fit(tops, { chest: 37.5, waist: 30 });
    expect(result).toMatchObject({ kind: 'size', size: 'M', smaller: { size: 'S' } });
    expect(result).toMatchObject({ mixed: 'Your chest is between S and M and your waist is S: M fits both.' });
  });

  it('takes the larger size when the measurements disagree, and says why', () => {
    expect(fit(tops, { chest: 39, waist: 36 })).toEqual({
      kind: 'size',
      size: 'L',
      label: 'L',
      placeholders: { size: 'L' },
      mixed: 'Your chest is M and your waist is L: L fits both.',
    });
  });

  it('converts centimetres, keeping a value on a row’s edge on it', () => {
    expect(fit(tops, { chest: 99, waist: 84 }, 'cm')).toMatchObject({ size: 'M' });
    // 96.52 cm is 38 in, M's smallest chest, not 37.99… between S and M.
    expect(fit(tops, { chest: 96.52, waist: 81.28 }, 'cm')).toEqual(expect.objectContaining({ size: 'M' }));
    expect(fit(tops, { chest: 96.52, waist: 81.28 }, 'cm')).not.toHaveProperty('smaller');
  });

  it('says when a measurement is outside the sizes carried, with the numbers in the shopper’s units', () => {
    expect(fit(tops, { chest: 30, waist: 27 })).toEqual({
      kind: 'out-of-range',
      reason: "Your chest, 30 in, is below the smallest men's tops size we carry: XS, from 32 in.",
    });
    expect(fit(tops, { chest: 39, waist: 40 }, 'in')).toMatchObject({
      kind: 'out-of-range',
      reason: "Your waist, 40 in, is above the largest men's tops size we carry: L, up to 37 in.",
    });
    expect(fit(tops, { chest: 76, waist: 69 }, 'cm')).toMatchObject({
      reason: "Your chest, 76 cm, is below the smallest men's tops size we carry: XS, from 81 cm.",
    });
  });

  it('refuses missing and implausible measurements', () => {
    expect(fit(tops, { chest: Number.NaN, waist: 30 })).toEqual({
      kind: 'invalid',
      reason: 'Enter a number for chest.',
    });
    expect(fit(tops, { chest: 0, waist: 30 })).toMatchObject({ kind: 'invalid' });
    // 99 typed as inches when it was centimetres.
    expect(fit(tops, { chest: 99, waist: 84 })).toMatchObject({
      kind: 'invalid',
      reason: expect.stringMatching(/looks off/),
    });
  });
});

describe('leggings: one size, two lengths', () => {
  it('links to the size in both lengths', () => {
    expect(linksOf(leggings, { waist: 36 })).toEqual([
      { href: '/c/women/women-leggings?size=L+7%2F8&size=L+full', label: 'Shop leggings in L' },
    ]);
  });
});

describe('pants: waist by length', () => {
  it('joins the waist size and the length, as products are sized (32x32)', () => {
    expect(fit(pants, { waist: 31.5, inseam: 31 })).toMatchObject({ kind: 'size', size: '32x32' });
    expect(linksOf(pants, { waist: 31.5, inseam: 31 })[0].href).toBe('/c/men/men-pants?size=32x32');
  });

  it('between lengths offers the shorter one too', () => {
    expect(fit(pants, { waist: 32, inseam: 30.5 })).toMatchObject({ size: '32x32', smaller: { size: '32x30' } });
  });

  it('says so for an inseam beyond the longest length', () => {
    expect(fit(pants, { waist: 32, inseam: 36 })).toMatchObject({
      kind: 'out-of-range',
      reason: "Your inseam, 36 in, is above the largest men's pants size we carry: 34, up to 34 in.",
    });
  });
});

describe('basketball size by age', () => {
  it.each([
    [9, '5'],
    [11, '5'],
    [12, '6'],
    [14, '6'],
    [15, '7'],
    [40, '7'],
  ])('age %s -> size %s', (age, size) => {
    expect(fit(basketballs, { age })).toMatchObject({ kind: 'size', size, label: size });
  });

  it('ignores the unit choice: ages are not lengths', () => {
    expect(fit(basketballs, { age: 10 }, 'cm')).toMatchObject({ size: '5' });
  });

  it('links to basketballs filtered by the size', () => {
    expect(linksOf(basketballs, { age: 13 })).toEqual([
      { href: '/c/basketballs?size=6', label: 'Shop size 6 basketballs' },
    ]);
  });

  it('uses the brand’s words for a player too young for the balls carried', () => {
    expect(fit(basketballs, { age: 6 })).toEqual({
      kind: 'out-of-range',
      reason: "Players under 9 use a size 4 or smaller ball, which we don't sell.",
    });
    expect(fit(basketballs, { age: 130 })).toMatchObject({ kind: 'invalid' });
  });
});

describe('rim height by age', () => {
  it('gives the height in feet, or metres when the shopper reads centimetres', () => {
    expect(fit(rimHeight, { age: 10 })).toMatchObject({ size: '9', label: '9 ft' });
    expect(fit(rimHeight, { age: 16 })).toMatchObject({ size: '10', label: '10 ft' });
    expect(fit(rimHeight, { age: 7 }, 'cm')).toMatchObject({ label: '2.44 m' });
  });

  it('links to hoops without a size filter', () => {
    expect(linksOf(rimHeight, { age: 10 })).toEqual([{ href: '/c/hoops', label: 'Shop hoops' }]);
  });

  it('says the default for a player younger than the chart', () => {
    expect(fit(rimHeight, { age: 2 })).toMatchObject({
      kind: 'out-of-range',
      reason: "Your player's age, 2 years, is below the smallest rim height size we carry: 6 ft, from 4 years.",
    });
  });
});

describe('bra size from underbust and bust (band-cup)', () => {
  it.each([
    [32, 35, '32C'],
    [33, 37, '34C'],
    [30.6, 33.2, '32A'],
    [35.4, 40, '36D'],
    [37.9, 43, '38DD'],
    [42, 48, '42DDD'],
  ])('underbust %s, bust %s -> %s', (underbust, bust, size) => {
    expect(fit(bras, { underbust, bust })).toMatchObject({ kind: 'size', size });
  });

  it('converts centimetres and links to bras by band and cup', () => {
    expect(fit(bras, { underbust: 81.3, bust: 88.9 }, 'cm')).toMatchObject({ size: '32C' });
    expect(linksOf(bras, { underbust: 33, bust: 37 })).toEqual([
      { href: '/c/bras?bandSize=34&cupSize=C', label: 'Shop bras in 34C' },
    ]);
  });

  it('reports sizes the shop does not carry and impossible input', () => {
    expect(fit(bras, { underbust: 27, bust: 30 })).toEqual({
      kind: 'out-of-range',
      reason: 'We carry bands 32 to 44; your band is 28.',
    });
    expect(fit(bras, { underbust: 34, bust: 44 })).toMatchObject({
      kind: 'out-of-range',
      reason: 'We carry cups A to DDD; your bust is 10 in over your band.',
    });
    expect(fit(bras, { underbust: 34, bust: 30 })).toMatchObject({ kind: 'invalid' });
    expect(fit(bras, { underbust: Number.NaN, bust: 30 })).toMatchObject({ kind: 'invalid' });
  });
});
