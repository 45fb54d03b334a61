import type { ProductDetail } from '@shop/contracts/browser';
import { choose, isAvailable, missingOptions, openingSelection, variantFor } from './variant-choice';

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

  it('keeps other choices when some variant has them with the new one, and never fills one in', () => {
    expect(choose(product, { color: 'Black', size: 'S' }, 'color', 'Rose')).toEqual({ color: 'Rose', size: 'S' });
    expect(choose(product, { color: 'Black' }, 'size', 'M')).toEqual({ color: 'Black', size: 'M' });
    expect(choose(product, { color: 'Black' }, 'color', 'Rose')).toEqual({ color: 'Rose' });
    const oneEach = { ...product, variants: [product.variants[0], product.variants[3]] } as ProductDetail;
    // Rose comes in M only: the S chosen for Black is cleared, not swapped for M.
    expect(choose(oneEach, { color: 'Black', size: 'S' }, 'color', 'Rose')).toEqual({ color: 'Rose' });
  });

  it('opens on a sku with all its options, and on the product with its colour and no size', () => {
    const none = new URLSearchParams();
    expect(openingSelection(product, 'R-M', none)).toEqual({ color: 'Rose', size: 'M' });
    expect(openingSelection(product, '100', none)).toEqual({ color: 'Black' });
    expect(missingOptions(product, { color: 'Black' }).map((o) => o.name)).toEqual(['size']);
    expect(openingSelection(product, '100', new URLSearchParams('color=Rose&size=M'))).toEqual({
      color: 'Rose',
      size: 'M',
    });
    // Values the product does not have are ignored.
    expect(openingSelection(product, '100', new URLSearchParams('color=Teal&size=XL'))).toEqual({ color: 'Black' });
  });

  it('chooses an option only when it has one value', () => {
    const oneSize = {
      ...product,
      options: [product.options[0], { name: 'size', label: 'Size', values: ['S'] }],
    } as ProductDetail;
    expect(openingSelection(oneSize, '100', new URLSearchParams())).toEqual({ color: 'Black', size: 'S' });
  });
});
