/**
 * What a use case can refuse, by code. The HTTP layer maps each code to a status in one place
 * (entry-points/http/middleware/error-handler.ts); a use case never picks a status itself.
 */
export type DomainErrorCode =
  // The input does not say what the use case needs.
  | 'VALIDATION_FAILED'
  | 'INVALID_PARAMETER'
  | 'INVALID_CALLBACK_URL'
  | 'InvalidSessionUpdate'
  | 'WEAK_PASSWORD'
  | 'INVALID_RESET_TOKEN'
  | 'CAPTCHA_FAILED'
  | 'INVALID_TRACKING_EVENT'
  | 'SESSION_TOKEN_MISMATCH'
  | 'INVALID_QUANTITY'
  | 'DISCOUNT_CODE_INVALID'
  // The bag already has a code this one does not combine with (the shopper may remove it and use this one).
  | 'DISCOUNT_CODE_NOT_COMBINABLE'
  | 'CART_EMPTY'
  | 'ADDRESS_INVALID'
  | 'CHECKOUT_INCOMPLETE'
  | 'PAYMENT_TOKEN_INVALID'
  | 'LOYALTY_POINTS_INVALID'
  | 'IDEMPOTENCY_KEY_REQUIRED'
  | 'IDEMPOTENCY_KEY_INVALID'
  // The address is deliverable, but the service writes it otherwise: nothing was saved.
  | 'ADDRESS_SUGGESTION'
  // The card was declined: nothing was charged, no order.
  | 'PAYMENT_DECLINED'
  // The request needs a signed-in (or guest) session it does not have.
  | 'SessionRequired'
  // The session may not do it: a guest where the brand takes orders from customers only, an order the screen refused.
  | 'SIGN_IN_REQUIRED'
  | 'ORDER_REJECTED'
  // Staff: not signed in to the admin, a sign-in refused (one answer whatever was wrong), a role that does not allow it.
  | 'STAFF_SIGN_IN_REQUIRED'
  | 'STAFF_SIGN_IN_FAILED'
  | 'FORBIDDEN'
  // A preview link that was never issued here (or was altered), or whose hour is over.
  | 'PREVIEW_LINK_INVALID'
  | 'PREVIEW_LINK_EXPIRED'
  // What was asked for does not exist here, or the brand has the feature switched off.
  | 'NOT_FOUND'
  | 'PRODUCT_NOT_FOUND'
  | 'PRODUCT_WITHDRAWN'
  | 'CATEGORY_NOT_FOUND'
  | 'CONTENT_NOT_FOUND'
  | 'ZIP_NOT_FOUND'
  | 'FEATURE_DISABLED'
  | 'UnknownProvider'
  | 'LINE_ITEM_NOT_FOUND'
  | 'DISCOUNT_CODE_NOT_FOUND'
  | 'CART_TEMPLATE_NOT_FOUND'
  | 'ORDER_NOT_FOUND'
  | 'FLAG_NOT_FOUND'
  | 'JOB_NOT_FOUND'
  // It existed, and may no longer be shown (a confirmation after 30 minutes).
  | 'CONFIRMATION_EXPIRED'
  // The state does not allow it.
  | 'EMAIL_TAKEN'
  | 'TOO_MANY_REQUESTS'
  | 'INVALID_PRICE'
  | 'CART_CONFLICT'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'CART_ALREADY_ORDERED'
  | 'CHECKOUT_CHANGED'
  | 'OUT_OF_STOCK'
  | 'ORDER_STATE_CONFLICT'
  // Returns (SPEC §9): the brand takes none, the order cannot be returned (yet, any more, or this much).
  | 'RETURNS_UNAVAILABLE'
  | 'RETURN_NOT_FOUND'
  | 'NOT_DELIVERED'
  | 'RETURN_WINDOW_CLOSED'
  | 'ORDER_NOT_RETURNABLE'
  | 'RETURN_QUANTITY_EXCEEDED'
  | 'RETURN_CONFLICT'
  // Another brand manager changed the flags since this one read them: nothing was saved.
  | 'FLAG_CONFLICT'
  // The remote registry changed since it was read; or its state leaves nothing to do (no canary
  // to promote, no earlier release); or the version is not published, or would break the shell.
  | 'REGISTRY_CONFLICT'
  | 'REGISTRY_STATE_CONFLICT'
  | 'REMOTE_NOT_PUBLISHED'
  | 'REMOTE_INCOMPATIBLE'
  // A part of our own platform is missing (not an upstream vendor: those are UpstreamUnavailableError).
  // The profile changed since the page read it (another tab); the body carries the current one.
  | 'VERSION_CONFLICT'
  // Account pages: the current password is wrong; an address id that is not the customer's.
  | 'WRONG_PASSWORD'
  | 'ADDRESS_NOT_FOUND'
  | 'SHELL_NOT_BUILT'
  | 'SHELL_UNAVAILABLE'
  | 'GUEST_SIGN_IN_FAILED';

/**
 * A use case's refusal: a code from the union above, a message for the shopper, for forms one
 * message per wrong field, and what else the caller needs to act on it (INVALID_PRICE carries
 * the cart with its new prices), sent beside the code in the error body.
 */
export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}
