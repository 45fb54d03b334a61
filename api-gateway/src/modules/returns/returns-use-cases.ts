import {
  type CreateReturnRequest,
  RETURN_REASONS,
  type RefundSpeed,
  type ReturnReason,
  type ReturnRecord,
  type ReturnableOrder,
  type ReturnsView,
  refundSpeed,
  returnEligibility,
  returnOffer,
  returnableQuantity,
  selectionProblem,
  stableBucket,
  donationChance,
} from '@shop/contracts';
import { z } from 'zod';
import type { CommerceClient, CommerceOrder } from '../../clients/commercetools';
import { CommerceRequestError } from '../../clients/commercetools/commerce-request-error';
import type { LabelAddress, LabelClient } from '../../clients/labels';
import type { LoyaltyClient } from '../../clients/loyalty';
import type { Logger } from '@shop/node-kit';
import type { Mailer } from '../../data-access/mailer';
import type { PaymentClient } from '../../clients/payment';
import { mailOnce } from '../../shared/order-mail';
import { reversePointsOfReturns } from './return-points';
import { DomainError } from '../../shared/domain-error';

/**
 * What a return keeps on the order, as commercetools would: one ReturnInfo per return (its
 * returnTrackingId is the label's tracking number), one ReturnItem per line, and on each item's
 * `comment` a small JSON record: the return id, the reason, the refund value and speed, the
 * donation choice and the label id. The return id is `{orderNumber}-R{n}`, n counting the
 * order's returns, so two submissions racing for the same return get the same label from the
 * vendor and only one of them is recorded (the order's version decides).
 */
const meta = z.object({
  returnId: z.string(),
  reason: z.enum(RETURN_REASONS),
  refundCents: z.number().int().min(0),
  refundSpeed: z.enum(['fast', 'standard']),
  donate: z.boolean(),
  labelId: z.string().optional(),
});
type ReturnMeta = z.infer<typeof meta>;

