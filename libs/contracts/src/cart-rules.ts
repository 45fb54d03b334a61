/** SPEC §5 and §9: a line item holds 1 to 99 of its sku. */
export const MIN_LINE_QUANTITY = 1;
export const MAX_LINE_QUANTITY = 99;
/** SPEC §8 cart error codes. */
export const CART_ERROR_CODES = ['INVALID_QUANTITY', 'INVALID_PRICE'] as const;
/** SPEC §9: a guest's cart becomes the customer's active cart at sign-in. */
export const GUEST_CART_ASSIGNMENT_MODE = 'UseAsNewActiveCustomerCart';
/** SPEC §2: `/cart/create?cart={templateKey}`. */
export const CART_TEMPLATE_QUERY = 'cart';

/** Is this a whole number of items a line may hold? (SPEC §5) */
export function isLineQuantity(value: unknown): value is number {
  return (
    typeof value === 'number' && Number.isInteger(value) && value >= MIN_LINE_QUANTITY && value <= MAX_LINE_QUANTITY
  );
}
