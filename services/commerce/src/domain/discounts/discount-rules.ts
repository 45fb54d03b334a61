import { CommerceError } from '../../errors';
import type { CartDiscount, DiscountCode, NonApplicableReason } from './discount-types';

export type Evaluation =
  | { usable: true; percentOff: number }
  | { usable: false; reason: Extract<NonApplicableReason, 'NotActive' | 'NotValid'> };

/** Inside the window: from validFrom on, up to (not at) validUntil; an open end never excludes. */
const within = (at: number, from: string | undefined, until: string | undefined) =>
  (!from || at >= Date.parse(from)) && (!until || at < Date.parse(until));

/**
 * Whether a code grants anything at `at`, as commercetools decides it: NotActive when the code
 * or every one of its cart discounts is switched off, NotValid when the code or every active
 * cart discount is outside its validity window. Usable codes grant the sum of their valid
 * cart discounts.
 */
export function evaluate(code: DiscountCode, cartDiscounts: CartDiscount[], at: number): Evaluation {
  const active = cartDiscounts.filter((discount) => discount.isActive);
  if (!code.isActive || active.length === 0) return { usable: false, reason: 'NotActive' };
  const valid = validDiscounts(cartDiscounts, at);
  if (!within(at, code.validFrom, code.validUntil) || valid.length === 0) return { usable: false, reason: 'NotValid' };
  return { usable: true, percentOff: valid.reduce((sum, discount) => sum + discount.value.permyriad, 0) / 100 };
}

/** The cart discounts that count at `at`: active and inside their own validity window. */
export const validDiscounts = (cartDiscounts: CartDiscount[], at: number) =>
  cartDiscounts.filter((discount) => discount.isActive && within(at, discount.validFrom, discount.validUntil));

/** The commercetools error for a code that cannot be applied, with the reason and, when known, the window. */
export function nonApplicable(
  code: string,
  reason: NonApplicableReason,
  found?: DiscountCode,
  at?: number,
  /** Which shop rule refused it (FirstOrderOnly, OnePerCustomer), beside commercetools' reason. */
  rule?: string,
) {
  return new CommerceError(
    400,
    'DiscountCodeNonApplicable',
    `The discount code '${code}' cannot be applied to the cart.`,
    {
      discountCode: code,
      reason,
      ...(found ? { discountCodeId: found.id } : {}),
      ...(found?.validFrom ? { validFrom: found.validFrom } : {}),
      ...(found?.validUntil ? { validUntil: found.validUntil } : {}),
      ...(reason === 'NotValid' && at !== undefined ? { validityCheckTime: new Date(at).toISOString() } : {}),
      ...(rule ? { rule } : {}),
    },
  );
}
