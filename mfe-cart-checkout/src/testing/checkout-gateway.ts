import type { CheckoutResponse } from '@shop/contracts/browser';
import { fireEvent, screen, within } from '@testing-library/react';
import { type SentRequest, fakeGateway } from './fake-gateway';

type Routes = Parameters<typeof fakeGateway>[0];

/**
 * The gateway with a checkout that changes as the page writes to it: GET /api/checkout answers
 * the latest one; a route can answer a new checkout with `saves(next)`.
 */
export function checkoutGateway(initial: CheckoutResponse, routes: Routes = {}) {
  let current = initial;
  const gateway = fakeGateway({ 'GET /api/checkout': () => ({ status: 200, body: current }), ...routes });
  return {
    ...gateway,
    current: () => current,
    /** An answer that becomes the checkout, worked out from the request when given a function. */
    saves:
      (next: CheckoutResponse | ((request: SentRequest, before: CheckoutResponse) => CheckoutResponse)) =>
      (request: SentRequest) => {
        current = typeof next === 'function' ? next(request, current) : next;
        return { status: 200, body: current };
      },
  };
}

/** A region of the page by its heading. */
export const section = (name: string) => screen.getByRole('region', { name });
export const assertive = () => document.querySelector('[data-announcer="assertive"]') as HTMLElement;

/** Types into a field of a region by its label (the label's " *" marker is not part of the name). */
export function typeInto(region: HTMLElement, label: string | RegExp, value: string) {
  const field = within(region).getByLabelText(label, { exact: false, selector: 'input, select' });
  fireEvent.change(field, { target: { value } });
  return field as HTMLInputElement;
}
