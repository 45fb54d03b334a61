import type { CartDiscountCode } from '@shop/contracts/browser';

/** What the shopper reads about a code that is on the bag but takes nothing off (commercetools DiscountCodeState). */
export const CODE_STATE_TEXT: Record<CartDiscountCode['state'], string> = {
  MatchesCart: '',
  DoesNotMatchCart: 'does not apply to the items in your bag',
  NotActive: 'is not active yet or has expired',
  NotValid: 'is not valid',
  MaxApplicationReached: 'has already been used',
  ApplicationStoppedByPreviousDiscount: 'cannot be combined with another code in your bag',
};
