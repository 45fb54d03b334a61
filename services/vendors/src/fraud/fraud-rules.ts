/**
 * The decision rules. Each rule that fires adds its points to the score (capped at 100) and its
 * code to `reasons`; the score decides: accept below 50, review from 50, reject from 80.
 *
 * | code                 | points | when                                                                  |
 * | -------------------- | -----: | --------------------------------------------------------------------- |
 * | NO_SESSION_DATA      |     30 | the collector received nothing for the session (no attributes)        |
 * | NO_DEVICE_ID         |     10 | attributes arrived, but no device cookie was stored for the session   |
 * | HIGH_AMOUNT          |     20 | the order is $1,000.00 or more (and under $5,000.00)                  |
 * | VERY_HIGH_AMOUNT     |     40 | the order is $5,000.00 or more                                        |
 * | ADDRESS_MISMATCH     |     15 | billing and shipping addresses differ (street, unit, city, state, ZIP)|
 * | EMAIL_VELOCITY       |     25 | 10 to 19 earlier decisions for the e-mail address in the last hour    |
 * | EMAIL_VELOCITY_HIGH  |     50 | 20 or more earlier decisions for the e-mail address in the last hour  |
 * | DEVICE_VELOCITY      |     25 | the session's device was screened with 3 or 4 other e-mails in the last hour |
 * | DEVICE_VELOCITY_HIGH |     50 | ... with 5 or more other e-mails in the last hour                     |
 * | FAR_SHIPPING         |     20 | billing and shipping ZIP centroids more than 100 miles apart          |
 * | CARD_EMAIL_VELOCITY  |     25 | the card was screened with 3 or 4 other e-mails in the last 24 hours  |
 * | CARD_EMAIL_VELOCITY_HIGH | 50 | ... with 5 or more other e-mails in the last 24 hours                |
 * | CARD_VELOCITY        |     25 | 5 or more earlier decisions for the card in the last hour             |
 * | IP_VELOCITY          |     15 | the client address was screened with 4 to 7 other e-mails in the last hour |
 * | IP_VELOCITY_HIGH     |     35 | ... with 8 or more other e-mails in the last hour                     |
 *
 * The card is the payment vendor's fingerprint of the number (the same card gives the same one,
 * whatever token, e-mail or device it comes with), and the client address is the shopper's as
 * the merchant saw it: the two things a scripted run cannot cheaply change, where the e-mail and
 * the collector's device cookie are its own choice. A non-public client address (loopback,
 * private, carrier NAT: client-address.ts) is not counted.
 *
 * Sandbox triggers, as hosted fraud services' sandboxes have them, so a test can reach review and
 * reject on purpose whatever else fires: an e-mail whose local part contains `+fraud-review`
 * (reason TEST_REVIEW) is reviewed, its score held between 50 and 79; one containing
 * `+fraud-reject` (TEST_REJECT) is rejected, its score at least 80.
 *
 * So a small order from a browser that ran the collector is accepted; one without collected
 * data (30) is still accepted unless something else is off (a $1,000 order without it is
 * reviewed: 50). A gift shipped to another city is accepted from a browser that ran the
 * collector (15 + 20); from one that did not (an unknown device shipping far from the card's
 * billing address, the classic stolen-card order) it is reviewed (65). One card under several
 * fresh e-mails is reviewed from the fourth e-mail on, and rejected by the sixth.
 */
export const THRESHOLDS = { review: 50, reject: 80 } as const;

export const RULE_POINTS = {
  NO_SESSION_DATA: 30,
  NO_DEVICE_ID: 10,
  HIGH_AMOUNT: 20,
  VERY_HIGH_AMOUNT: 40,
  ADDRESS_MISMATCH: 15,
  EMAIL_VELOCITY: 25,
  EMAIL_VELOCITY_HIGH: 50,
  DEVICE_VELOCITY: 25,
  DEVICE_VELOCITY_HIGH: 50,
  FAR_SHIPPING: 20,
  CARD_EMAIL_VELOCITY: 25,
  CARD_EMAIL_VELOCITY_HIGH: 50,
  CARD_VELOCITY: 25,
  IP_VELOCITY: 15,
  IP_VELOCITY_HIGH: 35,
} as const;
export type RuleCode = keyof typeof RULE_POINTS | 'TEST_REVIEW' | 'TEST_REJECT';

export const HIGH_AMOUNT_CENTS = 100_000;
export const VERY_HIGH_AMOUNT_CENTS = 500_000;

/**
 * Farther than a regional drive: billing in one metro area and shipping in another (DC to New
 * York is 204 miles). Within it, a shopper sending to work, a parent or a holiday home nearby
 * scores only the mismatch.
 */
export const FAR_SHIPPING_MILES = 100;
/**
 * Other e-mails one card may come with in a day before it counts: a household shares a card
 * (two or three people, each with their own address), a card shop tries one card under a fresh
 * identity per order.
 */
