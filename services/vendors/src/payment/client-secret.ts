import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A per-bag client secret for the hosted card field (as a PaymentIntent's client_secret or an
 * Adyen session): the shop asks for one server to server, naming the bag (its reference), the
 * shopper's session and the brand; the card field page is opened with it and every token it makes
 * is bound to those three. It is signed with the secret key, so nobody but this service can make
 * one, and it says nothing secret: the page and the browser may hold it.
 *
 * Issued for the same binding within one window, it is the same string (the shop may ask on every
 * checkout answer without the field's address, and so the frame, changing under the shopper).
 */
export interface CardBinding {
  /** The bag: the payment's reference (the cart id). */
  reference: string;
  /** An opaque reference to the shopper's session (the shop sends a hash, never the session itself). */
  session: string;
  brand: string;
}

/** Each secret is issued for a window of this length and lives to the end of the next one (30-60 minutes). */
export const CLIENT_SECRET_WINDOW_MS = 30 * 60 * 1000;

const PREFIX = 'pcs_';
const encode = (value: string) => Buffer.from(value, 'utf8').toString('base64url');

export function clientSecrets(secretKey: string) {
  const sign = (payload: string) =>
    createHmac('sha256', secretKey).update(`client-secret:${payload}`).digest('base64url');
  return {
    issue(binding: CardBinding, now: Date): { clientSecret: string; expiresAt: Date } {
      const expiresAt = (Math.floor(now.getTime() / CLIENT_SECRET_WINDOW_MS) + 2) * CLIENT_SECRET_WINDOW_MS;
      const payload = encode(JSON.stringify([binding.reference, binding.session, binding.brand, expiresAt]));
      const signed = `${PREFIX}${payload}.${sign(payload)}`;
      return { clientSecret: signed, expiresAt: new Date(expiresAt) };
    },
    /** The binding a secret carries; 'invalid' when this service did not sign it, 'expired' after its time. */
    read(clientSecret: string, now: Date): CardBinding | 'invalid' | 'expired' {
      if (clientSecret.length > 1000 || !clientSecret.startsWith(PREFIX)) return 'invalid';
      const [payload, signature, ...rest] = clientSecret.slice(PREFIX.length).split('.');
      if (!payload || !signature || rest.length) return 'invalid';
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid';
      const [reference, session, brand, expiresAt] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      if (typeof expiresAt !== 'number' || expiresAt <= now.getTime()) return 'expired';
      return { reference: String(reference), session: String(session), brand: String(brand) };
    },
  };
}
export type ClientSecrets = ReturnType<typeof clientSecrets>;

/** Whether a token's stored binding is the one a request names. */
export const sameBinding = (a: Partial<CardBinding>, b: CardBinding) =>
  a.reference === b.reference && a.session === b.session && a.brand === b.brand;
