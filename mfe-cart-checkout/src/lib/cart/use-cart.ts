import type { CartResponse } from '@shop/contracts/browser';
import { useAppSelector } from '@shop/platform';
import { cartApi } from './cart-api';
import { type CartProblem, describeCartError } from './cart-errors';
import { selectCartView } from './cart-slice';

/** A failed read: the gateway's words are about a request the shopper did not make, so ours. */
function loadProblem(error: unknown): CartProblem {
  const problem = describeCartError(error);
  return problem.code === 'OFFLINE'
    ? problem
    : { ...problem, message: 'Something went wrong on our side. Please try again.' };
}

/**
 * The bag for a component: loads it once per page (every caller shares one request) and shows
 * the `cart` slice, so writes appear at once. `problem` is set only while there is no bag to show.
 */
export function useCart(): { cart: CartResponse | null; loading: boolean; problem?: CartProblem; retry: () => void } {
  const query = cartApi.useCartCheckoutGetCartQuery();
  const cart = useAppSelector(selectCartView);
  return {
    cart,
    loading: !cart && !query.isError,
    problem: !cart && query.isError ? loadProblem(query.error) : undefined,
    retry: () => void query.refetch(),
  };
}