export const CARD_OTHER_EMAILS = { velocity: 3, high: 5 } as const;
/** Orders on one card within an hour: one or two, a retry after a stock problem; five is a script. */
export const CARD_DECISIONS_PER_HOUR = 5;
/**
 * Other e-mails from one client address within an hour. Generous, as one address is often a
 * family, an office or a campus behind one router: a family of four or five ordering in the same
 * hour is not counted; only a run of fresh identities is.
 */
export const IP_OTHER_EMAILS = { velocity: 4, high: 8 } as const;

export interface RuleInput {
  amount: number;
  email: string;
  /** What the collector holds for the session; undefined when it never heard of it. */
  session?: { attributeCount: number; deviceId: string | null };
  addressesMatch: boolean;
  /** Decisions for this e-mail (lower case) in the last hour, before this one. */
  emailDecisions: number;
  /** Other e-mail addresses screened on this session's device in the last hour. */
  deviceOtherEmails: number;
  /** Miles between the billing and shipping ZIP centroids; undefined when either is unknown. */
  billingShippingMiles?: number;
  /** Other e-mail addresses screened with this card (fingerprint) in the last 24 hours. */
  cardOtherEmails: number;
  /** Decisions for this card in the last hour, before this one. */
  cardDecisions: number;
  /** Other e-mail addresses screened from this (public) client address in the last hour. */
  ipOtherEmails: number;
}

export interface Decision {
  decision: 'accept' | 'review' | 'reject';
  score: number;
  reasons: RuleCode[];
}

export function decide(input: RuleInput): Decision {
  const reasons: RuleCode[] = [];
  const collected = input.session !== undefined && input.session.attributeCount > 0;
  if (!collected) reasons.push('NO_SESSION_DATA');
  else if (!input.session?.deviceId) reasons.push('NO_DEVICE_ID');
  if (input.amount >= VERY_HIGH_AMOUNT_CENTS) reasons.push('VERY_HIGH_AMOUNT');
  else if (input.amount >= HIGH_AMOUNT_CENTS) reasons.push('HIGH_AMOUNT');
  if (!input.addressesMatch) reasons.push('ADDRESS_MISMATCH');
  if (input.emailDecisions >= 20) reasons.push('EMAIL_VELOCITY_HIGH');
  else if (input.emailDecisions >= 10) reasons.push('EMAIL_VELOCITY');
  if (input.deviceOtherEmails >= 5) reasons.push('DEVICE_VELOCITY_HIGH');
  else if (input.deviceOtherEmails >= 3) reasons.push('DEVICE_VELOCITY');
  if (input.billingShippingMiles !== undefined && input.billingShippingMiles > FAR_SHIPPING_MILES)
    reasons.push('FAR_SHIPPING');
  if (input.cardOtherEmails >= CARD_OTHER_EMAILS.high) reasons.push('CARD_EMAIL_VELOCITY_HIGH');
  else if (input.cardOtherEmails >= CARD_OTHER_EMAILS.velocity) reasons.push('CARD_EMAIL_VELOCITY');
  if (input.cardDecisions >= CARD_DECISIONS_PER_HOUR) reasons.push('CARD_VELOCITY');
  if (input.ipOtherEmails >= IP_OTHER_EMAILS.high) reasons.push('IP_VELOCITY_HIGH');
  else if (input.ipOtherEmails >= IP_OTHER_EMAILS.velocity) reasons.push('IP_VELOCITY');
  let score = Math.min(
    100,
    reasons.reduce((sum, code) => sum + RULE_POINTS[code as keyof typeof RULE_POINTS], 0),
  );
  const local = input.email.split('@')[0].toLowerCase();
  if (local.includes('+fraud-reject')) {
    reasons.push('TEST_REJECT');
    score = Math.max(score, THRESHOLDS.reject);
  } else if (local.includes('+fraud-review')) {
    reasons.push('TEST_REVIEW');
    score = Math.min(Math.max(score, THRESHOLDS.review), THRESHOLDS.reject - 1);
  }
  const decision = score >= THRESHOLDS.reject ? 'reject' : score >= THRESHOLDS.review ? 'review' : 'accept';
  return { decision, score, reasons };
}

export interface ComparableAddress {
  streetName: string;
  additionalStreetInfo?: string;
  city: string;
  state: string;
  postalCode: string;
}

const comparable = (address: ComparableAddress) =>
  [address.streetName, address.additionalStreetInfo ?? '', address.city, address.state, address.postalCode.slice(0, 5)]
    .map((part) => part.toUpperCase().replace(/[.,#]/g, ' ').replace(/\s+/g, ' ').trim())
    .join('|');

/** Whether two addresses are one, ignoring case, punctuation, spacing and a ZIP+4 suffix. */
export const sameAddress = (a: ComparableAddress, b: ComparableAddress) => comparable(a) === comparable(b);
