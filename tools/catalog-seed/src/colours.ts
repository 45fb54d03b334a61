export interface Colour {
  name: string;
  family: string;
  hex: string;
}

export const COLOURS: Colour[] = [
  { name: 'Black', family: 'black', hex: '111111' },
  { name: 'Midnight Navy', family: 'blue', hex: '1f2a44' },
  { name: 'Royal', family: 'blue', hex: '2a52be' },
  { name: 'Blush', family: 'pink', hex: 'f4c2c2' },
  { name: 'Rose', family: 'pink', hex: 'e8a0a8' },
  { name: 'Ivory', family: 'white', hex: 'f6f1e1' },
  { name: 'White', family: 'white', hex: 'fafafa' },
  { name: 'Nude', family: 'neutral', hex: 'e3bc9a' },
  { name: 'Mocha', family: 'brown', hex: '8b5e3c' },
  { name: 'Heather Grey', family: 'grey', hex: '9e9e9e' },
  { name: 'Crimson', family: 'red', hex: 'b3001b' },
  { name: 'Forest', family: 'green', hex: '2e6b3f' },
  { name: 'Teal', family: 'green', hex: '2a9d8f' },
  { name: 'Sunflower', family: 'yellow', hex: 'f2c14e' },
  { name: 'Court Orange', family: 'orange', hex: 'e76f00' },
  { name: 'Lavender', family: 'purple', hex: 'b497d6' },
];

const named = (names: readonly string[]): Colour[] =>
  names.map((name) => {
    const colour = COLOURS.find((c) => c.name === name);
    if (!colour) throw new Error(`No colour named ${name}`);
    return colour;
  });

/**
 * The colours each brand dyes in: a lingerie house's soft neutrals and jewel tones, an underwear
 * and activewear maker's basics, an athletic brand's team colours, a basketball brand's court
 * colours. A product's colours come from its brand's palette only (no court orange on lingerie).
 */
export const BRAND_PALETTES: Record<string, Colour[]> = {
  vanityfair: named([
    'Black',
    'Midnight Navy',
    'Blush',
    'Rose',
    'Ivory',
    'White',
    'Nude',
    'Mocha',
    'Crimson',
    'Lavender',
  ]),
  everwear: named([
    'Black',
    'White',
    'Heather Grey',
    'Midnight Navy',
    'Royal',
    'Forest',
    'Teal',
    'Crimson',
    'Lavender',
    'Blush',
  ]),
  rallyathletic: named([
    'Black',
    'White',
    'Heather Grey',
    'Midnight Navy',
    'Royal',
    'Crimson',
    'Forest',
    'Sunflower',
    'Court Orange',
    'Teal',
  ]),
  hoopcraft: named([
    'Court Orange',
    'Black',
    'White',
    'Royal',
    'Crimson',
    'Midnight Navy',
    'Sunflower',
    'Heather Grey',
    'Forest',
  ]),
};

export const RETAILERS = [
  { retailer: 'amazon', label: 'Amazon', domain: 'amazon.com' },
  { retailer: 'belk', label: 'Belk', domain: 'belk.com' },
  { retailer: 'jcpenney', label: 'JCPenney', domain: 'jcpenney.com' },
  { retailer: 'kohls', label: "Kohl's", domain: 'kohls.com' },
  { retailer: 'macys', label: "Macy's", domain: 'macys.com' },
  { retailer: 'target', label: 'Target', domain: 'target.com' },
  { retailer: 'walmart', label: 'Walmart', domain: 'walmart.com' },
] as const;
