import { trackingRecordSchema } from './tracking';

const base = {
  eventId: '7a1c1a52-4a0e-4c55-9d0a-2b2a0f7c1d11',
  eventUrl: 'https://vanityfair.localhost/c/bras',
  sessionToken: '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
};

describe('tracking record schema', () => {
  it('accepts each event with the fields it keeps', () => {
    expect(trackingRecordSchema.safeParse({ event: 'ADD_TO_CART', ...base, sku: 'A', quantity: 1 }).success).toBe(true);
    expect(trackingRecordSchema.safeParse({ event: 'ORDER', ...base, orderNumber: 'VF100' }).success).toBe(true);
    expect(trackingRecordSchema.safeParse({ event: 'BEGIN_CHECKOUT', ...base }).success).toBe(true);
    expect(
      trackingRecordSchema.safeParse({ event: 'PRODUCT_VIEW', ...base, product: { sku: 'A', tags: ['x'] } }).success,
    ).toBe(true);
  });

  it('rejects fields an event does not keep, and missing kept fields', () => {
    expect(
      trackingRecordSchema.safeParse({ event: 'ADD_PAYMENT_INFO', ...base, payment: { card: '4111' } }).success,
    ).toBe(false);
    expect(trackingRecordSchema.safeParse({ event: 'ORDER', ...base }).success).toBe(false);
    expect(trackingRecordSchema.safeParse({ event: 'ADD_TO_CART', ...base, sku: 'A', quantity: 0 }).success).toBe(
      false,
    );
  });

  it('bounds free-form payloads', () => {
    const deep = { event: 'PAGE_VIEW', ...base, list: Array.from({ length: 101 }, () => 1) };
    expect(trackingRecordSchema.safeParse(deep).success).toBe(false);
    expect(trackingRecordSchema.safeParse({ event: 'PAGE_VIEW', ...base, eventUrl: 'data:text/html,x' }).success).toBe(
      false,
    );
  });
});

describe('tracking record text', () => {
  it.each([
    ['a NUL in a kept field', { event: 'ADD_TO_CART', ...base, sku: 'A\u0000', quantity: 1 }],
    ['a lone surrogate in a payload passed whole', { event: 'PAGE_VIEW', ...base, pagePath: '/c\ud800' }],
    ['a control character in a payload key', { event: 'PAGE_VIEW', ...base, 'page\u0001Path': '/c' }],
  ])('refuses %s', (_name, record) => {
    expect(trackingRecordSchema.safeParse(record).success).toBe(false);
  });

  it('accepts a record without sessionToken (the gateway fills it from its cookie)', () => {
    const { sessionToken: _token, ...rest } = base;
    expect(trackingRecordSchema.safeParse({ event: 'BEGIN_CHECKOUT', ...rest }).success).toBe(true);
  });
});
