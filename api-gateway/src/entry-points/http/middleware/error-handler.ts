import type { ErrorRequestHandler, RequestHandler } from 'express';
import { CommerceRequestError } from '../../../clients/commercetools';
import { HttpError } from '../../../errors';
import { DomainError, type DomainErrorCode } from '../../../shared/domain-error';
import { UpstreamUnavailableError } from '../../../clients/upstream-guard';
import { UpstreamAnswerError, VendorRefusal } from '../../../clients/vendor-http';
import { CartQueueUnavailableError } from '../../../data-access/cart-write-queue';
import { unavailableMessage } from './service-label';
import type { Logger } from '@shop/node-kit';

/** The one place a domain refusal becomes an HTTP status; the type makes it name every code. */
export const DOMAIN_ERROR_STATUS: Record<DomainErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_PARAMETER: 400,
  INVALID_CALLBACK_URL: 400,
  InvalidSessionUpdate: 400,
  WEAK_PASSWORD: 400,
  INVALID_RESET_TOKEN: 400,
  CAPTCHA_FAILED: 400,
  INVALID_TRACKING_EVENT: 400,
  SESSION_TOKEN_MISMATCH: 400,
  INVALID_QUANTITY: 400,
  DISCOUNT_CODE_INVALID: 400,
  DISCOUNT_CODE_NOT_COMBINABLE: 409,
  CART_EMPTY: 400,
  ADDRESS_INVALID: 400,
  CHECKOUT_INCOMPLETE: 400,
  PAYMENT_TOKEN_INVALID: 400,
  LOYALTY_POINTS_INVALID: 400,
  IDEMPOTENCY_KEY_REQUIRED: 400,
  IDEMPOTENCY_KEY_INVALID: 400,
  PAYMENT_DECLINED: 402,
  ADDRESS_SUGGESTION: 422,
  SessionRequired: 401,
  SIGN_IN_REQUIRED: 403,
  ORDER_REJECTED: 403,
  STAFF_SIGN_IN_REQUIRED: 401,
  STAFF_SIGN_IN_FAILED: 401,
  FORBIDDEN: 403,
  PREVIEW_LINK_INVALID: 400,
  PREVIEW_LINK_EXPIRED: 410,
  NOT_FOUND: 404,
  PRODUCT_NOT_FOUND: 404,
  PRODUCT_WITHDRAWN: 410,
  CATEGORY_NOT_FOUND: 404,
  CONTENT_NOT_FOUND: 404,
  ZIP_NOT_FOUND: 404,
  FEATURE_DISABLED: 404,
  UnknownProvider: 404,
  LINE_ITEM_NOT_FOUND: 404,
  DISCOUNT_CODE_NOT_FOUND: 404,
  CART_TEMPLATE_NOT_FOUND: 404,
  ORDER_NOT_FOUND: 404,
  JOB_NOT_FOUND: 404,
  FLAG_NOT_FOUND: 404,
  CONFIRMATION_EXPIRED: 410,
  EMAIL_TAKEN: 409,
  VERSION_CONFLICT: 409,
  WRONG_PASSWORD: 403,
  ADDRESS_NOT_FOUND: 404,
  TOO_MANY_REQUESTS: 429,
  // The price of a line changed since it was added: the body carries the cart with the new prices.
  INVALID_PRICE: 409,
  CART_CONFLICT: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  CART_ALREADY_ORDERED: 409,
  // The total the shopper saw is not what would be charged: the body carries the fresh checkout.
  CHECKOUT_CHANGED: 409,
  OUT_OF_STOCK: 409,
  ORDER_STATE_CONFLICT: 409,
  RETURNS_UNAVAILABLE: 404,
  RETURN_NOT_FOUND: 404,
  NOT_DELIVERED: 409,
  RETURN_WINDOW_CLOSED: 409,
  ORDER_NOT_RETURNABLE: 409,
  RETURN_QUANTITY_EXCEEDED: 409,
  RETURN_CONFLICT: 409,
  FLAG_CONFLICT: 409,
  REGISTRY_CONFLICT: 409,
  REGISTRY_STATE_CONFLICT: 409,
  REMOTE_NOT_PUBLISHED: 422,
  REMOTE_INCOMPATIBLE: 422,
  GUEST_SIGN_IN_FAILED: 500,
  SHELL_NOT_BUILT: 503,
  SHELL_UNAVAILABLE: 503,
};

