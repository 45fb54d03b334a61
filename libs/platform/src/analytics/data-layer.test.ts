import { sanitiseForDataLayer, toDataLayerEvent } from './data-layer';

const checkout = {
  cart: {
    id: 'c1',
    totalPrice: { centAmount: 5400, currencyCode: 'USD' },
    billingAddress: { firstName: 'Ann', streetName: 'Main St' },
    shippingAddress: { firstName: 'Ann', city: 'Austin' },
    payment: { cardNumber: '4111111111111111' },
    shippingMethod: { id: 'sm1', name: 'standard-ground', description: 'Standard (5-7 days)', price: 599 },
    shippingPrice: { centAmount: 599, discountedAmount: 0, taxRate: 0.0825 },
  },
};

describe('data-layer sanitising (SPEC §3)', () => {
  it('removes addresses and payment, keeping only shipping description and discounted amount', () => {
    expect(sanitiseForDataLayer(checkout)).toEqual({
      cart: {
        id: 'c1',
        totalPrice: { centAmount: 5400, currencyCode: 'USD' },
        shippingMethod: { description: 'Standard (5-7 days)' },
        shippingPrice: { discountedAmount: 0 },
      },
    });
  });

  it('drops shipping method and price entirely when the kept fields are absent', () => {
    expect(sanitiseForDataLayer({ shippingMethod: { id: 'x' }, shippingPrice: 599, sku: 'A' })).toEqual({ sku: 'A' });
  });

  it('sanitises inside arrays', () => {
    expect(sanitiseForDataLayer({ orders: [{ payment: { id: 'p' }, orderNumber: 'VF1' }] })).toEqual({
      orders: [{ orderNumber: 'VF1' }],
    });
  });

  it('names events with their GA4 data-layer names', () => {
    expect(toDataLayerEvent({ event: 'ADD_SHIPPING_INFO', ...checkout }, 'id-1')).toEqual({
      event: 'add_shipping_info',
      eventId: 'id-1',
      cart: expect.not.objectContaining({ shippingAddress: expect.anything() }),
    });
    expect(toDataLayerEvent({ event: 'RETAILER_PRODUCT_LINK_CLICK', retailer: 'target' }, 'id-2')).toEqual({
      event: 'retailer_product_link_click',
      eventId: 'id-2',
      retailer: 'target',
    });
  });
});
