import { TRACKING_SESSION_COOKIE } from '@shop/contracts/browser';
import { ready, methods, order } from '../../testing/checkout-fixtures';
import { fakeGateway } from '../../testing/fake-gateway';
import { trackBeginCheckout, trackOrder, trackPaymentInfo, trackShippingInfo } from './checkout-tracking';

const token = '1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b';
const items = [
  { sku: 'VF-100-34B', quantity: 2, price: 2000 },
  { sku: 'VF-200-M', quantity: 1, price: 1000 },
];

function tracked() {
  const gateway = fakeGateway({});
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    const records = gateway.tracked();
    expect(records).toHaveLength(1);
    expect(window.dataLayer).toHaveLength(1);
    return { record: records[0], pushed: window.dataLayer?.[0] };
  };
}

beforeEach(() => {
  document.cookie = `${TRACKING_SESSION_COOKIE}=${token}; Path=/`;
  window.dataLayer = [];
});

/** The record's own fields: SPEC §3 keeps only these (and the event's kept ones). */
const own = (record: Record<string, unknown>, event: string) => ({
  event,
  eventId: record.eventId,
  eventUrl: window.location.href,
  sessionToken: token,
});

describe('checkout tracking (SPEC §3)', () => {
  it('BEGIN_CHECKOUT: the record keeps only eventId and sessionToken; the data layer gets what is in the bag', async () => {
    const sent = tracked();
    trackBeginCheckout(ready);
    const { record, pushed } = await sent();
    expect(record).toEqual(own(record, 'BEGIN_CHECKOUT'));
    expect(pushed).toEqual({ event: 'begin_checkout', eventId: record.eventId, value: 6043, currency: 'USD', items });
  });

  it('ADD_SHIPPING_INFO: the data layer keeps only the method’s description and the price’s discountedAmount', async () => {
    const sent = tracked();
    trackShippingInfo(ready, methods[0]);
    const { record, pushed } = await sent();
    expect(record).toEqual(own(record, 'ADD_SHIPPING_INFO'));
    expect(pushed).toEqual({
      event: 'add_shipping_info',
      eventId: record.eventId,
      value: 6043,
      currency: 'USD',
      items,
      shippingMethod: { description: '3-5 business days' },
      shippingPrice: { discountedAmount: 599 },
    });
  });

  it('ADD_PAYMENT_INFO: nothing about the card or the addresses anywhere', async () => {
    const sent = tracked();
    trackPaymentInfo(ready);
    const { record, pushed } = await sent();
    expect(record).toEqual(own(record, 'ADD_PAYMENT_INFO'));
    expect(pushed).toEqual({ event: 'add_payment_info', eventId: record.eventId, value: 6043, currency: 'USD', items });
    expect(JSON.stringify([record, pushed])).not.toMatch(/4242|MAIN ST|10001|ann@example/);
  });

  it('ORDER: the record keeps the order number; the data layer gets the order’s money but no address or payment', async () => {
    const sent = tracked();
    trackOrder(order);
    const { record, pushed } = await sent();
    expect(record).toEqual({ ...own(record, 'ORDER'), orderNumber: 'VF1234567890' });
    expect(pushed).toEqual({
      event: 'order',
      eventId: record.eventId,
      orderNumber: 'VF1234567890',
      value: 6043,
      currency: 'USD',
      tax: 444,
      shippingPrice: { discountedAmount: 599 },
      items,
    });
    expect(JSON.stringify([record, pushed])).not.toMatch(/4242|MAIN ST|10001|ann@example/);
  });
});
