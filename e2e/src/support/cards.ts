import { ownCardNumber } from '@shop/node-kit/testing';

/**
 * The payment stand-in's test cards (services/README.md): any future expiry, any 3-digit CVC
 * (4 digits for Amex). A shopper types them with spaces, as printed.
 */
export const TEST_CARDS = {
  /** Approves (Visa). */
  visa: '4242 4242 4242 4242',
  /** Approves (Mastercard). */
  mastercard: '5555 5555 5555 4444',
  /** Declines: card_declined. */
  declined: '4000 0000 0000 0002',
  /** Declines: insufficient_funds. */
  insufficientFunds: '4000 0000 0000 9995',
  /** Authorises for review (status review). */
  review: '4000 0000 0000 9235',
  /** Fails: processing_error. */
  processingError: '4000 0000 0000 0119',
} as const;

/** A random Luhn-valid Visa of the shopper's own (see ownCardNumber), as printed: groups of four. */
export const ownVisa = (): string => ownCardNumber().replace(/(\d{4})(?=\d)/g, '$1 ');

/** A card's digits as they must never appear in a log, record or request body. */
export const cardDigits = (card: string) => card.replace(/\s/g, '');

/** An expiry a year ahead, as the card field takes it (MM/YY). */
export const futureExpiry = () => `12/${String((new Date().getFullYear() + 1) % 100).padStart(2, '0')}`;
