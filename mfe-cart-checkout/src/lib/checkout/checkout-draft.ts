import type { AddressDraft } from './address-form';
import { readSession, removeSession, writeSession } from './session-store';

/**
 * What the shopper typed and has not saved yet, per cart, in sessionStorage: Back, Forward and a
 * reload show it again. What was saved comes from the gateway (GET /api/checkout). Nothing of the
 * card is ever here: it lives in the payment provider's frame.
 */
export interface CheckoutDraft {
  email?: string;
  shippingAddress?: AddressDraft;
  billingAddress?: AddressDraft;
  /** The "Same as shipping" box, while billing to another address is not saved yet. */
  billingSameAsShipping?: boolean;
  /** The shipping method the shopper confirmed with "Continue". */
  confirmedShippingMethod?: string;
  /** The points typed into the loyalty field. */
  loyaltyPoints?: string;
}

const keyOf = (cartId: string) => `shop:checkout:draft:${cartId}`;

export function readDraft(cartId: string | undefined): CheckoutDraft {
  if (!cartId) return {};
  const stored = readSession<CheckoutDraft>(keyOf(cartId));
  return stored && typeof stored === 'object' ? stored : {};
}

/** Changes some parts of the draft; a part set to undefined is dropped (it was saved). */
export function updateDraft(cartId: string | undefined, patch: Partial<CheckoutDraft>): void {
  if (!cartId) return;
  const next: Record<string, unknown> = { ...readDraft(cartId), ...patch };
  for (const [key, value] of Object.entries(next)) if (value === undefined) delete next[key];
  writeSession(keyOf(cartId), next);
}

export function clearDraft(cartId: string | undefined): void {
  if (cartId) removeSession(keyOf(cartId));
}
