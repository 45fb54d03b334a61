import type {
  CartResponse,
  CheckoutAddress,
  CheckoutDetails,
  CheckoutResponse,
  OrderConfirmation,
  ShippingMethodOption,
} from '@shop/contracts/browser';
import { cartOf, laceBra, thong, usd } from './cart-fixtures';

export const bag = cartOf([laceBra, thong]);

export const home: CheckoutAddress = {
  firstName: 'Ann',
  lastName: 'Lee',
  streetName: '123 MAIN ST',
  city: 'NEW YORK',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
};

export const methods: ShippingMethodOption[] = [
  { key: 'standard-ground', name: 'Standard', description: '3-5 business days', price: usd(599), freeAbove: usd(7500) },
  { key: 'expedited', name: 'Expedited', description: '2 business days', price: usd(1299) },
  { key: 'overnight', name: 'Overnight', description: 'Next business day', price: usd(2499) },
];

export const CARD_FIELD_URL = 'http://127.0.0.1:4011/hosted/card-field?pk=pk_dev_shop&origin=http%3A%2F%2Flocalhost';
export const CARD_FIELD_ORIGIN = 'http://127.0.0.1:4011';

/** A checkout as GET /api/checkout answers it; totals follow from the cart and the parts given. */
export function checkoutOf(cart: CartResponse = bag, overrides: Partial<CheckoutDetails> = {}): CheckoutResponse {
  const shipping = overrides.totals?.shipping;
  const tax = overrides.totals?.tax;
  const total = cart.total.centAmount + (shipping?.centAmount ?? 0) + (tax?.centAmount ?? 0);
  const details: CheckoutDetails = {
    signedIn: false,
    guestOrdering: true,
    billingSameAsShipping: true,
    shippingMethods: methods,
    missing: ['email', 'shippingAddress', 'payment', 'tax'],
    vendors: {
      cardFieldUrl: CARD_FIELD_URL,
      fraudCollectorUrl: 'http://127.0.0.1:4012',
      fraudOrgId: 'shop-dev',
      fraudSessionId: 'fs-1',
    },
    ...overrides,
    totals: {
      subtotal: cart.subtotal,
      discount: cart.discountTotal,
      total: usd(total),
      ...overrides.totals,
    },
  };
  return { cart, checkout: details };
}

/** Everything entered: what "Place order" needs. */
export const ready = checkoutOf(bag, {
  email: 'ann@example.com',
  shippingAddress: home,
  billingAddress: home,
  shippingMethod: 'standard-ground',
  payment: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
  missing: [],
  totals: { subtotal: usd(5000), discount: usd(0), shipping: usd(599), tax: usd(444), total: usd(6043) },
});

export const order: OrderConfirmation = {
  orderNumber: 'VF1234567890',
  createdAt: '2026-11-23T18:00:00.000Z',
  email: 'ann@example.com',
  status: 'confirmed',
  lines: [
    {
      sku: laceBra.sku,
      name: 'Lace Bra',
      url: laceBra.url,
      image: laceBra.image,
      attributes: laceBra.attributes,
      quantity: 2,
      unitPrice: usd(2000),
      total: usd(4000),
    },
    {
      sku: thong.sku,
      name: 'Cotton Thong',
      url: thong.url,
      attributes: thong.attributes,
      quantity: 1,
      unitPrice: usd(1000),
      total: usd(1000),
    },
  ],
  discountCodes: [],
  totals: { subtotal: usd(5000), discount: usd(0), shipping: usd(599), tax: usd(444), total: usd(6043) },
  shippingAddress: home,
  billingAddress: home,
  shippingMethod: { name: 'Standard', description: '3-5 business days' },
  payment: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
  viewableUntil: '2026-11-23T18:30:00.000Z',
};
