import type { OrderConfirmation } from '@shop/contracts';
import { renderMail } from '@shop/mail';
import { testMailBrand } from '@shop/mail/testing';
import { orderEmail } from './order-email';

const usd = (centAmount: number) => ({ centAmount, currencyCode: 'USD' as const, fractionDigits: 2 as const });
const confirmation: Omit<OrderConfirmation, 'viewableUntil'> = {
  orderNumber: 'VF0123456789',
  createdAt: '2026-01-05T10:00:00.000Z',
  email: 'ann@example.com',
  status: 'confirmed',
  lines: [
    {
      sku: 'VF1-34B',
      name: 'Lace Bra',
      url: '/p/bras/lace-bra/VF1-34B',
      attributes: [{ name: 'color', label: 'Color', value: 'Black' }],
      quantity: 2,
      unitPrice: usd(2500),
      total: usd(4500),
    },
  ],
  discountCodes: [{ code: 'VANITYFAIR10', description: '10% off' }],
  totals: { subtotal: usd(5000), discount: usd(500), shipping: usd(595), tax: usd(452), total: usd(5547) },
  shippingAddress: {
    firstName: 'Ann',
    lastName: 'Lee',
    streetName: '123 MAIN ST',
    city: 'NEW YORK',
    state: 'NY',
    postalCode: '10001',
    country: 'US',
  },
  billingAddress: {
    firstName: 'Ann',
    lastName: 'Lee',
    streetName: '123 MAIN ST',
    city: 'NEW YORK',
    state: 'NY',
    postalCode: '10001',
    country: 'US',
  },
  shippingMethod: { name: 'Standard Ground', description: '3-5 business days' },
  payment: { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 },
};

const brand = testMailBrand('http://vanityfair.localhost');

describe('the order e-mail', () => {
  it('has the number, the lines, the totals, the address and what happens next', () => {
    const mail = renderMail(brand, orderEmail(confirmation, 'http://vanityfair.localhost/order/track'));
    expect(mail.to).toBe('ann@example.com');
    expect(mail.subject).toBe('Vanity Fair: order VF0123456789');
    for (const text of [
      'Order number: VF0123456789',
      '2 × Lace Bra (Color: Black)',
      '$45.00',
      'Discounts',
      '-$5.00',
      'Shipping (Standard Ground)',
      '$5.95',
      '$4.52',
      '$55.47',
      '123 MAIN ST',
      'NEW YORK, NY 10001',
      'visa ending in 4242',
      'charged when the order ships',
      'http://vanityfair.localhost/order/track',
    ])
      expect(mail.text).toContain(text);
  });

  it('says an order in review is not charged yet', () => {
    const mail = renderMail(brand, orderEmail({ ...confirmation, status: 'in-review' }, '/order/track'));
    expect(mail.text).toContain('being reviewed before it ships');
    expect(mail.text).toContain('has not been charged');
  });
});
