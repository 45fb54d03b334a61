import { TRACKING_EVENTS, type TrackingEventName } from '@shop/contracts/browser';
import { buildTrackingRecord } from './event-record';

const context = {
  eventId: '7a1c1a52-4a0e-4c55-9d0a-2b2a0f7c1d11',
  eventUrl: 'https://shop.example/c/bras?q=lace',
  sessionToken: '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
};
const payload = {
  sku: 'VF-123-34B',
  quantity: 2,
  orderNumber: 'VF0001',
  price: 4200,
  cart: { id: 'c1' },
  shippingAddress: { city: 'Austin' },
};

describe('tracking record shapes (SPEC §3)', () => {
  it('keeps only sku and quantity on add-to-cart', () => {
    expect(buildTrackingRecord({ event: 'ADD_TO_CART', ...payload }, context)).toEqual({
      event: 'ADD_TO_CART',
      ...context,
      sku: 'VF-123-34B',
      quantity: 2,
    });
  });

  it('keeps only the order number on order', () => {
    expect(buildTrackingRecord({ event: 'ORDER', ...payload }, context)).toEqual({
      event: 'ORDER',
      ...context,
      orderNumber: 'VF0001',
    });
  });

  it.each(['ADD_PAYMENT_INFO', 'ADD_SHIPPING_INFO', 'BEGIN_CHECKOUT'] as const)(
    'keeps only eventId and sessionToken (with event and eventUrl) on %s',
    (event) => {
      expect(buildTrackingRecord({ event, ...payload }, context)).toEqual({ event, ...context });
    },
  );

  it.each(['CART_VIEW', 'EMAIL', 'PAGE_VIEW', 'PRODUCT_VIEW', 'RETAILER_PRODUCT_LINK_CLICK'] as const)(
    'passes %s whole',
    (event) => {
      expect(buildTrackingRecord({ event, ...payload }, context)).toEqual({ event, ...context, ...payload });
    },
  );

  it('never lets the payload overwrite the generated id, url or session token', () => {
    const record = buildTrackingRecord({ event: 'PAGE_VIEW', eventId: 'forged', sessionToken: 'forged' }, context);
    expect(record).toMatchObject(context);
  });

  it('covers every event of the spec', () => {
    const events = Object.keys(TRACKING_EVENTS) as TrackingEventName[];
    expect(events.sort()).toEqual(
      [
        'ADD_PAYMENT_INFO',
        'ADD_SHIPPING_INFO',
        'ADD_TO_CART',
        'BEGIN_CHECKOUT',
        'CART_VIEW',
        'EMAIL',
        'ORDER',
        'PAGE_VIEW',
        'PRODUCT_VIEW',
        'RETAILER_PRODUCT_LINK_CLICK',
      ].sort(),
    );
  });
});
