import type { CartResponse } from '@shop/contracts/browser';

/** A failed cart request, as the shopper is told about it. */
export interface CartProblem {
  code: string;
  message: string;
  status?: number;
  correlationId?: string;
  /** The cart that came with the error (INVALID_PRICE answers the cart with its new prices). */
  cart?: CartResponse;
}

const OFFLINE = 'The shop could not be reached. Check your connection and try again.';
const SERVER = 'Something went wrong on our side. Please try again.';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isCart = (value: unknown): value is CartResponse =>
  isRecord(value) && Array.isArray(value.lines) && typeof value.itemCount === 'number';

/** What a status means when the gateway's body says nothing we can show. */
function fallbackFor(status: number): { code: string; message: string } {
  if (status === 401)
    return { code: 'SessionRequired', message: 'Your session has ended. Reload the page and try again.' };
  if (status === 403)
    return { code: 'MissingCSRF', message: 'Your session has expired. Reload the page and try again.' };
  if (status === 404) return { code: 'NOT_FOUND', message: 'That item could not be found.' };
  if (status === 429)
    return { code: 'TOO_MANY_REQUESTS', message: 'Too many changes at once. Wait a moment and try again.' };
  if (status >= 500) return { code: 'SERVER_ERROR', message: SERVER };
  return { code: 'REQUEST_FAILED', message: 'Your bag could not be changed. Please try again.' };
}

/**
 * Reads an RTK Query error: the gateway's `{ error: { code, message, correlationId } }` (its
 * message is written for the shopper: "Only 3 are available"), a network failure, or anything else.
 */
export function describeCartError(error: unknown): CartProblem {
  if (!isRecord(error)) return { code: 'REQUEST_FAILED', message: SERVER };
  const status = error.status;
  if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR') return { code: 'OFFLINE', message: OFFLINE };
  if (typeof status !== 'number') {
    const original = typeof error.originalStatus === 'number' ? error.originalStatus : 500;
    return { ...fallbackFor(original), status: original };
  }
  const body = isRecord(error.data) ? error.data : {};
  const detail = isRecord(body.error) ? body.error : {};
  const fallback = fallbackFor(status);
  // A 5xx message may be technical; the shopper gets ours, the correlation id stays for support.
  const message =
    status < 500 && typeof detail.message === 'string' && detail.message.trim() ? detail.message : fallback.message;
  return {
    code: typeof detail.code === 'string' ? detail.code : fallback.code,
    message,
    status,
    correlationId: typeof detail.correlationId === 'string' ? detail.correlationId : undefined,
    cart: isCart(body.cart) ? body.cart : undefined,
  };
}

/** Errors after which the bag on the server is not what this page last saw: read it again. */
export const staleAfter = (problem: CartProblem) =>
  !problem.cart && (problem.status === 404 || problem.status === 409 || problem.code === 'INVALID_PRICE');
