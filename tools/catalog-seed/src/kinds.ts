import type { Random } from './random';
import type { TaxCategoryKey } from './types';

/** Variant-level attributes beyond colour: one entry per variant to create. */
export type SizeRow = Record<string, string>;

export interface Kind {
  /** Product type key, also the SVG silhouette. */
  type: string;
  /** What the tax service is told the goods are: garments are clothing, balls, hoops and gear are not. */
  taxCategory: TaxCategoryKey;
  noun: string;
  styles: readonly string[];
  /**
   * Words that tell two products of one line and style apart ("Beauty Back Lace Underwire Bra"),
   * so no two products of a brand share a name.
   */
  features: readonly string[];
  /** A variety sold as its own product (underwear in 1- or 3-packs), named before the style. */
  variety?: (random: Random) => string | undefined;
  priceRange: [number, number];
  colours: [number, number];
  /** The size rows a product of this kind comes in (each row becomes a variant per colour). */
  sizes: (random: Random) => SizeRow[];
  describe: string;
}

const letters = (from: number, to: number) => ['XS', 'S', 'M', 'L', 'XL', '2X', '3X'].slice(from, to + 1);
const rows = (name: string, values: string[]) => values.map((value) => ({ size: value, [name]: value }));

const BANDS = ['32', '34', '36', '38', '40', '42', '44'];
const CUPS = ['A', 'B', 'C', 'D', 'DD', 'DDD'];

