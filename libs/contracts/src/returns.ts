import { z } from 'zod';
import { RETURN_REASONS, type RefundSpeed, type ReturnEligibility, type ReturnReason } from './returns-rules';

/** POST /api/account/orders/{n}/returns and /api/order/{n}/returns. */
export const createReturnSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        lineItemId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a line item id of the order'),
        quantity: z.number().int().min(1).max(99),
      }),
    )
    .min(1, 'choose at least one item')
    .max(50),
  reason: z.enum(RETURN_REASONS),
  donate: z.boolean().optional(),
});
export type CreateReturnRequest = z.infer<typeof createReturnSchema>;

export interface ReturnLine {
  lineItemId: string;
  name: string;
  sku: string;
  attributes: Record<string, string>;
  image?: { url: string; label?: string };
  quantity: number;
  returned: number;
  returnable: number;
  /** What one unit refunds (after discounts), in cents. */
  unitCentAmount: number;
}

export interface ReturnRecord {
  returnId: string;
  createdAt: string;
  items: Array<{ lineItemId: string; name: string; quantity: number; shipmentState: string; paymentState: string }>;
  reason: ReturnReason;
  refundCents: number;
  refundSpeed: RefundSpeed;
  donate: boolean;
  trackingNumber?: string;
  /** Same-origin download of the label PDF. */
  labelUrl?: string;
}

export interface ReturnsView {
  orderNumber: string;
  createdAt: string;
  eligibility: ReturnEligibility;
  lines: ReturnLine[];
  returns: ReturnRecord[];
  /** The offer for returning everything still returnable. */
  offer: { refundCents: number; refundSpeed: RefundSpeed; donationOffered: boolean };
  /** Whether the next return of this order wins the donation draw (offered when its value is at or above 50 USD). */
  donationDraw: boolean;
}
