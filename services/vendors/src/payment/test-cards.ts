/**
 * What an authorisation on a card does, fixed when the card is tokenised (the number is not
 * kept): the documented test cards decide it, like a payment sandbox's; any other card that
 * passes the checks approves.
 */
export type CardOutcome = 'approve' | 'card_declined' | 'insufficient_funds' | 'review' | 'processing_error';

export const TEST_CARDS: Readonly<Record<string, { outcome: CardOutcome; description: string }>> = {
  '4242424242424242': { outcome: 'approve', description: 'Visa: approves' },
  '5555555555554444': { outcome: 'approve', description: 'Mastercard: approves' },
  '4000000000000002': { outcome: 'card_declined', description: 'Declines (card_declined)' },
  '4000000000009995': { outcome: 'insufficient_funds', description: 'Declines (insufficient_funds)' },
  '4000000000009235': { outcome: 'review', description: 'Authorises for review (status review)' },
  '4000000000000119': { outcome: 'processing_error', description: 'Fails (processing_error)' },
};

export const outcomeOf = (digits: string): CardOutcome => TEST_CARDS[digits]?.outcome ?? 'approve';

/** The authorisation an outcome gives. */
export function authorizationStatus(outcome: CardOutcome): {
  status: 'authorized' | 'review' | 'declined';
  declineCode?: 'card_declined' | 'insufficient_funds' | 'processing_error';
} {
  if (outcome === 'approve') return { status: 'authorized' };
  if (outcome === 'review') return { status: 'review' };
  return { status: 'declined', declineCode: outcome };
}