const metaOf = (comment: string | undefined): ReturnMeta | undefined => {
  try {
    const parsed = meta.safeParse(JSON.parse(comment ?? ''));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

const unitCents = (line: CommerceOrder['lines'][number]) =>
  line.quantity > 0 ? Math.round(line.totalCentAmount / line.quantity) : 0;

export function rulesOrder(order: CommerceOrder): ReturnableOrder {
  const returned: Record<string, number> = {};
  for (const info of order.returns)
    for (const item of info.items) returned[item.lineItemId] = (returned[item.lineItemId] ?? 0) + item.quantity;
  const deliveredAt = order.custom.deliveredAt;
  return {
    orderNumber: order.orderNumber,
    orderState: order.orderState,
    ...(order.shipmentState ? { shipmentState: order.shipmentState } : {}),
    ...(order.typeKey ? { typeKey: order.typeKey } : {}),
    ...(typeof deliveredAt === 'string' ? { deliveredAt } : {}),
    ...(order.shippingAddress?.state ? { shippingState: order.shippingAddress.state } : {}),
    lines: order.lines.map((line) => ({ id: line.id, quantity: line.quantity, unitCentAmount: unitCents(line) })),
    returned,
  };
}

export interface ReturnsScope {
  storeKey: string;
  correlationId: string;
  /** Where the label links point: `/api/account/orders/{n}/returns` or `/api/order/{n}/returns`. */
  basePath: string;
  returnsCentre: LabelAddress;
}

export function returnsUseCases({
  commerce,
  labels,
  loyalty,
  mail,
  payment,
  now = Date.now,
}: {
  commerce: CommerceClient;
  labels: LabelClient;
  /** When given, a return takes back the loyalty points of its units. */
  loyalty?: { client: LoyaltyClient; logger: Logger };
  /** When given, a return's label goes to the shopper by e-mail too, and so does its refund. */
  mail?: { mailer: Mailer; originOf: (storeKey: string) => string; logger: Logger };
  /** The payment provider refunds go back through (the back office's refund step). */
  payment?: Pick<PaymentClient, 'refund'>;
  now?: () => number;
}) {
  /** The return's mail with its label attached; the return stands when it cannot go (logged). */
  const mailLabel = async (
    order: CommerceOrder,
    made: ReturnRecord,
    request: CreateReturnRequest,
    label: { labelId: string; trackingNumber: string },
    scope: ReturnsScope,
  ) => {
    if (!mail || !order.email) return;
    try {
      const pdf = await labels.pdf(label.labelId, scope.correlationId);
      if (!pdf) throw new Error(`label ${label.labelId} has no PDF`);
      await mail.mailer.send(scope.storeKey, {
        kind: 'return-started',
        to: order.email,
        orderNumber: order.orderNumber,
        returnId: made.returnId,
        lines: request.items.map((item) => ({
          name: order.lines.find((line) => line.id === item.lineItemId)?.name ?? 'Item',
          quantity: item.quantity,
        })),
        refundCents: made.refundCents,
        refundSpeed: made.refundSpeed,
        label: pdf,
        trackingNumber: label.trackingNumber,
        trackUrl: `${mail.originOf(scope.storeKey)}/order/track`,
      });
    } catch (error) {
      mail.logger.error('Return mail not sent', {
        correlationId: scope.correlationId,
        orderNumber: order.orderNumber,
        returnId: made.returnId,
        reason: String(error),
      });
    }
  };

  const recordsOf = (order: CommerceOrder, basePath: string): ReturnRecord[] =>
    order.returns.flatMap((info) => {
      const first = metaOf(info.items[0]?.comment);
      if (!first) return [];
      return [
        {
          returnId: first.returnId,
          createdAt: info.returnDate ?? info.items[0].createdAt,
          items: info.items.map((item) => ({
            lineItemId: item.lineItemId,
            name: order.lines.find((line) => line.id === item.lineItemId)?.name ?? '',
            quantity: item.quantity,
            shipmentState: item.shipmentState,
            paymentState: item.paymentState,
          })),
          reason: first.reason,
          refundCents: first.refundCents,
          refundSpeed: first.refundSpeed,
          donate: first.donate,
          ...(info.returnTrackingId ? { trackingNumber: info.returnTrackingId } : {}),
          ...(first.labelId ? { labelUrl: `${basePath}/${encodeURIComponent(first.returnId)}/label` } : {}),
        },
      ];
    });

  const view = (order: CommerceOrder, basePath: string): ReturnsView => {
    const rules = rulesOrder(order);
    const eligibility = returnEligibility(rules, now());
    const lines = order.lines.map((line) => ({
      lineItemId: line.id,
      name: line.name,
      sku: line.sku,
      attributes: line.attributes,
      ...(line.image ? { image: line.image } : {}),
      quantity: line.quantity,
      returned: rules.returned[line.id] ?? 0,
      returnable: eligibility.eligible ? returnableQuantity(rules, line.id) : 0,
      unitCentAmount: unitCents(line),
    }));
    const everything = lines
      .filter((line) => line.returnable > 0)
      .map((line) => ({ lineItemId: line.lineItemId, quantity: line.returnable }));
    const next = order.returns.length + 1;
    const offer = returnOffer(rules, next, everything);
    return {
      orderNumber: order.orderNumber,
      createdAt: order.createdAt,
      eligibility,
      lines,
      returns: recordsOf(order, basePath),
      offer: {
        refundCents: offer.refundCents,
        refundSpeed: offer.refundSpeed,
        donationOffered: offer.donationOffered,
      },
      donationDraw: stableBucket(`${order.orderNumber}:${next}`) < donationChance(rules.shippingState),
    };
  };

  /** Takes back the points of every return recorded on the order (once per return id at the vendor). */
  const settlePoints = async (order: CommerceOrder, scope: ReturnsScope) => {
    if (loyalty)
      await reversePointsOfReturns(
        loyalty.client,
        loyalty.logger,
        scope.storeKey,
        order,
        (info) => metaOf(info.items[0]?.comment)?.returnId,
        scope.correlationId,
      );
  };

  const record = async (
    order: CommerceOrder,
    request: CreateReturnRequest,
    scope: ReturnsScope,
  ): Promise<ReturnRecord> => {
    const rules = rulesOrder(order);
    const eligibility = returnEligibility(rules, now());
    if (!eligibility.eligible) {
      const code = eligibility.code === 'NOTHING_LEFT' ? 'RETURN_QUANTITY_EXCEEDED' : eligibility.code;
      throw new DomainError(code as Exclude<typeof code, 'ELIGIBLE'>, eligibility.message);
    }
    const problem = selectionProblem(rules, request.items);
    if (problem) {
      const index = request.items.findIndex((item) => item.lineItemId === problem.lineItemId);
      throw new DomainError(problem.code, problem.message, { [`items.${index}.quantity`]: problem.message });
    }
    const returnNumber = order.returns.length + 1;
    const offer = returnOffer(rules, returnNumber, request.items);
    if (request.donate && !offer.donationOffered)
      throw new DomainError('INVALID_PARAMETER', 'donate: this return is not offered the donation.', {
        donate: 'This return is not offered the donation.',
      });
    const address = order.shippingAddress;
    if (!address?.streetName || !address.city || !address.state || !address.postalCode)
      throw new DomainError('ORDER_NOT_RETURNABLE', 'This order has no shipping address to return from.');
    const returnId = `${order.orderNumber}-R${returnNumber}`;
    const from: LabelAddress = {
      name: [address.firstName, address.lastName].filter(Boolean).join(' ') || 'Customer',
      line1: address.streetName,
      ...(address.additionalStreetInfo ? { line2: address.additionalStreetInfo } : {}),
      city: address.city,
      state: address.state,
      postalCode: address.postalCode,
    };
    const label = await labels.create(
      {
        orderNumber: order.orderNumber,
        returnId,
        from,
        to: scope.returnsCentre,
        items: request.items.map((item) => {
          const line = order.lines.find((l) => l.id === item.lineItemId);
          return { name: (line?.name ?? 'Item').slice(0, 120), quantity: item.quantity };
        }),
      },
      scope.correlationId,
    );
    const record: ReturnMeta = {
      returnId,
      reason: request.reason as ReturnReason,
      refundCents: offer.refundCents,
      refundSpeed: refundSpeed(offer.refundCents) as RefundSpeed,
      donate: request.donate === true,
      labelId: label.labelId,
    };
    const comment = JSON.stringify(record);
    let updated: CommerceOrder;
    try {
      updated = await commerce.updateOrder(
        scope.storeKey,
        order,
        [
          {
            addReturnInfo: {
              returnTrackingId: label.trackingNumber,
              items: request.items.map((item) => ({ lineItemId: item.lineItemId, quantity: item.quantity, comment })),
            },
          },
        ],
        { correlationId: scope.correlationId, expected: ['ConcurrentModification', 'InvalidField'] },
      );
    } catch (error) {
      if (error instanceof CommerceRequestError && error.code === 'ConcurrentModification')
        throw new DomainError(
          'RETURN_CONFLICT',
          'This order changed while the return was being made (perhaps it was submitted twice). Reload to see its returns.',
        );
      if (error instanceof CommerceRequestError && error.code === 'InvalidField')
        throw new DomainError('RETURN_QUANTITY_EXCEEDED', 'You cannot return more than you bought.');
      throw error;
    }
    const made = recordsOf(updated, scope.basePath).find((r) => r.returnId === returnId);
    if (!made) throw new Error('The return was recorded but cannot be read back');
    await settlePoints(updated, scope);
    await mailLabel(updated, made, request, label, scope);
    return made;
  };

  /**
   * Records a return, then takes back the points of all the order's returns. A request the
   * order refuses (a repeat of a full return: RETURN_QUANTITY_EXCEEDED) also settles the points
   * of the returns already recorded before it answers, so a reversal the loyalty service missed
   * (logged, the return stands) is done by repeating the return request.
   */
  const create = async (order: CommerceOrder, request: CreateReturnRequest, scope: ReturnsScope) => {
    try {
      return await record(order, request, scope);
    } catch (error) {
      if (error instanceof DomainError && order.returns.length) await settlePoints(order, scope);
      throw error;
    }
  };

  /**
   * The parcel is back (or donated): the return's refund goes to the card it was paid with, once.
   * The provider's refund carries the return id as its idempotency key, so a repeat after a
   * crash or a lost answer refunds nothing twice; then the Payment gets its Refund transaction,
   * the return's items become Returned and Refunded, and the shopper gets the refund mail (once).
   * Each of these is skipped when already done, so repeating the step mends a half-done one.
   */
  const refund = async (order: CommerceOrder, storeKey: string, returnId: string, correlationId: string) => {
    const info = order.returns.find((r) => metaOf(r.items[0]?.comment)?.returnId === returnId);
    const meta = info ? metaOf(info.items[0]?.comment) : undefined;
    if (!info || !meta)
      throw new DomainError('RETURN_NOT_FOUND', `Order ${order.orderNumber} has no return ${returnId}.`);
    if (!payment) throw new Error('Refunds need the payment client');
    let current = order;
    if (!info.items.every((item) => item.paymentState === 'Refunded')) {
      const charged = order.payments.find((p) =>
        p.transactions.some((t) => t.type === 'Charge' && t.state === 'Success'),
      );
      const authorization =
        charged?.interfaceId ?? charged?.transactions.find((t) => t.type === 'Charge')?.interactionId ?? undefined;
      if (!charged || !authorization)
        throw new DomainError(
          'ORDER_STATE_CONFLICT',
          `Order ${order.orderNumber} was never charged: nothing to refund.`,
        );
      if (meta.refundCents > 0) await payment.refund(authorization, meta.refundCents, correlationId, returnId);
      const conflict = () =>
        new DomainError('RETURN_CONFLICT', 'The order changed meanwhile: refund it again (nothing is refunded twice).');
      try {
        if (!charged.transactions.some((t) => t.type === 'Refund' && t.interactionId === returnId))
          await commerce.updatePayment(
            charged,
            [
              {
                addTransaction: { type: 'Refund', state: 'Success', amount: meta.refundCents, interactionId: returnId },
              },
            ],
            { correlationId, expected: ['ConcurrentModification'] },
          );
        current = await commerce.updateOrder(
          storeKey,
          order,
          info.items.flatMap((item) => [
            { setReturnShipmentState: { returnItemId: item.id, shipmentState: 'Returned' as const } },
            { setReturnPaymentState: { returnItemId: item.id, paymentState: 'Refunded' as const } },
          ]),
          { correlationId, expected: ['ConcurrentModification'] },
        );
      } catch (error) {
        if (error instanceof CommerceRequestError && error.code === 'ConcurrentModification') throw conflict();
        throw error;
      }
    }
    if (mail && current.email) {
      const brand = current.custom.cardBrand;
      const last4 = current.custom.cardLast4;
      current = await mailOnce(
        { mailer: mail.mailer, commerce, logger: mail.logger },
        storeKey,
        current,
        `refund-issued:${returnId}`,
        {
          kind: 'refund-issued',
          to: current.email,
          orderNumber: current.orderNumber,
          returnId,
          lines: info.items.map((item) => ({
            name: current.lines.find((line) => line.id === item.lineItemId)?.name ?? 'Item',
            quantity: item.quantity,
          })),
          refundCents: meta.refundCents,
          ...(typeof brand === 'string' && typeof last4 === 'string' ? { payment: `${brand} ending in ${last4}` } : {}),
          trackUrl: `${mail.originOf(storeKey)}/order/track`,
        },
        correlationId,
      );
    }
    const made = recordsOf(current, '').find((r) => r.returnId === returnId);
    if (!made) throw new Error('The return cannot be read back');
    return { orderNumber: current.orderNumber, returnId, refundCents: made.refundCents, items: made.items };
  };

  return {
    view,

    create,

    refund,

    /** The label PDF of one of the order's returns. */
    async labelPdf(order: CommerceOrder, returnId: string, correlationId: string): Promise<Buffer> {
      const info = order.returns.find((r) => metaOf(r.items[0]?.comment)?.returnId === returnId);
      const labelId = info ? metaOf(info.items[0]?.comment)?.labelId : undefined;
      const pdf = labelId ? await labels.pdf(labelId, correlationId) : undefined;
      if (!pdf) throw new DomainError('RETURN_NOT_FOUND', 'This order has no such return label.');
      return pdf;
    },
  };
}

export type ReturnsUseCases = ReturnsType;
type ReturnsType = ReturnType<typeof returnsUseCases>;
