import type { CardSummary } from '@shop/contracts';
import { z } from 'zod';
import { type VendorClientOptions, VendorRefusal, createVendorHttp } from '../vendor-http';

export type { CardSummary };

/**
 * What a card token stands for. `expired` and `missing` are the vendor's 410 and 404; `used` a
 * token an authorisation consumed (410 TOKEN_USED); `foreign` a token made for another bag,
 * session or brand (409 TOKEN_NOT_BOUND).
 */
export type TokenLookup =
  | { token: string; card: CardSummary; fingerprint: string; expiresAt: string }
  | 'expired'
  | 'missing'
  | 'used'
  | 'foreign';

/**
 * What a card token is bound to (the hosted field's client secret names it): the bag (cart id),
 * an opaque reference to the shopper's session, and the brand (store key).
 */
export interface CardBinding {
  reference: string;
  session: string;
  brand: string;
}

export interface Authorization {
  id: string;
  status: 'authorized' | 'review' | 'declined';
  declineCode?: 'card_declined' | 'insufficient_funds' | 'processing_error';
  amount: { centAmount: number; currencyCode: string };
  card: CardSummary;
  /** HMAC of the card number (one card, one fingerprint, whoever tokenised it). */
  fingerprint?: string;
  /** The vendor answered an earlier request with the same idempotency key. */
  replayed: boolean;
}

const BRANDS = ['visa', 'mastercard', 'amex', 'discover'] as const;
const card = z.object({
  brand: z.string().max(40),
  last4: z.string().regex(/^\d{4}$/),
  expMonth: z.number().int().min(1).max(12),
  expYear: z.number().int().min(2000).max(2200),
});
const money = z.object({ centAmount: z.number().int().min(0), currencyCode: z.string().regex(/^[A-Z]{3}$/) });
const fingerprint = z.string().regex(/^[A-Za-z0-9_-]{16,128}$/);
const tokenAnswer = z.object({ token: z.string(), card, fingerprint, expiresAt: z.string() });
const clientSecretAnswer = z.object({
  clientSecret: z.string().regex(/^pcs_[A-Za-z0-9_.-]{16,1000}$/),
  expiresAt: z.string(),
});
const authorizationAnswer = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(['authorized', 'review', 'declined']),
  declineCode: z.enum(['card_declined', 'insufficient_funds', 'processing_error']).optional(),
  amount: money,
  card,
  fingerprint: fingerprint.optional(),
});
const authorizationsAnswer = z.object({
  authorizations: z
    .array(z.object({ id: z.string().min(1).max(200), status: z.string().max(40) }).passthrough())
    .max(1000),
});
const captureAnswer = z.object({ id: z.string(), status: z.literal('captured'), capturedAmount: money.or(z.number()) });
const voidAnswer = z.object({ id: z.string(), status: z.literal('voided') });
const refundAnswer = z.object({ id: z.string(), status: z.literal('refunded') });

const reshapeCard = (raw: z.infer<typeof card>): CardSummary => ({
  brand: (BRANDS as readonly string[]).includes(raw.brand) ? (raw.brand as CardSummary['brand']) : 'unknown',
  last4: raw.last4,
  expMonth: raw.expMonth,
  expYear: raw.expYear,
});

/**
 * The card payment vendor (docs/adr/0014), server side, with the secret key: the card itself
 * never reaches us (the hosted field on the vendor's origin turns it into a token). Authorise
 * at placement with the order's idempotency key, capture on fulfilment, void on cancel.
 */
