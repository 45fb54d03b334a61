import type { CheckoutResponse } from '@shop/contracts/browser';
import { useAppDispatch } from '@shop/platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { requestTaxes } from '../../../lib/checkout/checkout-actions';

export interface TaxState {
  loading: boolean;
  problem?: string;
  retry: () => void;
}

/** What the tax depends on: the cart's lines, its money and where it ships. */
function taxInputs({ cart, checkout }: CheckoutResponse): string {
  const { subtotal, discount, loyalty, shipping } = checkout.totals;
  const address = checkout.shippingAddress;
  return JSON.stringify([
    cart.id,
    cart.lines.map((line) => [line.sku, line.quantity, line.total.centAmount]),
    [subtotal, discount, loyalty, shipping].map((money) => money?.centAmount),
    address && [address.streetName, address.city, address.state, address.postalCode],
  ]);
}

/**
 * Asks for the tax (POST /api/cart/taxes) once the shipping address is set and whenever what the
 * tax depends on changed without the gateway working it out again: once per set of inputs, so an
 * answer without tax does not start a loop; a failure offers to try again.
 */
export function useTaxes(checkout: CheckoutResponse): TaxState {
  const dispatch = useAppDispatch();
  const [loading, setLoading] = useState(false);
  const [problem, setProblem] = useState<string>();
  const needed = Boolean(checkout.checkout.shippingAddress) && !checkout.checkout.totals.tax;
  const inputs = taxInputs(checkout);
  const asked = useRef<string | undefined>(undefined);

  const request = useCallback(async () => {
    setLoading(true);
    setProblem(undefined);
    const result = await dispatch(requestTaxes());
    setLoading(false);
    if (!result.ok) setProblem(`The tax could not be worked out. ${result.problem.message}`);
  }, [dispatch]);

  useEffect(() => {
    if (!needed || asked.current === inputs) return;
    asked.current = inputs;
    void request();
  }, [needed, inputs, request]);

  return { loading, problem: needed ? problem : undefined, retry: () => void request() };
}
