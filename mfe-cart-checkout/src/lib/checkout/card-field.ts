import { CARD_FIELD_MESSAGES, type CardSummary } from '@shop/contracts/browser';

/**
 * The page's side of the hosted card field's postMessage protocol (CARD_FIELD_MESSAGES): messages
 * are `{ type, ...fields }`. The page talks only to the frame's origin and listens only to
 * messages from that origin and that frame; anything else is ignored.
 */
export type CardFieldMessage =
  | { type: 'ready'; height?: number }
  | { type: 'change'; complete: boolean; brand?: string; error?: string }
  | { type: 'token'; token: string; card?: CardSummary }
  | { type: 'error'; message: string; field?: string };

const TOKEN = /^tok_[A-Za-z0-9]{16,64}$/;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown, max = 300) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined;

/** The origin of the card field's URL, or undefined when the URL is not http(s). */
export function cardFieldOrigin(url: string): string | undefined {
  try {
    const parsed = new URL(url, location.href);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function cardOf(value: unknown): CardSummary | undefined {
  if (!isRecord(value)) return undefined;
  const { brand, last4, expMonth, expYear } = value;
  if (typeof last4 !== 'string' || !/^\d{4}$/.test(last4)) return undefined;
  if (typeof expMonth !== 'number' || typeof expYear !== 'number') return undefined;
  const brands: CardSummary['brand'][] = ['visa', 'mastercard', 'amex', 'discover', 'unknown'];
  const known = brands.find((b) => b === brand) ?? 'unknown';
  return { brand: known, last4, expMonth, expYear };
}

/** A message from the card field, or null when it is not one (another origin, another frame, another shape). */
export function readCardMessage(
  event: MessageEvent,
  origin: string | undefined,
  frame: Window | null | undefined,
): CardFieldMessage | null {
  if (!origin || event.origin !== origin || !frame || event.source !== frame) return null;
  const data: unknown = event.data;
  if (!isRecord(data)) return null;
  switch (data.type) {
    case CARD_FIELD_MESSAGES.ready:
      return {
        type: 'ready',
        height: typeof data.height === 'number' && data.height > 0 && data.height < 2000 ? data.height : undefined,
      };
    case CARD_FIELD_MESSAGES.change:
      return { type: 'change', complete: data.complete === true, brand: text(data.brand, 20), error: text(data.error) };
    case CARD_FIELD_MESSAGES.token:
      return typeof data.token === 'string' && TOKEN.test(data.token)
        ? { type: 'token', token: data.token, card: cardOf(data.card) }
        : null;
    case CARD_FIELD_MESSAGES.error:
      return {
        type: 'error',
        message: text(data.message) ?? 'Your card could not be checked. Check the card details and try again.',
        field: text(data.field, 40),
      };
    default:
      return null;
  }
}

/** Asks the frame to tokenise what was entered (only to its own origin). */
export function requestToken(frame: Window | null | undefined, origin: string | undefined): boolean {
  if (!frame || !origin) return false;
  frame.postMessage({ type: CARD_FIELD_MESSAGES.tokenize }, origin);
  return true;
}

/** Asks the frame to move focus into the card number (an error about the card, say). */
export function focusCardField(frame: Window | null | undefined, origin: string | undefined): void {
  if (frame && origin) frame.postMessage({ type: CARD_FIELD_MESSAGES.focus }, origin);
}

const BRAND_NAMES: Record<CardSummary['brand'], string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  unknown: 'Card',
};

/** "Visa ending in 4242, expires 12/2030": the card without its number. */
export function describeCard(card: CardSummary): string {
  const month = String(card.expMonth).padStart(2, '0');
  return `${BRAND_NAMES[card.brand]} ending in ${card.last4}, expires ${month}/${card.expYear}`;
}
