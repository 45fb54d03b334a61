import type { LoyaltyHistoryLine } from '@shop/contracts/browser';
import { formatPrice } from '@shop/ui';

export const pointsText = (points: number) =>
  `${points.toLocaleString('en-US')} ${Math.abs(points) === 1 ? 'point' : 'points'}`;

/** What `points` are worth at checkout. */
export const worthText = (points: number, centsPerPoint: number) =>
  formatPrice({ centAmount: Math.round(points * centsPerPoint), currencyCode: 'USD', fractionDigits: 2 });

export const HISTORY_LABELS: Record<LoyaltyHistoryLine['kind'], string> = {
  welcome: 'Welcome bonus',
  earned: 'Earned on order',
  pending: 'Pending until it ships: order',
  posted: 'Now available: order',
  reversed: 'Taken back: order',
  redeemed: 'Redeemed on order',
  refunded: 'Given back: cancelled order',
};
