import type { CommerceClient, CommerceProduct, CommerceVariant } from '../../clients/commercetools';
import type { CategoryTree } from '../../shared/category-tree';
import { toSummary } from './product-shapes';
import { withSwatchImages } from './swatch-images';

const tree: CategoryTree = {
  roots: [],
  byId: new Map([
    [
      'c-balls',
      { id: 'c-balls', key: 'hc-balls', slug: 'basketballs', name: 'Balls', path: 'basketballs', children: [] },
    ],
  ]),
  bySlug: new Map(),
};
const host = 'http://commerce/commerce/images/basketball';
const variant = (colour: string, hex: string, size: string, images = false): CommerceVariant => ({
  sku: `HC10001-${hex.toUpperCase()}-${size}`,
  attributes: { color: colour, colorFamily: 'x', size },
  price: { centAmount: 3000 },
  images: images ? [{ url: `${host}/${hex}-front.svg` }, { url: `${host}/${hex}-back.svg` }] : [],
});
/** As a listing reads it: variant pictures left out, the master variant's front as the product's. */
const product: CommerceProduct = {
  key: 'hc10001',
  style: 'HC10001',
  name: 'Pro Indoor Basketball',
  categoryIds: ['c-balls'],
  image: { url: `${host}/e76f00-front.svg`, label: 'Pro Indoor Basketball in Court Orange, front' },
  variants: [
    variant('Court Orange', 'e76f00', '6'),
    variant('Court Orange', 'e76f00', '7'),
    variant('Black', '111111', '6'),
    variant('Black', '111111', '7'),
  ],
  retailerLinks: [],
};

describe('a listing card’s colour swatches', () => {
  it('asks for one picture per colour beyond the master’s, and names each colour with its front, hex and page', async () => {
    const getVariantImages = jest.fn(
      async (_store: string, skus: string[]) =>
        new Map(skus.map((sku) => [sku, [{ url: `${host}/${sku.split('-')[1].toLowerCase()}-front.svg` }]])),
    );
    const commerce = { getVariantImages } as unknown as CommerceClient;
    const [pictured] = await withSwatchImages([product], { commerce, storeKey: 'hoopcraft', correlationId: 'c' });
    expect(getVariantImages).toHaveBeenCalledWith('hoopcraft', ['HC10001-111111-6'], { correlationId: 'c' });

    const card = toSummary(tree, pictured, '/p');
    expect(card.image.url).toBe('/media/basketball/e76f00-front.svg');
    expect(card.swatches).toEqual([
      {
        name: 'Court Orange',
        hex: '#e76f00',
        image: '/media/basketball/e76f00-front.svg',
        url: '/p/basketballs/pro-indoor-basketball/HC10001?color=Court+Orange',
      },
      {
        name: 'Black',
        hex: '#111111',
        image: '/media/basketball/111111-front.svg',
        url: '/p/basketballs/pro-indoor-basketball/HC10001?color=Black',
      },
    ]);
  });

  it('shows, and opens on, the colour a filtered listing matched', () => {
    const pictured = {
      ...product,
      variants: product.variants.map((v) => ({
        ...v,
        images: variant('', v.sku.split('-')[1].toLowerCase(), '', true).images,
      })),
    };
    const card = toSummary(tree, pictured, '/p', { color: ['Black'], size: ['7'] });
    expect(card.image).toEqual({ url: '/media/basketball/111111-front.svg', alt: 'Pro Indoor Basketball in Black' });
    expect(card.url).toBe('/p/basketballs/pro-indoor-basketball/HC10001-111111-7');
    expect(card.swatches?.find((s) => s.name === 'Black')?.url).toBe(
      '/p/basketballs/pro-indoor-basketball/HC10001-111111-7',
    );
    // No Court Orange in size 7: that swatch opens on the colour, with no size chosen.
    expect(card.swatches?.find((s) => s.name === 'Court Orange')?.url).toBe(
      '/p/basketballs/pro-indoor-basketball/HC10001?color=Court+Orange',
    );
  });

  it('asks for nothing when every product comes in one colour', async () => {
    const getVariantImages = jest.fn();
    const single = { ...product, variants: product.variants.slice(0, 2) };
    const commerce = { getVariantImages } as unknown as CommerceClient;
    expect(await withSwatchImages([single], { commerce, storeKey: 'hoopcraft', correlationId: 'c' })).toEqual([single]);
    expect(getVariantImages).not.toHaveBeenCalled();
    expect(toSummary(tree, single, '/p').swatches).toHaveLength(1);
  });

  it('leaves the hex out for a picture whose name does not say its colour', () => {
    const elsewhere = {
      ...product,
      image: { url: 'https://cdn.example/ball.jpg' },
      variants: product.variants.slice(0, 1),
    };
    expect(toSummary(tree, elsewhere, '/p').swatches).toEqual([
      {
        name: 'Court Orange',
        image: 'https://cdn.example/ball.jpg',
        url: '/p/basketballs/pro-indoor-basketball/HC10001?color=Court+Orange',
      },
    ]);
  });
});

describe('a listing card’s price and page under filters', () => {
  const priced = (v: CommerceVariant, centAmount: number, discountedCentAmount?: number): CommerceVariant => ({
    ...v,
    price: { centAmount, ...(discountedCentAmount !== undefined ? { discountedCentAmount } : {}) },
  });
  const ball: CommerceProduct = {
    ...product,
    variants: [
      priced(product.variants[0], 2000),
      priced(product.variants[1], 4000, 3500),
      priced(product.variants[2], 5000),
      priced(product.variants[3], 3000),
    ],
  };

  it('opens on the colour a colour filter chose, with no size chosen', () => {
    const card = toSummary(tree, ball, '/p', { color: ['Black'] });
    expect(card.url).toBe('/p/basketballs/pro-indoor-basketball/HC10001?color=Black');
    expect(card.price.centAmount).toBe(3000);
    expect(card.priceFrom).toBe(true);
  });

  it('shows the lowest price within a price range, the one commerce sorts it by', () => {
    // 30.00 to 40.00 (what a variant sells for now): 35.00 on sale and 30.00, not the 20.00 outside it.
    const card = toSummary(tree, ball, '/p', {}, { min: 3000, max: 4000 });
    expect(card.price.centAmount).toBe(3000);
    const narrower = toSummary(tree, ball, '/p', {}, { min: 3100, max: 4000 });
    expect([narrower.price.centAmount, narrower.salePrice?.centAmount]).toEqual([4000, 3500]);
    expect(narrower.url).toBe('/p/basketballs/pro-indoor-basketball/HC10001?color=Court+Orange');
  });
});