export function createPaymentClient(options: VendorClientOptions) {
  const call = createVendorHttp('payment', options);
  return {
    /**
     * The hosted card field's client secret for one bag, session and brand: the field is opened
     * with it, and the tokens it makes pay for that bag in that session only.
     */
    async clientSecret(
      binding: CardBinding,
      correlationId?: string,
    ): Promise<{ clientSecret: string; expiresAt: string }> {
      const { body } = await call({
        operation: 'client-secret',
        method: 'POST',
        path: '/client-secrets',
        body: binding,
        correlationId,
        answer: clientSecretAnswer,
      });
      return body;
    },

    /** The card a token stands for, if it was made for this bag, session and brand and has not paid; or why there is none. */
    async token(token: string, binding: CardBinding, correlationId?: string): Promise<TokenLookup> {
      try {
        const query = new URLSearchParams({ ...binding }).toString();
        const { body } = await call({
          operation: 'token',
          method: 'GET',
          path: `/tokens/${encodeURIComponent(token)}?${query}`,
          correlationId,
          answer: tokenAnswer,
        });
        return {
          token: body.token,
          card: reshapeCard(body.card),
          fingerprint: body.fingerprint,
          expiresAt: body.expiresAt,
        };
      } catch (error) {
        if (error instanceof VendorRefusal && error.status === 404) return 'missing';
        if (error instanceof VendorRefusal && error.code === 'TOKEN_USED') return 'used';
        if (error instanceof VendorRefusal && error.status === 410) return 'expired';
        if (error instanceof VendorRefusal && error.code === 'TOKEN_NOT_BOUND') return 'foreign';
        throw error;
      }
    },

    /**
     * Authorises `amount` on the token's card. The same key with the same body answers the
     * first result again and authorises once; the same key with another body is refused
     * (VendorRefusal IDEMPOTENCY_KEY_REUSED). The token must be bound to this bag (`reference`),
     * session and brand, and unused (VendorRefusal TOKEN_NOT_BOUND, TOKEN_USED): it pays once.
     */
    async authorize(
      input: { token: string; amount: number; idempotencyKey: string } & CardBinding,
      correlationId?: string,
    ): Promise<Authorization> {
      const { body, headers } = await call({
        operation: 'authorize',
        method: 'POST',
        path: '/authorizations',
        headers: { 'idempotency-key': input.idempotencyKey },
        body: {
          token: input.token,
          amount: { centAmount: input.amount, currencyCode: 'USD' },
          reference: input.reference,
          session: input.session,
          brand: input.brand,
        },
        correlationId,
        write: true,
        answer: authorizationAnswer,
      });
      return {
        id: body.id,
        status: body.status,
        ...(body.declineCode ? { declineCode: body.declineCode } : {}),
        amount: body.amount,
        card: reshapeCard(body.card),
        ...(body.fingerprint ? { fingerprint: body.fingerprint } : {}),
        replayed: headers.get('idempotent-replayed') === 'true',
      };
    },

    /** The authorisations made for one reference (a bag), oldest first: their ids and states. */
    async authorizationsFor(reference: string, correlationId?: string): Promise<Array<{ id: string; status: string }>> {
      const { body } = await call({
        operation: 'authorizations',
        method: 'GET',
        path: `/authorizations?${new URLSearchParams({ reference }).toString()}`,
        correlationId,
        answer: authorizationsAnswer,
      });
      return body.authorizations.map(({ id, status }) => ({ id, status }));
    },

    /** Captures what was authorised, or `amount` (at most that). */
    async capture(id: string, amount: number | undefined, correlationId?: string): Promise<{ capturedAmount: number }> {
      const { body } = await call({
        operation: 'capture',
        method: 'POST',
        path: `/authorizations/${encodeURIComponent(id)}/capture`,
        body: amount === undefined ? {} : { amount: { centAmount: amount, currencyCode: 'USD' } },
        correlationId,
        write: true,
        answer: captureAnswer,
      });
      const captured = body.capturedAmount;
      return { capturedAmount: typeof captured === 'number' ? captured : captured.centAmount };
    },

    /** Releases the authorisation: nothing is charged. */
    async void(id: string, correlationId?: string): Promise<void> {
      await call({
        operation: 'void',
        method: 'POST',
        path: `/authorizations/${encodeURIComponent(id)}/void`,
        body: {},
        correlationId,
        write: true,
        answer: voidAnswer,
      });
    },

    /** Refunds `amount` of what was captured; the same `idempotencyKey` again is the same refund. */
    async refund(id: string, amount: number, correlationId?: string, idempotencyKey?: string): Promise<void> {
      await call({
        operation: 'refund',
        method: 'POST',
        path: `/authorizations/${encodeURIComponent(id)}/refunds`,
        body: { amount: { centAmount: amount, currencyCode: 'USD' } },
        ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
        correlationId,
        write: true,
        answer: refundAnswer,
      });
    },
  };
}
export type PaymentClient = ReturnType<typeof createPaymentClient>;
