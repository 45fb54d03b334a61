import type { KindName } from './kinds';

export interface CategorySpec {
  key: string;
  name: string;
  children?: Array<{ key: string; name: string; kind: KindName }>;
  /** Products of these kinds also go here (collections, sale). */
  kind?: KindName;
}

export interface BrandCatalogSpec {
  store: string;
  name: string;
  styleCode: string;
  /** Share of the default 1,500 products. */
  products: number;
  lines: readonly string[];
  categories: CategorySpec[];
  /** Categories that gather products from elsewhere: collections (by line) or sale (discounted ones). */
  collections?: readonly string[];
  saleCategory?: string;
}

export const BRAND_CATALOGS: BrandCatalogSpec[] = [
  {
    store: 'vanityfair',
    name: 'Vanity Fair',
    styleCode: '76',
    products: 450,
    lines: [
      'Beauty Back',
      'Body Caress',
      'Illumination',
      'Nearly Invisible',
      'Comfort Where It Counts',
      'True Shape',
      'Flattering Lace',
      'Smoothing Comfort',
    ],
    categories: [
      {
        key: 'bras',
        name: 'Bras',
        children: [
          { key: 'bras-t-shirt', name: 'T-Shirt Bras', kind: 'bra' },
          { key: 'bras-push-up', name: 'Push-Up Bras', kind: 'bra' },
          { key: 'bras-wireless', name: 'Wireless Bras', kind: 'bra' },
          { key: 'bras-minimizer', name: 'Minimizer Bras', kind: 'bra' },
          { key: 'bras-full-figure', name: 'Full Figure Bras', kind: 'bra' },
        ],
      },
      {
        key: 'panties',
        name: 'Panties',
        children: [
          { key: 'panties-hipsters', name: 'Hipsters', kind: 'panty' },
          { key: 'panties-briefs', name: 'Briefs', kind: 'panty' },
          { key: 'panties-thongs', name: 'Thongs', kind: 'panty' },
        ],
      },
      {
        key: 'shapewear',
        name: 'Shapewear',
        children: [{ key: 'shapewear-shapers', name: 'Shapers', kind: 'shapewear' }],
      },
      {
        key: 'camis-slips',
        name: 'Camis & Slips',
        children: [{ key: 'camis-slips-all', name: 'Camis & Slips', kind: 'cami' }],
      },
    ],
    collections: ['Beauty Back', 'Body Caress', 'Illumination', 'Nearly Invisible'],
  },
  {
    store: 'everwear',
    name: 'Everwear',
    styleCode: 'EW',
    products: 400,
    lines: ['Everyday', 'Flex', 'Cool Mesh', 'Cloud Cotton', 'Motion', 'Studio'],
    categories: [
      {
        key: 'underwear',
        name: 'Underwear',
        children: [
          { key: 'underwear-men', name: "Men's Underwear", kind: 'underwear' },
          { key: 'underwear-women', name: "Women's Underwear", kind: 'underwear' },
        ],
      },
      {
        key: 'activewear',
        name: 'Activewear',
        children: [
          { key: 'activewear-leggings', name: 'Leggings', kind: 'leggings' },
          { key: 'activewear-shorts', name: 'Shorts', kind: 'shorts' },
          { key: 'activewear-tops', name: 'Tops', kind: 'top' },
          { key: 'activewear-sports-bras', name: 'Sports Bras', kind: 'sportsBra' },
        ],
      },
      { key: 'socks', name: 'Socks', children: [{ key: 'socks-all', name: 'All Socks', kind: 'socks' }] },
    ],
    saleCategory: 'sale',
  },
  {
    store: 'rallyathletic',
    name: 'Rally Athletic',
    styleCode: 'RA',
    products: 350,
    lines: ['Game Day', 'Varsity', 'Overtime', 'Fast Break', 'Sideline', 'Champion'],
    categories: [
      {
        key: 'men',
        name: 'Men',
        children: [
          { key: 'men-tees', name: "Men's Tees", kind: 'top' },
          { key: 'men-shorts', name: "Men's Shorts", kind: 'shorts' },
          { key: 'men-hoodies', name: "Men's Hoodies", kind: 'hoodie' },
          { key: 'men-pants', name: "Men's Pants", kind: 'pants' },
        ],
      },
      {
        key: 'women',
        name: 'Women',
        children: [
          { key: 'women-tees', name: "Women's Tees", kind: 'top' },
          { key: 'women-leggings', name: "Women's Leggings", kind: 'leggings' },
          { key: 'women-sports-bras', name: 'Sports Bras', kind: 'sportsBra' },
        ],
      },
      { key: 'team', name: 'Team', children: [{ key: 'team-jerseys', name: 'Team Jerseys', kind: 'jersey' }] },
    ],
    saleCategory: 'sale',
  },
  {
    store: 'hoopcraft',
    name: 'Hoopcraft',
    styleCode: 'HC',
    products: 300,
    lines: ['Pro', 'Street', 'Elite', 'Rookie', 'Hangtime', 'Swish'],
    categories: [
      {
        key: 'basketballs',
        name: 'Basketballs',
        children: [{ key: 'basketballs-all', name: 'All Basketballs', kind: 'basketball' }],
      },
      { key: 'hoops', name: 'Hoops', children: [{ key: 'hoops-all', name: 'All Hoops', kind: 'hoop' }] },
      {
        key: 'apparel',
        name: 'Apparel',
        children: [
          { key: 'apparel-jerseys', name: 'Jerseys', kind: 'jersey' },
          { key: 'apparel-shorts', name: 'Shorts', kind: 'shorts' },
          { key: 'apparel-socks', name: 'Socks', kind: 'socks' },
        ],
      },
      { key: 'training', name: 'Training', children: [{ key: 'training-gear', name: 'Training Gear', kind: 'gear' }] },
    ],
  },
];
