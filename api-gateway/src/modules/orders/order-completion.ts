import type { OrderConfirmation } from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
import type { CommerceOrder } from '../../clients/commercetools';
import type { CheckoutVendors } from '../../clients/checkout-vendors';
import { UpstreamUnavailableError } from '../../clients/upstream-guard';
import { VendorRefusal } from '../../clients/vendor-http';
import type { JobQueue } from '../../data-access/job-queue';
import type { Mailer } from '../../data-access/mailer';
import type { CheckoutScope, CheckoutUseCases } from '../checkout/checkout-use-cases';
import { goodsTotalOf, redemptionOf } from '../checkout/checkout-view';
import type { IdempotencyRecord, IdempotencyRecords } from './idempotency-records';
import { confirmationOf } from './order-confirmation';
import type { LoyaltyJob } from './loyalty-job';
import { orderEmail } from './order-email';

export interface OrderCompletionDeps {
  vendors: CheckoutVendors;
  checkout: CheckoutUseCases;
  records: IdempotencyRecords;
  mailer: Mailer;
  jobs: Pick<JobQueue, 'send'>;
  logger: Logger;
}

/**
 * What follows once the order exists: the loyalty hold redeemed and the points earned (both
 * idempotent per order number at the vendor), the order e-mail once, the record completed with
 * the confirmation. Run again after a crash, it does only what the record says is left.
 */
export function orderCompletion({ vendors, checkout, records, mailer, jobs, logger }: OrderCompletionDeps) {
  /** Steps after the order exists: points, the e-mail, the record. Each is done once (the record says which). */
  return async function finish(
    scope: CheckoutScope,
    key: string,
    record: IdempotencyRecord,
    version: number,
    order: CommerceOrder,
  ): Promise<Omit<OrderConfirmation, 'viewableUntil'>> {
    let earned = record.earned;
    const customerId = 'customerId' in scope.owner ? scope.owner.customerId : undefined;
    const redemption = redemptionOf(order);
    const toEarn =
      customerId && scope.flags.loyalty && earned === undefined
        ? { customerId, amount: Math.max(0, goodsTotalOf(order) - (redemption?.amount ?? 0)) }
        : undefined;
    try {
      if (redemption?.holdId) await vendors.loyalty.redeem(redemption.holdId, order.orderNumber, scope.correlationId);
      if (toEarn) {
        // A shopper who has not joined the programme earns nothing (the confirmation says nothing of points).
        earned = (
          await vendors.loyalty.earn(
            scope.storeKey,
            toEarn.customerId,
            { reference: order.orderNumber, amount: toEarn.amount },
            scope.correlationId,
          )
        )?.earned;
      }
    } catch (error) {
      // The order stands; the `loyalty` queue posts the points later (both calls are idempotent by the order number).
      if (!(error instanceof UpstreamUnavailableError || error instanceof VendorRefusal)) throw error;
      logger.error('Loyalty not updated for an order; queued to post again', {
        correlationId: scope.correlationId,
        orderNumber: order.orderNumber,
        reason: error.message,
      });
      const job: LoyaltyJob = {
        storeKey: scope.storeKey,
        orderNumber: order.orderNumber,
        ...(redemption?.holdId ? { holdId: redemption.holdId } : {}),
        ...(toEarn ?? {}),
      };
      await jobs.send('loyalty', { ...job }, `${order.orderNumber}:placed`);
    }
    const confirmation = confirmationOf(order, await checkout.bagOf(scope, { ...order, state: 'Ordered' }), earned);
    // The order stands without its e-mail: a mail server that refuses it is logged, not the shopper's problem.
    const emailed =
      record.emailed ||
      (await mailer
        .send(scope.storeKey, orderEmail(confirmation, `${scope.origin}/order/track`), {
          key: `${order.orderNumber}:order-placed`,
        })
        .then(
          () => true,
          (error: unknown) => {
            logger.error('Order e-mail not sent', {
              correlationId: scope.correlationId,
              orderNumber: order.orderNumber,
              reason: error instanceof Error ? error.message : String(error),
            });
            return false;
          },
        ));
    await records.put(
      key,
      {
        ...record,
        state: 'completed',
        orderNumber: order.orderNumber,
        emailed,
        ...(earned !== undefined ? { earned } : {}),
        confirmation,
      },
      version,
      scope.correlationId,
    );
    return confirmation;
  };
}
