import type { CheckoutResponse } from '@shop/contracts';
import type { CartPriceChange } from '@shop/contracts';
import type { CheckoutAction, CheckoutCart } from '../../clients/commercetools';
import type { CheckoutVendors } from '../../clients/checkout-vendors';
import { DomainError } from '../../shared/domain-error';
import { FIELDS, LOYALTY_SLUG } from './checkout-fields';
import { type CheckoutScope, customerOf } from './checkout-scope';
import { goodsTotalOf, redemptionOf } from './checkout-view';

type Change = (
  scope: CheckoutScope,
  decide: (cart: CheckoutCart) => { actions: CheckoutAction[] } | Promise<{ actions: CheckoutAction[] }>,
) => Promise<{ cart: CheckoutCart; priceChanges: CartPriceChange[] }>;
type Respond = (
  scope: CheckoutScope,
  cart: CheckoutCart | undefined,
  priceChanges?: CartPriceChange[],
) => Promise<CheckoutResponse>;

const fieldActions = (fields: Record<string, unknown>): CheckoutAction[] =>
  Object.entries(fields).map(([name, value]) => ({ setCustomField: { name, value } }));

/**
 * Loyalty points as a cart discount (SPEC §6, §9; the brand's `loyalty` flag, signed in): the
 * points are held with the vendor and their worth taken off as a negative custom line item;
 * removing the redemption (or resetting the checkout) releases the hold, placing the order
 * redeems it. Writes go through checkout's `change` (the bag's turn of the queue).
 */
export function loyaltyRedemption({
  vendors,
  change,
  respond,
}: {
  vendors: CheckoutVendors;
  change: Change;
  respond: Respond;
}) {
  /**
   * POST /api/cart/loyalty/redemption: holds the points with the loyalty vendor and takes their
   * worth off the cart as a negative custom line; never more than the goods (after codes). A
   * redemption already on the cart is replaced (its hold released).
   */
  async function redeem(scope: CheckoutScope, points: number): Promise<CheckoutResponse> {
    const customerId = loyaltyCustomer(scope);
    let replaced: string | undefined;
    // Every hold made (a write that lost a race on the cart's version is made again, with a new hold).
    const holds: string[] = [];
    let applied = false;
    try {
      const { cart, priceChanges } = await change(scope, async (current) => {
        const member = await vendors.loyalty.member(scope.storeKey, customerId, scope.correlationId);
        if (!member)
          throw new DomainError('LOYALTY_POINTS_INVALID', 'Join the rewards programme to redeem points.', {
            points: 'not a member of the rewards programme',
          });
        const goods = goodsTotalOf(current);
        if (Math.round(points * member.centsPerPoint) > goods)
          throw new DomainError(
            'LOYALTY_POINTS_INVALID',
            `You can redeem at most ${Math.floor(goods / member.centsPerPoint)} points on this order.`,
            { points: 'more than the goods in your bag are worth' },
          );
        const hold = await vendors.loyalty.hold(
          scope.storeKey,
          customerId,
          { points, reference: current.id },
          scope.correlationId,
        );
        if (hold === 'insufficient')
          throw new DomainError('LOYALTY_POINTS_INVALID', 'You do not have that many points to redeem.', {
            points: 'more than your balance',
          });
        holds.push(hold.id);
        const existing = redemptionOf(current);
        replaced = existing?.holdId;
        return {
          actions: [
            ...(existing ? [{ removeCustomLine: existing.line.id }] : []),
            { addCustomLine: { slug: LOYALTY_SLUG, name: `Loyalty points (${points})`, centAmount: -hold.amount } },
            ...fieldActions({ [FIELDS.loyaltyHoldId]: hold.id, [FIELDS.loyaltyPoints]: points }),
          ],
        };
      });
      applied = true;
      // The earlier redemption's points, and those of attempts that lost a race, go back.
      for (const id of [...holds.slice(0, -1), ...(replaced ? [replaced] : [])])
        await vendors.loyalty.release(id, scope.correlationId);
      return await respond(scope, cart, priceChanges);
    } catch (error) {
      // The cart did not take the redemption: its points go back.
      if (!applied)
        for (const id of holds) await vendors.loyalty.release(id, scope.correlationId).catch(() => undefined);
      throw error;
    }
  }

  /** DELETE /api/cart/loyalty/redemption: the custom line goes, the hold is released. */
  async function removeRedemption(scope: CheckoutScope): Promise<CheckoutResponse> {
    loyaltyCustomer(scope);
    let holdId: string | undefined;
    const { cart, priceChanges } = await change(scope, (current) => {
      const redemption = redemptionOf(current);
      holdId = redemption?.holdId;
      if (!redemption) return { actions: [] };
      return {
        actions: [
          { removeCustomLine: redemption.line.id },
          ...fieldActions({ [FIELDS.loyaltyHoldId]: undefined, [FIELDS.loyaltyPoints]: undefined }),
        ],
      };
    });
    if (holdId) await vendors.loyalty.release(holdId, scope.correlationId);
    return respond(scope, cart, priceChanges);
  }

  return { redeem, removeRedemption };
}

/** Loyalty needs the brand's flag and a signed-in customer. */
export function loyaltyCustomer(scope: CheckoutScope): string {
  if (!scope.flags.loyalty) throw new DomainError('FEATURE_DISABLED', `${scope.brandName} has no loyalty programme.`);
  const customerId = customerOf(scope);
  if (!customerId) throw new DomainError('SessionRequired', 'Sign in to use your loyalty points.');
  return customerId;
}
