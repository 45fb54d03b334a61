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
  /** The most this line may hold: the stock of its inventory, capped at 99 (the quantity control's maximum). */
  maxQuantity: number;
  /** Present when the brand has withdrawn the product from sale: the bag cannot be ordered until it is removed. */
  noLongerSold?: true;
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
  /**
   * Only on GET /api/cart: the customer's earlier bag a sign-in or a cart template set aside, until `POST /api/cart/previousBag` adds it back (each
   * line up to 99 and the stock; what is not sold now is left out) or `DELETE` dismisses it.
   */
  previousBag?: PreviousBag;
}

/**
 * The error codes of the cart routes, in the one error body `{ error: { code, message,
 * correlationId } }`; `message` is written for the shopper and may be shown as it is.
 *
 * - 400 INVALID_QUANTITY: the message says the limit ("... from 1 to 99", "Only 3 left.").
 * - 400 DISCOUNT_CODE_INVALID: unknown, expired, used up, not active, or another brand's code
 *   (the message says which); CART_EMPTY: a code before the first item; INVALID_PARAMETER.
 * - 401 SessionRequired: no session (every visitor has a guest one), or a guest on /create.
 * - 404 PRODUCT_NOT_FOUND (sku unknown or not sold on this brand), LINE_ITEM_NOT_FOUND (also a
 *   line of another session), DISCOUNT_CODE_NOT_FOUND, CART_TEMPLATE_NOT_FOUND, and
 *   FEATURE_DISABLED for the code routes where the brand's `discounts` flag is off.
 * - 409 INVALID_PRICE: a write touched a line whose price changed since it was added (or a sku
 *   with no price here). Nothing of the write was applied; the bag has been brought to the
 *   current prices, and the body carries it as `error.cart` ({@link CartErrorBody}), with
 *   `priceChanges` naming each changed line with its previous and current price. Sending the
 *   same request again applies it at the new price.
 * - 409 CART_CONFLICT: the write lost races with other writes to the bag too often; try again.
 *
 * A read or a write that touches no changed line is not refused: it answers 200 with the bag at
 * the current prices and `priceChanges` once, on the answer that brought the prices up to date.
 */
export interface CartErrorBody {
  error: {
    code: string;
    message: string;
    correlationId: string;
    /** With INVALID_PRICE: the bag at the new prices, with priceChanges. */
    cart?: CartResponse;
  };
}

/**
 * POST /api/cart/create: a signed-in shopper's cart from the brand's template, made once per
 * session and template (a reload or a second tab answers the same cart); the template's lines
 * that cannot be sold now are left out, quantities kept within the stock.
 */
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
