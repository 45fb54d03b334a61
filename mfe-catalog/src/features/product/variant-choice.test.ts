import type { ProductDetail } from '@shop/contracts/browser';
import { choose, isAvailable, variantFor } from './variant-choice';

const variant = (sku: string, color: string, size: string, available: number) => ({
  sku,
  attributes: { color, size },
  price: { centAmount: 1000, currencyCode: 'USD' as const, fractionDigits: 2 as const },
  images: [],
  available,
  inStock: available > 0,
});
const product = {
  options: [
    { name: 'color', label: 'Colour', values: ['Black', 'Rose'] },
    { name: 'size', label: 'Size', values: ['S', 'M'] },
  ],
  variants: [
    variant('B-S', 'Black', 'S', 3),
    variant('B-M', 'Black', 'M', 0),
    variant('R-S', 'Rose', 'S', 0),
    variant('R-M', 'Rose', 'M', 5),
  ],
  breadcrumb: [],
} as unknown as ProductDetail;

describe('variant choice', () => {
  it('finds the variant for a selection', () => {
    expect(variantFor(product, { color: 'Black', size: 'M' })?.sku).toBe('B-M');
  });

  it('marks sold-out combinations unavailable', () => {
    expect(isAvailable(product, { color: 'Black' }, 'size', 'M')).toBe(false);
    expect(isAvailable(product, { color: 'Rose' }, 'size', 'M')).toBe(true);
  });

  it('keeps other choices when the combination exists, else moves to one in stock', () => {
    expect(choose(product, { color: 'Black', size: 'S' }, 'color', 'Rose')?.sku).toBe('R-S');
    expect(choose(product, { color: 'Black', size: 'S' }, 'size', 'M')?.sku).toBe('B-M');
  });
});