const send = (
  res: Parameters<RequestHandler>[1],
  status: number,
  code: string,
  message: string,
  fields?: Record<string, string>,
  details?: Record<string, unknown>,
) => {
  res.status(status).json({
    error: {
      ...details,
      code,
      message,
      correlationId: res.locals.correlationId ?? '',
      ...(fields ? { fields } : {}),
    },
  });
};

export const notFound: RequestHandler = (req, res) =>
  send(res, 404, 'NOT_FOUND', `Nothing at ${req.method} ${req.path}`);

/** One JSON error shape; a 4xx for what the caller got wrong, a 503 for an upstream outage, a bare 500 for everything else. */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, _req, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof DomainError)
      return send(res, DOMAIN_ERROR_STATUS[error.code], error.code, error.message, error.fields, error.details);
    if (error instanceof HttpError) return send(res, error.status, error.code, error.message, error.fields);
    if (error instanceof UpstreamUnavailableError) {
      // Down, too slow or its circuit open: the shopper may retry once the breaker lets a probe through.
      // The answer names the call that failed, the log also why, so an outage can be traced.
      logger.warn('Upstream unavailable', {
        correlationId: res.locals.correlationId,
        upstream: error.upstream,
        operation: error.operation,
        reason: error.reason,
      });
      res.set('retry-after', String(error.retryAfterSeconds));
      return send(res, 503, 'UPSTREAM_UNAVAILABLE', unavailableMessage(res, error.upstream, error.operation));
    }
    if (error instanceof CartQueueUnavailableError) {
      // The write never started (its cart stayed busy, or the queue's Redis failed): safe to send again.
      logger.warn('Cart write not queued', {
        correlationId: res.locals.correlationId,
        reason: error.reason,
        cause: error.cause instanceof Error ? error.cause.message : undefined,
      });
      res.set('retry-after', String(error.retryAfterSeconds));
      return send(res, 503, error.reason === 'timeout' ? 'CART_BUSY' : 'CART_UNAVAILABLE', error.message);
    }
    if (error instanceof CommerceRequestError) {
      // The platform answered with a refusal no route expected; logged where it happened, with the
      // upstream correlation id and its code. The browser learns which call failed, not why.
      const call = error.operation ? ` (commerce ${error.operation})` : '';
      return send(
        res,
        502,
        'UPSTREAM_FAILED',
        `A service we depend on did not answer as expected${call}. Please try again.`,
      );
    }
    if (error instanceof UpstreamAnswerError || error instanceof VendorRefusal) {
      // A vendor answered out of its contract, or refused in a way no use case expected: logged
      // (the answer error where it was read), never a 500. The shopper may try again.
      if (error instanceof VendorRefusal)
        logger.warn('Vendor refusal not handled', {
          correlationId: res.locals.correlationId,
          upstream: error.upstream,
          operation: error.operation,
          status: error.status,
          code: error.code,
        });
      return send(
        res,
        502,
        'UPSTREAM_FAILED',
        `A service we depend on did not answer as expected (${error.upstream} ${error.operation}). Please try again.`,
      );
    }
    const type = (error as { type?: string }).type;
    const status = (error as { status?: number }).status;
    if (type === 'entity.too.large') return send(res, 413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
    if (type === 'entity.parse.failed') return send(res, 400, 'INVALID_JSON', 'The request body is not valid JSON');
    if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      return send(res, 415, 'UNSUPPORTED_ENCODING', 'The request body encoding is not supported');
    }
    if (status === 404) return send(res, 404, 'NOT_FOUND', 'Not found');
    if (status === 403) return send(res, 403, 'FORBIDDEN', 'Forbidden');
    if (typeof status === 'number' && status >= 400 && status < 500) {
      return send(res, status, 'BAD_REQUEST', 'The request could not be processed');
    }
    logger.error('Unhandled error', {
      correlationId: res.locals.correlationId,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
    return send(res, 500, 'INTERNAL_ERROR', 'Something went wrong on our side');
  };
}
