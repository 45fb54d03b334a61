import { z } from 'zod';
import type { CheckoutVendors } from '../../clients/checkout-vendors';
import type { JobQueue } from '../../data-access/job-queue';

/** Points an order's placement could not post: its redemption hold to redeem, its points to earn. */
export const loyaltyJobSchema = z.object({
  storeKey: z.string().min(1),
  orderNumber: z.string().min(1),
  holdId: z.string().min(1).optional(),
  customerId: z.string().min(1).optional(),
  amount: z.number().int().min(0).optional(),
});
export type LoyaltyJob = z.infer<typeof loyaltyJobSchema>;

/**
 * This instance takes `loyalty` jobs: the redemption and the points of an order placed while the
 * loyalty vendor was away, retried with backoff until it answers (each call is once per order
 * number at the vendor, so a retry never counts twice).
 */
export function startLoyaltyWorker(queue: JobQueue, loyalty: CheckoutVendors['loyalty']): Promise<void> {
  return queue.work('loyalty', async (data) => {
    const job = loyaltyJobSchema.parse(data);
    const correlationId = `loyalty-job-${job.orderNumber}`;
    if (job.holdId) await loyalty.redeem(job.holdId, job.orderNumber, correlationId);
    if (job.customerId && job.amount !== undefined)
      await loyalty.earn(
        job.storeKey,
        job.customerId,
        { reference: job.orderNumber, amount: job.amount },
        correlationId,
      );
  });
}
