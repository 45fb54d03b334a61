import type { CreateReturnRequest } from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
import type { CommerceClient, CommerceOrder } from '../../clients/commercetools';
import type { LabelClient } from '../../clients/labels';
import type { LoyaltyClient } from '../../clients/loyalty';
import { UpstreamUnavailableError } from '../../clients/upstream-guard';
import { returnsUseCases } from './returns-use-cases';

const NOW = Date.parse('2026-06-10T12:00:00Z');
const delivered = (): CommerceOrder =>
  ({
    id: 'o1',
    version: 1,
    orderNumber: 'EW0000000901',
    customerId: 'c1',
    createdAt: '2026-06-01T12:00:00Z',
    orderState: 'Confirmed',
    shipmentState: 'Delivered',
    typeKey: 'order-b2c',
    custom: { deliveredAt: '2026-06-05T12:00:00Z' },
    shippingAddress: { firstName: 'Ada', streetName: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' },
    lines: [{ id: 'l1', name: 'Tee', sku: 'T-1', quantity: 2, totalCentAmount: 4_000, attributes: {} }],
    returns: [],
  }) as unknown as CommerceOrder;

describe('a return’s loyalty points', () => {
  it('are taken back by a repeat of a full return when the loyalty service missed the first time', async () => {
    let order = delivered();
    const commerce = {
      updateOrder: async (_store: string, current: CommerceOrder, actions: Array<Record<string, unknown>>) => {
        const add = actions[0].addReturnInfo as { returnTrackingId: string; items: Array<Record<string, unknown>> };
        order = {
          ...current,
          version: current.version + 1,
          returns: [
            ...current.returns,
            {
              returnTrackingId: add.returnTrackingId,
              items: add.items.map((item, i) => ({
                ...item,
                id: `ri${i}`,
                shipmentState: 'Returned',
                paymentState: 'Initial',
                createdAt: new Date(NOW).toISOString(),
              })),
            },
          ],
        } as CommerceOrder;
        return order;
      },
    } as unknown as CommerceClient;
    const labels = {
      create: async () => ({ labelId: 'lbl_1', trackingNumber: '1Z0001' }),
    } as unknown as LabelClient;
    const settled: unknown[] = [];
    let down = true;
    const loyalty = {
      settle: async (...args: unknown[]) => {
        if (down) throw new UpstreamUnavailableError('loyalty' as never, 5, 'down');
        settled.push(args.slice(0, 4));
        return null;
      },
    } as unknown as LoyaltyClient;
    const logged: string[] = [];
    const logger = { error: (message: string) => logged.push(message) } as unknown as Logger;
    const returns = returnsUseCases({ commerce, labels, loyalty: { client: loyalty, logger }, now: () => NOW });
    const scope = {
      storeKey: 'everwear',
      correlationId: 'corr-1',
      basePath: '/api/account/orders/EW0000000901/returns',
      returnsCentre: { name: 'Returns', line1: '2 Dock Rd', city: 'Reno', state: 'NV', postalCode: '89501' },
    };
    const everything: CreateReturnRequest = { items: [{ lineItemId: 'l1', quantity: 2 }], reason: 'too-small' };

    // The full return stands though the loyalty service is down: the reversal is logged as missed.
    expect((await returns.create(order, everything, scope)).returnId).toBe('EW0000000901-R1');
    expect(logged).toEqual(['Loyalty points of a return not taken back']);
    expect(settled).toEqual([]);

    // The same request again: nothing is left to return, but the missed reversal is done first.
    down = false;
    await expect(returns.create(order, everything, scope)).rejects.toMatchObject({ code: 'RETURN_QUANTITY_EXCEEDED' });
    expect(settled).toEqual([
      [
        'everwear',
        'c1',
        'EW0000000901',
        { step: 'returns', returnId: 'EW0000000901-R1', returnedCents: 4_000, goodsCents: 4_000 },
      ],
    ]);
  });
});
