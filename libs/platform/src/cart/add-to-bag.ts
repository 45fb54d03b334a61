import type { AddToBagRequest, CartResponse } from '@shop/contracts/browser';

/**
 * The one way a page adds to the bag (ADR 0013). The catalog remote calls `addToBag`; the cart
 * remote, which owns the cart API, the serial queue and the `cart` slice, answers it through the
 * handler it provides. Neither remote imports the other: they meet here, in the shared singleton.
 */
export interface AddToBagError {
  /** The gateway's code (INVALID_QUANTITY, INVALID_PRICE, NOT_FOUND, ...), or CART_UNAVAILABLE. */
  code: string;
  /** A sentence for the shopper. */
  message: string;
  correlationId?: string;
}

export type AddToBagResult = { ok: true; cart: CartResponse } | { ok: false; error: AddToBagError };
export type AddToBagHandler = (request: AddToBagRequest) => Promise<AddToBagResult>;

/** How long an add waits for the cart remote (loaded with the header) to provide its handler. */
export const ADD_TO_BAG_WAIT_MS = 8000;

const UNAVAILABLE: AddToBagResult = {
  ok: false,
  error: {
    code: 'CART_UNAVAILABLE',
    message: 'Your bag could not be reached, so nothing was added. Please try again in a moment.',
  },
};

let current: AddToBagHandler | undefined;
const waiting = new Set<(handler: AddToBagHandler) => void>();

/** The cart remote answers adds from now on; the returned function withdraws it again. */
export function provideAddToBag(handler: AddToBagHandler): () => void {
  current = handler;
  for (const resolve of waiting) resolve(handler);
  waiting.clear();
  return () => {
    if (current === handler) current = undefined;
  };
}

function handlerWithin(ms: number): Promise<AddToBagHandler | undefined> {
  if (current) return Promise.resolve(current);
  return new Promise((resolve) => {
    const provided = (handler: AddToBagHandler) => {
      clearTimeout(timer);
      resolve(handler);
    };
    const timer = setTimeout(() => {
      waiting.delete(provided);
      resolve(undefined);
    }, ms);
    waiting.add(provided);
  });
}

/**
 * Adds a sku to the bag. Resolves with the cart the server answered, or with an error to show
 * the shopper; it never rejects. When no cart remote has provided a handler within `waitMs`
 * (it failed to load), nothing was sent and the error says so.
 */
export async function addToBag(
  request: AddToBagRequest,
  { waitMs = ADD_TO_BAG_WAIT_MS }: { waitMs?: number } = {},
): Promise<AddToBagResult> {
  const handler = await handlerWithin(waitMs);
  if (!handler) return UNAVAILABLE;
  try {
    return await handler(request);
  } catch {
    return {
      ok: false,
      error: { code: 'ADD_TO_BAG_FAILED', message: 'Something went wrong while adding to your bag. Please try again.' },
    };
  }
}
