import type { CommerceOrder } from '../../clients/commercetools';
import type { LoyaltyClient } from '../../clients/loyalty';
import { UpstreamUnavailableError } from '../../clients/upstream-guard';
import { VendorRefusal } from '../../clients/vendor-http';
import type { Logger } from '@shop/node-kit';

/**
 * The goods value of each of the order's returns, oldest first: a line's units are worth its
 * total spread over its quantity, counted so that the returns of all of a line's units add up to
 * exactly its total (no cent lost to rounding, so a full return takes back every point).
 */
export function returnedCentsOf(
  order: Pick<CommerceOrder, 'lines' | 'returns'>,
  returnIdOf: (info: CommerceOrder['returns'][number]) => string | undefined,
): Array<{ returnId: string; cents: number }> {
  const before: Record<string, number> = {};
  const answer: Array<{ returnId: string; cents: number }> = [];
  for (const info of order.returns) {
    let cents = 0;
    for (const item of info.items) {
      const line = order.lines.find((l) => l.id === item.lineItemId);
      const done = before[item.lineItemId] ?? 0;
      before[item.lineItemId] = done + item.quantity;
      if (!line || line.quantity <= 0) continue;
      const upTo = (units: number) =>
        Math.round((line.totalCentAmount * Math.min(units, line.quantity)) / line.quantity);
      cents += upTo(done + item.quantity) - upTo(done);
    }
    const returnId = returnIdOf(info);
    if (returnId) answer.push({ returnId, cents });
  }
  return answer;
}

/**
 * Takes back the points of the order's returned units, for every return recorded on it (the
 * vendor does each once per return id, so a reversal a failed call left behind is done by the
 * next call). The return stands when the loyalty service does not answer: it is logged, and the
 * next return request on the order (a later return, or a repeat that the order refuses, as a
 * repeat of a full return is) settles it.
 */
export async function reversePointsOfReturns(
  loyalty: LoyaltyClient,
  logger: Logger,
  storeKey: string,
  order: CommerceOrder,
  returnIdOf: (info: CommerceOrder['returns'][number]) => string | undefined,
  correlationId: string,
): Promise<void> {
  if (!order.customerId) return;
  const goodsCents = order.lines.reduce((sum, line) => sum + line.totalCentAmount, 0);
  if (goodsCents <= 0) return;
  try {
    for (const { returnId, cents } of returnedCentsOf(order, returnIdOf)) {
      await loyalty.settle(
        storeKey,
        order.customerId,
        order.orderNumber,
        { step: 'returns', returnId, returnedCents: cents, goodsCents },
        correlationId,
      );
    }
  } catch (error) {
    if (!(error instanceof UpstreamUnavailableError || error instanceof VendorRefusal)) throw error;
    logger.error('Loyalty points of a return not taken back', {
      correlationId,
      orderNumber: order.orderNumber,
      reason: error.message,
    });
  }
}
