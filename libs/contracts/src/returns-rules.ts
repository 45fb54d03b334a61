/**
 * Returns rules (SPEC §9), pure: the gateway decides with them and the browser explains with them.
 *
 * - Window: 30 days from delivery (`order.custom.deliveredAt`, shipment state Delivered). At exactly
 *   30 days the order can still be returned; one millisecond later it cannot. Not delivered yet: no return.
 * - Only orders of the custom type `order-b2c`, not cancelled.
 * - The thresholds compare the refund value of the lines being returned (unit price after discounts times
 *   quantity, in cents), "at or above": fast refund at or above 100.00 USD, the donation offer at or above
 *   50.00 USD.
 * - The donation "chance" is deterministic: FNV-1a of `{orderNumber}:{returnNumber}` mod 100 < chance, so
 *   the same return of the same order always gets the same offer. Chance 100 % when the shipping address is
 *   in a military state (AA, AE, AP), a territory (AS, GU, MP, PR, VI, UM), Hawaii or Alaska; else 50 %.
 */

export const RETURN_WINDOW_DAYS = 30;
export const RETURN_DONATION_THRESHOLD_CENTS = 50_00;
export const RETURN_FAST_REFUND_THRESHOLD_CENTS = 100_00;
export const RETURN_ORDER_TYPE = 'order-b2c';
export const RETURN_MILITARY_STATES = ['AA', 'AE', 'AP'] as const;
export const RETURN_TERRITORY_STATES = ['AS', 'GU', 'MP', 'PR', 'VI', 'UM'] as const;
export const RETURN_REMOTE_STATES = ['HI', 'AK'] as const;
export const RETURN_DONATION_CHANCE_ALWAYS = 100;
export const RETURN_DONATION_CHANCE_DEFAULT = 50;

export const RETURN_REASONS = [
  'too-small',
  'too-large',
  'not-as-described',
  'damaged',
  'changed-mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];
export const RETURN_REASON_LABELS: Record<ReturnReason, string> = {
  'too-small': 'Too small',
  'too-large': 'Too large',
  'not-as-described': 'Not as described',
  damaged: 'Arrived damaged',
  'changed-mind': 'Changed my mind',
  other: 'Other',
};

export type ReturnEligibilityCode =
  'ELIGIBLE' | 'NOT_DELIVERED' | 'RETURN_WINDOW_CLOSED' | 'ORDER_NOT_RETURNABLE' | 'NOTHING_LEFT';
export type RefundSpeed = 'fast' | 'standard';

export interface ReturnEligibility {
  eligible: boolean;
  code: ReturnEligibilityCode;
  message: string;
  /** Whole days left (rounded up) while eligible; 0 otherwise. */
  daysLeft: number;
}

/** What the rules need to know about an order. */
export interface ReturnableOrder {
  orderNumber: string;
  orderState: string;
  shipmentState?: string;
  /** The order's custom type key. */
  typeKey?: string;
  deliveredAt?: string;
  shippingState?: string;
  lines: Array<{ id: string; quantity: number; unitCentAmount: number }>;
  /** Quantities already returned, by line item id. */
  returned: Record<string, number>;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function returnableQuantity(order: ReturnableOrder, lineItemId: string): number {
  const line = order.lines.find((l) => l.id === lineItemId);
  if (!line) return 0;
  return Math.max(0, line.quantity - (order.returned[lineItemId] ?? 0));
}

export function returnEligibility(order: ReturnableOrder, now: number): ReturnEligibility {
  const no = (code: ReturnEligibilityCode, message: string): ReturnEligibility => ({
    eligible: false,
    code,
    message,
    daysLeft: 0,
  });
  if (order.typeKey !== RETURN_ORDER_TYPE || order.orderState === 'Cancelled')
    return no('ORDER_NOT_RETURNABLE', 'This order cannot be returned online.');
  const deliveredAt = order.deliveredAt ? Date.parse(order.deliveredAt) : NaN;
  if (order.shipmentState !== 'Delivered' || Number.isNaN(deliveredAt))
    return no('NOT_DELIVERED', 'This order has not been delivered yet; you can return it once it arrives.');
  const closesAt = deliveredAt + RETURN_WINDOW_DAYS * DAY_MS;
  if (now > closesAt)
    return no('RETURN_WINDOW_CLOSED', `Returns are accepted within ${RETURN_WINDOW_DAYS} days of delivery.`);
  if (order.lines.every((line) => returnableQuantity(order, line.id) === 0))
    return no('NOTHING_LEFT', 'Everything in this order has already been returned.');
  const daysLeft = Math.max(1, Math.ceil((closesAt - now) / DAY_MS));
  return {
    eligible: true,
    code: 'ELIGIBLE',
    message: `You can return items for ${daysLeft} more day${daysLeft === 1 ? '' : 's'}.`,
    daysLeft,
  };
}

export interface ReturnSelection {
  lineItemId: string;
  quantity: number;
}

export type SelectionProblem = { code: 'RETURN_QUANTITY_EXCEEDED'; lineItemId: string; message: string };

/** The first problem with the chosen lines (unknown line, zero, or more than bought minus returned). */
export function selectionProblem(order: ReturnableOrder, items: ReturnSelection[]): SelectionProblem | undefined {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.lineItemId, (totals.get(item.lineItemId) ?? 0) + item.quantity);
  for (const [lineItemId, quantity] of totals) {
    const left = returnableQuantity(order, lineItemId);
    if (!order.lines.some((l) => l.id === lineItemId) || quantity < 1 || quantity > left)
      return {
        code: 'RETURN_QUANTITY_EXCEEDED',
        lineItemId,
        message:
          left === 0
            ? 'This item cannot be returned (it is not in the order or was already returned).'
            : `You can return at most ${left} of this item.`,
      };
  }
  return undefined;
}

/** The refund value of the chosen lines, in cents. */
export function refundCents(order: ReturnableOrder, items: ReturnSelection[]): number {
  return items.reduce(
    (sum, item) => sum + (order.lines.find((l) => l.id === item.lineItemId)?.unitCentAmount ?? 0) * item.quantity,
    0,
  );
}

export function refundSpeed(cents: number): RefundSpeed {
  return cents >= RETURN_FAST_REFUND_THRESHOLD_CENTS ? 'fast' : 'standard';
}

export function donationChance(shippingState: string | undefined): number {
  const state = (shippingState ?? '').toUpperCase();
  const always: readonly string[] = [...RETURN_MILITARY_STATES, ...RETURN_TERRITORY_STATES, ...RETURN_REMOTE_STATES];
  return always.includes(state) ? RETURN_DONATION_CHANCE_ALWAYS : RETURN_DONATION_CHANCE_DEFAULT;
}

/** FNV-1a (32 bit) of the text, mapped to 0..99. */
export function stableBucket(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % 100;
}

/** Whether this return is offered the donation: value at or above 50.00 USD and the order's stable draw. */
export function donationOffered(order: ReturnableOrder, returnNumber: number, cents: number): boolean {
  if (cents < RETURN_DONATION_THRESHOLD_CENTS) return false;
  return stableBucket(`${order.orderNumber}:${returnNumber}`) < donationChance(order.shippingState);
}

export interface ReturnOffer {
  refundCents: number;
  refundSpeed: RefundSpeed;
  donationOffered: boolean;
}

export function returnOffer(order: ReturnableOrder, returnNumber: number, items: ReturnSelection[]): ReturnOffer {
  const cents = refundCents(order, items);
  return {
    refundCents: cents,
    refundSpeed: refundSpeed(cents),
    donationOffered: donationOffered(order, returnNumber, cents),
  };
}
