import type { BagVariant, CommerceCartDetail, CommerceCartLine } from '../../clients/commercetools';
import type { CategoryTree } from '../../shared/category-tree';
import { cartView, priceChangesOf } from './cart-view';

const tree: CategoryTree = {
  roots: [],
  byId: new Map([['c-bras', { id: 'c-bras', key: 'vf-bras', slug: 'bras', name: 'Bras', path: 'bras', children: [] }]]),
  bySlug: new Map(),
};
const context = { tree, productBasePath: '/rr/p', inventoryListKey: 'rallyathletic-online' };
const line = (extra: Partial<CommerceCartLine>): CommerceCartLine => ({
  id: 'line-1',
  sku: 'RA10001-000000-M',
  productKey: 'ra10001',
  name: 'Court Tee',
  quantity: 3,
  attributes: { size: 'M', color: 'Black', masterStyle: 'RA10001' },
  image: { url: 'http://commerce/images/tee/000000.svg', label: 'Court Tee in Black' },
  price: { centAmount: 2000, discountedCentAmount: 1500 },
  totalCentAmount: 4050,
  discounts: { 'cd-10': 450 },
  unitNets: [1350, 1350, 1350],
  ...extra,
});
const variant = (extra: Partial<BagVariant> = {}): BagVariant => ({
  sku: 'RA10001-000000-M',
  productKey: 'ra10001',
  style: 'RA10001',
  name: 'Court Tee',
  categoryIds: ['c-bras'],
  price: { centAmount: 2000, discountedCentAmount: 1500 },
  available: 40,
  ...extra,
});
const cart = (lines: CommerceCartLine[]): CommerceCartDetail => ({
  id: 'cart-1',
  version: 4,
  state: 'Active',
  lines,
  codes: [{ id: 'code-1', code: 'RALLY10', state: 'MatchesCart', cartDiscounts: [{ id: 'cd-10', name: '10% off' }] }],
});

describe('the bag as the browser sees it', () => {
  it('shows each line at its sale price with its discount, and each code with what it takes off', () => {
    const view = cartView(cart([line({})]), new Map([['RA10001-000000-M', variant()]]), context);
    expect(view.lines[0]).toEqual({
      lineItemId: 'line-1',
      sku: 'RA10001-000000-M',
      productKey: 'ra10001',
      name: 'Court Tee',
      url: '/rr/p/bras/court-tee/RA10001-000000-M',
      image: { url: '/media/tee/000000.svg', alt: 'Court Tee in Black' },
      attributes: [
        { name: 'color', label: 'Colour', value: 'Black' },
        { name: 'size', label: 'Size', value: 'M' },
      ],
      quantity: 3,
      inventoryListKey: 'rallyathletic-online',
      unitPrice: { centAmount: 2000, currencyCode: 'USD', fractionDigits: 2 },
      salePrice: { centAmount: 1500, currencyCode: 'USD', fractionDigits: 2 },
      subtotal: { centAmount: 4500, currencyCode: 'USD', fractionDigits: 2 },
      total: { centAmount: 4050, currencyCode: 'USD', fractionDigits: 2 },
      discount: { centAmount: 450, currencyCode: 'USD', fractionDigits: 2 },
      maxQuantity: 40,
    });
    expect(view).toMatchObject({
      id: 'cart-1',
      itemCount: 3,
      subtotal: { centAmount: 4500 },
      discountTotal: { centAmount: 450 },
      total: { centAmount: 4050 },
      discountCodes: [
        { id: 'code-1', code: 'RALLY10', state: 'MatchesCart', description: '10% off', amount: { centAmount: 450 } },
      ],
    });
  });

  it('caps what a line may hold at 99, and at nothing for a sku no longer sold', () => {
    const plenty = cartView(cart([line({})]), new Map([['RA10001-000000-M', variant({ available: 500 })]]), context);
    expect(plenty.lines[0].maxQuantity).toBe(99);
    expect(cartView(cart([line({})]), new Map(), context).lines[0].maxQuantity).toBe(0);
  });

  it('reports a line whose price changed since it was added, with what the shopper paid and pays now', () => {
    const now = new Map([['RA10001-000000-M', variant({ price: { centAmount: 2200 } })]]);
    expect(priceChangesOf(cart([line({})]), now)).toEqual([
      {
        lineItemId: 'line-1',
        sku: 'RA10001-000000-M',
        name: 'Court Tee',
        previous: { centAmount: 1500, currencyCode: 'USD', fractionDigits: 2 },
        current: { centAmount: 2200, currencyCode: 'USD', fractionDigits: 2 },
      },
    ]);
    expect(priceChangesOf(cart([line({})]), new Map([['RA10001-000000-M', variant()]]))).toEqual([]);
  });
});
