import type { Product, Variant } from './catalog-types';
import { SearchIndex } from './search-index';

const usd = (centAmount: number) => ({ type: 'centPrecision', centAmount, currencyCode: 'USD', fractionDigits: 2 });

let nextId = 1;
function variant(size: string, color: string, cents: number, saleCents?: number): Variant {
  const id = nextId++;
  return {
    id,
    sku: `SKU-${id}`,
    key: `sku-${id}`,
    prices: [
      {
        id: `price-${id}`,
        value: usd(cents),
        ...(saleCents !== undefined ? { discounted: { value: usd(saleCents) } } : {}),
      },
    ],
    attributes: [
      { name: 'size', value: size },
      { name: 'color', value: color },
    ],
    images: [],
  } as Variant;
}

function product(key: string, variants: Variant[]): Product {
  const [masterVariant, ...rest] = variants;
  return {
    id: `id-${key}`,
    key,
    storeKey: 'vanityfair',
    masterStyle: key.toUpperCase(),
    productType: 'bra',
    name: { 'en-US': key },
    description: { 'en-US': '' },
    slug: { 'en-US': key },
    categories: [],
    createdAt: '2026-01-01T00:00:00.000Z',
    masterVariant,
    variants: rest,
  };
}

describe('sorting by price', () => {
  // Under a size and colour filter, each product's matching variant is not its cheapest one.
  const products = [
    product('a', [variant('32A', 'Black', 4399), variant('34B', 'Nude', 1000)]),
    product('b', [variant('32A', 'Black', 3800, 3400), variant('34B', 'Black', 2000)]),
    product('c', [variant('32A', 'Black', 3600), variant('32A', 'Red', 500)]),
    product('d', [variant('32A', 'Black', 3800), variant('36C', 'Black', 3000)]),
  ];
  const index = new SearchIndex();
  index.load(products, [], new Map([['vanityfair', new Set(products.map((p) => p.id))]]));
  const keys = (filters: string[], sort: string) =>
    index.search({ storeProjection: 'vanityfair', filters, sorts: [sort] }).results.map((r) => r.product.key);
  const filtered = ['variants.attributes.size:"32A"', 'variants.attributes.color:"Black"'];

  it('orders by the lowest current price of the variants that match the filters, sale prices included', () => {
    // a 43.99, b 34.00 (on sale from 38), c 36.00, d 38.00.
    expect(keys(filtered, 'price asc')).toEqual(['b', 'c', 'd', 'a']);
    expect(keys(filtered, 'price desc')).toEqual(['a', 'd', 'c', 'b']);
  });

  it('orders by the lowest price of all variants when no filter narrows them', () => {
    // a 10.00, b 20.00, c 5.00, d 30.00.
    expect(keys([], 'price asc')).toEqual(['c', 'a', 'b', 'd']);
  });

  it('orders by the matching variants under a price range too', () => {
    // 35.00 to 40.00: a has none, b 38.00 regular but 34.00 now (out), c 36.00, d 38.00.
    expect(keys(['variants.price.centAmount:range (3500 to 4001)'], 'price desc')).toEqual(['d', 'c']);
  });
});

describe('category names in search', () => {
  const category = (key: string, name: string, parentId: string | null) => ({
    id: `cat-${key}`,
    key,
    storeKey: 'hoopcraft',
    name: { 'en-US': name },
    slug: { 'en-US': key },
    parentId,
    orderHint: '0',
  });
  const categories = [
    category('hoopcraft', 'Hoopcraft', null),
    category('hoops', 'Hoops', 'cat-hoopcraft'),
    category('basketballs', 'Basketballs', 'cat-hoopcraft'),
  ];
  const inCategory = (key: string, categoryKey: string) => ({
    ...product(key, [variant('7', 'Black', 2999)]),
    storeKey: 'hoopcraft',
    categories: [{ typeId: 'category' as const, id: `cat-${categoryKey}` }],
  });
  const products = [inCategory('street-portable-hoop', 'hoops'), inCategory('pro-indoor-ball', 'basketballs')];
  const index = new SearchIndex();
  index.load(products, categories, new Map([['hoopcraft', new Set(products.map((p) => p.id))]]));
  const found = (text: string) =>
    index.search({ storeProjection: 'hoopcraft', text }).results.map((r) => r.product.key);

  it("matches a product's own categories and their parents, not the store's root, which every product has", () => {
    expect(found('hoop')).toEqual(['street-portable-hoop']);
    expect(found('basketballs')).toEqual(['pro-indoor-ball']);
    expect(found('hoopcraft')).toEqual([]);
  });
});