export const KINDS = {
  bra: {
    type: 'bra',
    taxCategory: 'clothing',
    noun: 'Bra',
    styles: ['Underwire', 'Wire-Free', 'Push-Up', 'Minimizer', 'T-Shirt', 'Full Figure', 'Balconette', 'Plunge'],
    features: ['Lace', 'Lightly Lined', 'Smoothing', 'Convertible', 'Contour', 'Seamless', 'Cotton Blend'],
    priceRange: [3200, 6800],
    colours: [1, 3],
    // Bras come in band x cup sizes; each style carries a realistic slice of the grid.
    sizes: (random) => {
      const bands = BANDS.slice(random.int(0, 2), random.int(4, 7));
      const cups = CUPS.slice(random.int(0, 1), random.int(3, 6));
      return bands.flatMap((bandSize) => cups.map((cupSize) => ({ size: `${bandSize}${cupSize}`, bandSize, cupSize })));
    },
    describe: 'Smooth, supportive cups and a band that stays put all day.',
  },
  panty: {
    type: 'panty',
    taxCategory: 'clothing',
    noun: 'Panty',
    styles: ['Hipster', 'Brief', 'Thong', 'Boyshort', 'Hi-Cut', 'Bikini'],
    features: ['Lace', 'Seamless', 'Cotton', 'Microfiber', 'Ribbed', 'Satin'],
    priceRange: [900, 1800],
    colours: [2, 4],
    sizes: (random) => {
      const waist = random.pick(['low-rise', 'mid-rise', 'high-rise']);
      return letters(1, 5).map((size) => ({ size, waist }));
    },
    describe: 'Soft, breathable fabric with no-show edges.',
  },
  shapewear: {
    type: 'shapewear',
    taxCategory: 'clothing',
    noun: 'Shaper',
    styles: ['Waist Cincher', 'Thigh Slimmer', 'Bodysuit', 'Brief Shaper'],
    features: ['Firm Control', 'Light Control', 'Seamless', 'Cooling', 'Lace Trim', 'Open Bust'],
    priceRange: [3000, 6000],
    colours: [1, 2],
    sizes: () => letters(1, 6).map((size) => ({ size, waist: 'high-rise' })),
    describe: 'Firm, all-day smoothing that moves with you.',
  },
  cami: {
    type: 'cami',
    taxCategory: 'clothing',
    noun: 'Slip',
    styles: ['Cami', 'Half Slip', 'Full Slip', 'Tank'],
    features: ['Satin', 'Lace Trim', 'Stretch', 'Cooling', 'Adjustable', 'Cling-Free'],
    priceRange: [2200, 4400],
    colours: [1, 3],
    sizes: (random) => {
      const length = random.pick(['hip', 'thigh', 'knee']);
      const busts = ['32-34', '34-36', '36-38', '38-40', '40-42'];
      return letters(1, 5).map((size, i) => ({ size, bust: busts[i], length }));
    },
    describe: 'A silky layer that keeps dresses gliding and static-free.',
  },
  underwear: {
    type: 'underwear',
    taxCategory: 'clothing',
    noun: 'Underwear',
    styles: ['Boxer Brief', 'Brief', 'Trunk', 'Bikini', 'Boyshort'],
    features: ['Cotton', 'Modal', 'Ribbed', 'Tagless', 'Stretch', 'Micro'],
    priceRange: [1200, 3600],
    colours: [2, 4],
    // A 3-pack is a product of its own, not a size of the single one.
    variety: (random) => (random.pick(['1-pack', '3-pack']) === '3-pack' ? '3-Pack' : undefined),
    sizes: () => rows('size', letters(1, 5)),
    describe: 'Everyday comfort with a waistband that never rolls.',
  },
  leggings: {
    type: 'leggings',
    taxCategory: 'clothing',
    noun: 'Leggings',
    styles: ['High-Rise', 'Seamless', 'Pocket', 'Compression'],
    features: ['Ribbed', 'Sculpt', 'Thermal', 'Reflective', 'Brushed', 'Matte'],
    priceRange: [3400, 7800],
    colours: [2, 3],
    sizes: () =>
      letters(0, 4).flatMap((size) =>
        ['7/8', 'full'].map((length) => ({ size: `${size} ${length}`, length, waist: 'high-rise' })),
      ),
    describe: 'Squat-proof, sweat-wicking and buttery soft.',
  },
  shorts: {
    type: 'shorts',
    taxCategory: 'clothing',
    noun: 'Shorts',
    styles: ['Training', 'Running', 'Court', 'Mesh', 'Woven'],
    features: ['Lined', 'Stretch', 'Split-Hem', 'Reflective', 'Drawstring', 'Vented'],
    priceRange: [2400, 5000],
    colours: [2, 3],
    sizes: (random) => letters(1, 5).map((size) => ({ size, length: random.pick(['5in', '7in', '9in']) })),
    describe: 'Lightweight and quick-drying, with a secure zip pocket.',
  },
  top: {
    type: 'top',
    taxCategory: 'clothing',
    noun: 'Tee',
    styles: ['Performance', 'Cotton', 'Long Sleeve', 'Tank', 'Graphic', 'Crop'],
    features: ['Heathered', 'Ribbed', 'Slim Fit', 'Relaxed', 'Reflective', 'Vented'],
    priceRange: [1800, 4200],
    colours: [2, 4],
    sizes: () => rows('size', letters(0, 5)),
    describe: 'Breathable fabric that moves with every rep.',
  },
  hoodie: {
    type: 'hoodie',
    taxCategory: 'clothing',
    noun: 'Hoodie',
    styles: ['Fleece', 'Zip', 'Pullover', 'Warm-Up'],
    features: ['Heavyweight', 'Lightweight', 'Brushed', 'Oversized', 'Vintage Wash', 'Thermal'],
    priceRange: [4800, 8800],
    colours: [1, 3],
    sizes: () => rows('size', letters(1, 5)),
    describe: 'Brushed fleece for the walk to the gym and back.',
  },
  pants: {
    type: 'pants',
    taxCategory: 'clothing',
    noun: 'Pants',
    styles: ['Jogger', 'Track', 'Tapered', 'Warm-Up'],
    features: ['Slim', 'Relaxed', 'Lined', 'Stretch', 'Cuffed', 'Tech'],
    priceRange: [4400, 8000],
    colours: [1, 2],
    sizes: () =>
      ['28', '30', '32', '34', '36', '38'].flatMap((waist) =>
        ['30', '32', '34'].map((length) => ({ size: `${waist}x${length}`, waist, length })),
      ),
    describe: 'Four-way stretch with ankle zips.',
  },
  sportsBra: {
    type: 'sports-bra',
    taxCategory: 'clothing',
    noun: 'Sports Bra',
    styles: ['High Impact', 'Medium Impact', 'Racerback', 'Longline'],
    features: ['Padded', 'Adjustable', 'Seamless', 'Ribbed', 'Zip-Front', 'Strappy'],
    priceRange: [2800, 5600],
    colours: [2, 3],
    sizes: () => rows('size', letters(0, 5)),
    describe: 'Bounce control with breathable mesh.',
  },
  socks: {
    type: 'socks',
    taxCategory: 'clothing',
    noun: 'Socks',
    styles: ['Crew', 'No-Show', 'Quarter', 'Cushioned Crew'],
    features: ['Performance', 'Merino', 'Cotton', 'Arch Support', 'Ribbed', 'Cushioned'],
    priceRange: [1000, 2200],
    colours: [1, 3],
    sizes: () => rows('size', ['S', 'M', 'L']),
    describe: 'Cushioned where it counts, with arch support.',
  },
  jersey: {
    type: 'jersey',
    taxCategory: 'clothing',
    noun: 'Jersey',
    styles: ['Replica', 'Reversible', 'Practice', 'Pro Cut'],
    features: ['Home', 'Away', 'Alternate', 'Throwback', 'Mesh', 'Sleeved'],
    priceRange: [3600, 9000],
    colours: [1, 3],
    sizes: () => rows('size', letters(0, 6)),
    describe: 'Game-day mesh with reinforced stitching.',
  },
  basketball: {
    type: 'basketball',
    taxCategory: 'general',
    noun: 'Basketball',
    styles: ['Indoor', 'Outdoor', 'Indoor/Outdoor', 'Composite', 'Youth'],
    features: ['Leather', 'Rubber', 'Deep Channel', 'Tournament', 'Signature', 'Grip Control'],
    priceRange: [2500, 16000],
    colours: [1, 2],
    sizes: () => rows('size', ['5', '6', '7']),
    describe: 'Deep channels and a pebbled grip for control.',
  },
  hoop: {
    type: 'hoop',
    taxCategory: 'general',
    noun: 'Hoop',
    styles: ['In-Ground', 'Portable', 'Wall-Mount', 'Over-the-Door'],
    features: ['Glass Backboard', 'Acrylic', 'Pro-Style', 'Adjustable', 'Breakaway Rim', 'Steel Pole'],
    priceRange: [4900, 149900],
    colours: [1, 1],
    sizes: () => rows('size', ['44in', '54in', '60in']),
    describe: 'Tempered glass and a breakaway rim built for dunks.',
  },
  gear: {
    type: 'gear',
    taxCategory: 'general',
    noun: 'Trainer',
    styles: ['Dribble Goggles', 'Resistance Band', 'Rebounder', 'Agility Ladder', 'Shooting Sleeve'],
    features: ['Adjustable', 'Weighted', 'Compact', 'Team', 'Travel', 'Heavy-Duty'],
    priceRange: [1500, 9900],
    colours: [1, 2],
    sizes: () => rows('size', ['One Size']),
    describe: 'Practice tools used by coaches and trainers.',
  },
} satisfies Record<string, Kind>;

export type KindName = keyof typeof KINDS;
