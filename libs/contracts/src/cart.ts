import { z } from 'zod';
import type { Money } from './catalog';
export * from './cart-rules';

/**
 * The gateway's cart API (SPEC §7). Request bodies are validated with these schemas on the
 * gateway; the browser uses the inferred types only (`@shop/contracts/browser`).
 *
 * Quantities are checked by the gateway, not here, so that 0, 100, -1, 1.5 and "2" all answer
 * INVALID_QUANTITY (SPEC §8) rather than a generic validation error: the schema only requires
 * the field to be present.
 */
const sku = z.string().trim().min(1).max(64);
const inventoryListKey = z.string().trim().min(1).max(64);

/** POST /api/cart/lineItem */
export const addLineItemSchema = z.strictObject({
  sku,
  quantity: z.unknown(),
  inventoryListKey,
});
export type AddLineItemRequest = { sku: string; quantity: number; inventoryListKey: string };

/** PATCH (or PUT) /api/cart/lineItem/{lineItemId} */
export const changeLineItemSchema = z.strictObject({ quantity: z.unknown() });
export type ChangeLineItemRequest = { quantity: number };

/** POST /api/cart/discountCode */
export const addDiscountCodeSchema = z.strictObject({ code: z.string().trim().min(1).max(64) });
export type AddDiscountCodeRequest = z.infer<typeof addDiscountCodeSchema>;

/** POST /api/cart/create */
export const createCartSchema = z.strictObject({
  cartTemplate: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'cartTemplate: a template key (lower-case letters, digits, hyphens)'),
});
export type CreateCartRequest = z.infer<typeof createCartSchema>;

/** One line of the bag, as the browser shows it. */
export interface CartLine {
  lineItemId: string;
  sku: string;
  productKey: string;
  name: string;
  /** The product page of this variant. */
  url: string;
  image?: { url: string; alt: string };
  /** Chosen options in display order, e.g. Color: Black, Size: 34B. */
  attributes: Array<{ name: string; label: string; value: string }>;
  quantity: number;
  inventoryListKey: string;
  /** The list price of one item. */
  unitPrice: Money;
  /** The sale price of one item, when it is on sale. */
  salePrice?: Money;
  /** What the line costs before discount codes: (salePrice ?? unitPrice) x quantity. */
  subtotal: Money;
  /** What the line costs after discount codes. */
  total: Money;
  /** subtotal - total, present when a code takes something off this line. */
  discount?: Money;
  /** The most this line may hold: what is in stock for the brand, capped at 99 (SPEC §5). */
  maxQuantity: number;
}

export interface CartDiscountCode {
  id: string;
  code: string;
  /** Does the code apply to this cart now (commercetools DiscountCodeState)? */
  state:
    | 'MatchesCart'
    | 'DoesNotMatchCart'
    | 'NotActive'
    | 'NotValid'
    | 'MaxApplicationReached'
    | 'ApplicationStoppedByPreviousDiscount';
  /** What the shopper reads about it, e.g. "15% off your order". */
  description: string;
  /** What it takes off this cart. */
  amount: Money;
}

/** A line whose price changed since it was added (INVALID_PRICE, SPEC §8). */
export interface CartPriceChange {
  lineItemId: string;
  sku: string;
  name: string;
  previous: Money;
  current: Money;
}

/**
 * Items of the customer's earlier bag that the sign-in set aside (the guest bag became the
 * active cart, SPEC §9). The shopper can add them back with one click or dismiss the offer.
 */
export interface PreviousBag {
  cartId: string;
  lines: Array<Pick<CartLine, 'sku' | 'name' | 'quantity' | 'image' | 'attributes' | 'url'>>;
}

/** GET /api/cart and the answer of every cart write. */
export interface CartResponse {
  /** Absent until the first item is added (no empty carts are created on read). */
  id?: string;
  version?: number;
  lines: CartLine[];
  /** Sum of quantities: the header's count. */
  itemCount: number;
  subtotal: Money;
  discountCodes: CartDiscountCode[];
  /** subtotal - total. */
  discountTotal: Money;
  total: Money;
  /** Lines whose price changed since they were added; the cart already holds the new price. */
  priceChanges?: CartPriceChange[];
  previousBag?: PreviousBag;
}

/** POST /api/cart/create */
export interface CreateCartResponse {
  cart: CartResponse;
  /** Where the shopper goes next: /checkout when the new cart has lines, else /cart. */
  next: '/checkout' | '/cart';
}

/** The shared add-to-bag contract between remotes (through @shop/platform). */
export interface AddToBagRequest extends AddLineItemRequest {
  /** For tracking and the drawer while the request runs. */
  name?: string;
}
