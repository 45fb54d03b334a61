import type { CartLine, CartResponse, Money } from '@shop/contracts/browser';

export const usd = (centAmount: number): Money => ({ centAmount, currencyCode: 'USD', fractionDigits: 2 });

/** A bag line as the gateway answers it; totals follow from price and quantity unless given. */
export function cartLine(overrides: Partial<CartLine> & Pick<CartLine, 'lineItemId' | 'sku' | 'name'>): CartLine {
  const quantity = overrides.quantity ?? 1;
  const each = overrides.salePrice ?? overrides.unitPrice ?? usd(2000);
  const subtotal = usd(each.centAmount * quantity);
  return {
    productKey: `product-${overrides.sku}`,
    url: `/p/bras/${overrides.name.toLowerCase().replace(/\W+/g, '-')}/${overrides.sku}`,
    image: { url: `/media/product/${overrides.sku}.svg`, alt: overrides.name },
    attributes: [
      { name: 'color', label: 'Color', value: 'Black' },
      { name: 'size', label: 'Size', value: '34B' },
    ],
    quantity,
    inventoryListKey: 'vanityfair-online',
    unitPrice: usd(2000),
    subtotal,
    total: subtotal,
    maxQuantity: 99,
    ...overrides,
  };
}

/** A cart whose count and amounts are worked out from its lines. */
export function cartOf(lines: CartLine[], overrides: Partial<CartResponse> = {}): CartResponse {
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal.centAmount, 0);
  const total = lines.reduce((sum, line) => sum + line.total.centAmount, 0);
  return {
    id: lines.length ? 'cart-1' : undefined,
    version: lines.length ? 1 : undefined,
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: usd(subtotal),
    discountCodes: [],
    discountTotal: usd(subtotal - total),
    total: usd(total),
    ...overrides,
  };
}

export const laceBra = cartLine({ lineItemId: 'line-1', sku: 'VF-100-34B', name: 'Lace Bra', quantity: 2 });
export const thong = cartLine({
  lineItemId: 'line-2',
  sku: 'VF-200-M',
  name: 'Cotton Thong',
  unitPrice: usd(1500),
  salePrice: usd(1000),
});

/** The same line at another quantity, priced as the gateway would. */
export const atQuantity = (line: CartLine, quantity: number): CartLine => {
  const each = line.salePrice ?? line.unitPrice;
  const subtotal = usd(each.centAmount * quantity);
  return { ...line, quantity, subtotal, total: subtotal, discount: undefined };
};
