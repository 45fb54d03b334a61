import { applyDeliveryAction, type DeliveringOrder } from './order-deliveries';

const order: DeliveringOrder = {
  lineItems: [
    { id: 'line-1', quantity: 2 },
    { id: 'line-2', quantity: 1 },
  ],
  shippingInfo: {
    shippingMethodName: 'standard',
    shippingMethod: { typeId: 'shipping-method', id: 'm', key: 'standard' },
    description: 'Standard',
    price: { type: 'centPrecision', currencyCode: 'USD', centAmount: 500, fractionDigits: 2 } as never,
    shippingRate: { price: { currencyCode: 'USD', centAmount: 500 } as never },
  },
};

describe('order deliveries (commercetools ShippingInfo.deliveries)', () => {
  it('addDelivery records the items and a parcel with its tracking data', () => {
    const next = applyDeliveryAction(order, 'addDelivery', {
      items: [{ id: 'line-1', quantity: 2 }],
      parcels: [{ key: 'p-1', trackingData: { trackingId: '1Z999', carrier: 'UPS' } }],
    });
    const [delivery] = next?.shippingInfo?.deliveries ?? [];
    expect(delivery.items).toEqual([{ id: 'line-1', quantity: 2 }]);
    expect(delivery.parcels).toEqual([
      expect.objectContaining({ key: 'p-1', trackingData: { trackingId: '1Z999', carrier: 'UPS', isReturn: false } }),
    ]);
  });

  it('addParcelToDelivery adds a parcel and setParcelTrackingData replaces its tracking', () => {
    const one = applyDeliveryAction(order, 'addDelivery', { deliveryKey: 'd-1' })!;
    const two = applyDeliveryAction(one, 'addParcelToDelivery', { deliveryKey: 'd-1', parcelKey: 'p-2' })!;
    const three = applyDeliveryAction(two, 'setParcelTrackingData', {
      parcelKey: 'p-2',
      trackingData: { trackingId: 'T-2', carrier: 'DHL', isReturn: true },
    })!;
    expect(three.shippingInfo?.deliveries?.[0].parcels[0].trackingData).toEqual({
      trackingId: 'T-2',
      carrier: 'DHL',
      isReturn: true,
    });
  });

  it('refuses items the order does not have or more than was ordered, and duplicate keys', () => {
    expect(() => applyDeliveryAction(order, 'addDelivery', { items: [{ id: 'nope', quantity: 1 }] })).toThrow(
      /no line item/,
    );
    expect(() => applyDeliveryAction(order, 'addDelivery', { items: [{ id: 'line-2', quantity: 2 }] })).toThrow(
      /exceeds/,
    );
    const one = applyDeliveryAction(order, 'addDelivery', { deliveryKey: 'd-1' })!;
    expect(() => applyDeliveryAction(one, 'addDelivery', { deliveryKey: 'd-1' })).toThrow(/exists/);
    expect(() => applyDeliveryAction(one, 'addParcelToDelivery', { deliveryKey: 'd-9' })).toThrow(/deliveryKey/);
  });

  it('needs shipping info and leaves other actions alone', () => {
    expect(() => applyDeliveryAction({ lineItems: [] }, 'addDelivery', {})).toThrow(/no shipping info/);
    expect(applyDeliveryAction(order, 'changeOrderState', {})).toBeUndefined();
  });
});
