import type { FitFinderEntry, SizeTable } from '@shop/contracts/browser';

/* Finders shaped like the brands' content, for the calculator's and the pages' tests. */

const guide = (slug: string, title: string) => ({ slug, title, description: `${title}.` });
const shop = (label: string, category: string, values = ['{size}']) => ({ label, category, filters: { size: values } });

export const topsTable: SizeTable = {
  id: 'mens-tops',
  caption: "Men's tees by chest and waist",
  columns: [
    { key: 'size', label: 'Size' },
    { key: 'chest', label: 'Chest', unit: 'in' },
    { key: 'waist', label: 'Waist', unit: 'in' },
  ],
  rows: [
    { size: 'XS', chest: [32, 34], waist: [26, 28] },
    { size: 'S', chest: [35, 37], waist: [29, 31] },
    { size: 'M', chest: [38, 40], waist: [32, 34] },
    { size: 'L', chest: [41, 43], waist: [35, 37] },
  ],
};

export const tops: FitFinderEntry = {
  id: 'mens-tops',
  label: "Men's tops",
  method: 'ranges',
  tables: ['mens-tops'],
  inputs: [
    { key: 'chest', label: 'Chest' },
    { key: 'waist', label: 'Waist' },
  ],
  result: 'Your size is {size}.',
  shop: [
    shop("Shop men's tees in {size}", 'men/men-tees'),
    { ...shop("Shop men's hoodies in {size}", 'men/men-hoodies'), sizes: ['S', 'M', 'L'] },
  ],
  guide: guide('tops', 'Tops size guide'),
  sizeTables: [topsTable],
};

export const leggings: FitFinderEntry = {
  ...tops,
  id: 'leggings',
  label: 'Leggings',
  inputs: [{ key: 'waist', label: 'Waist' }],
  shop: [shop('Shop leggings in {size}', 'women/women-leggings', ['{size} 7/8', '{size} full'])],
};

export const pants: FitFinderEntry = {
  id: 'mens-pants',
  label: "Men's pants",
  method: 'ranges',
  tables: ['pants-waist', 'pants-length'],
  join: 'x',
  inputs: [
    { key: 'waist', label: 'Waist' },
    { key: 'inseam', label: 'Inseam' },
  ],
  result: 'Your size is {size}.',
  shop: [shop("Shop men's pants in {size}", 'men/men-pants')],
  guide: guide('bottoms', 'Bottoms size guide'),
  sizeTables: [
    {
      id: 'pants-waist',
      caption: 'Waist',
      columns: [
        { key: 'size', label: 'Waist size' },
        { key: 'waist', label: 'Waist', unit: 'in' },
      ],
      rows: [28, 30, 32, 34, 36, 38].map((w) => ({ size: w, waist: [w - 1, w] })),
    },
    {
      id: 'pants-length',
      caption: 'Length',
      columns: [
        { key: 'size', label: 'Length' },
        { key: 'inseam', label: 'Inseam', unit: 'in' },
      ],
      rows: [30, 32, 34].map((l) => ({ size: l, inseam: [l - 1, l] })),
    },
  ],
};

export const basketballs: FitFinderEntry = {
  id: 'basketballs',
  label: 'Basketball',
  method: 'ranges',
  tables: ['ball-sizes'],
  inputs: [{ key: 'age', label: "Player's age" }],
  result: 'Your ball size is {size}.',
  note: 'Girls and women play with a size 6 from age 12 on.',
  belowRange: "Players under 9 use a size 4 or smaller ball, which we don't sell.",
  shop: [shop('Shop size {size} basketballs', 'basketballs')],
  guide: guide('basketballs', 'Basketball size guide'),
  sizeTables: [
    {
      id: 'ball-sizes',
      caption: 'Ball size by age',
      columns: [
        { key: 'size', label: 'Ball size' },
        { key: 'age', label: 'Ages', unit: 'years' },
        { key: 'circumference', label: 'Circumference', unit: 'in' },
      ],
      rows: [
        { size: 5, age: [9, 11], circumference: 27.5 },
        { size: 6, age: [12, 14], circumference: 28.5 },
        { size: 7, age: [15, null], circumference: 29.5 },
      ],
    },
  ],
};

export const rimHeight: FitFinderEntry = {
  ...basketballs,
  id: 'rim-height',
  label: 'Rim height',
  result: 'Set the rim at {size}.',
  note: undefined,
  belowRange: undefined,
  shop: [{ label: 'Shop hoops', category: 'hoops' }],
  guide: guide('hoops', 'Hoop size and rim height guide'),
  sizeTables: [
    {
      id: 'rim-heights',
      caption: 'Rim height by age',
      columns: [
        { key: 'rim', label: 'Rim height', unit: 'ft' },
        { key: 'age', label: 'Ages', unit: 'years' },
      ],
      rows: [
        { rim: 6, age: [4, 6] },
        { rim: 8, age: [7, 8] },
        { rim: 9, age: [9, 11] },
        { rim: 10, age: [12, null] },
      ],
    },
  ],
};

export const bras: FitFinderEntry = {
  id: 'bras',
  label: 'Bras',
  method: 'band-cup',
  tables: ['bra-bands', 'bra-cups'],
  inputs: [
    { key: 'underbust', label: 'Underbust' },
    { key: 'bust', label: 'Bust' },
  ],
  result: 'Your size is {size}.',
  shop: [{ label: 'Shop bras in {size}', category: 'bras', filters: { bandSize: ['{band}'], cupSize: ['{cup}'] } }],
  guide: guide('bras', 'Bra size guide'),
  sizeTables: [
    {
      id: 'bra-bands',
      caption: 'Band size by underbust',
      columns: [
        { key: 'band', label: 'Band' },
        { key: 'underbust', label: 'Underbust', unit: 'in' },
      ],
      rows: [32, 34, 36, 38, 40, 42, 44].map((band) => ({ band, underbust: [band - 1, band] })),
    },
    {
      id: 'bra-cups',
      caption: 'Cup size',
      columns: [
        { key: 'cup', label: 'Cup' },
        { key: 'difference', label: 'Bust minus band', unit: 'in' },
      ],
      rows: ['A', 'B', 'C', 'D', 'DD', 'DDD'].map((cup, i) => ({ cup, difference: i + 1 })),
    },
  ],
};
