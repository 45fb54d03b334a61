import type { CardSummary } from '@shop/contracts';
import { z } from 'zod';
import { type VendorClientOptions, VendorRefusal, createVendorHttp } from '../vendor-http';

export type { CardSummary };

/** What a card token stands for. `expired` and `missing` are the vendor's 410 and 404. */
export type TokenLookup = { token: string; card: CardSummary; expiresAt: string } | 'expired' | 'missing';

export interface Authorization {
  id: string;
  status: 'authorized' | 'review' | 'declined';
  declineCode?: 'card_declined' | 'insufficient_funds' | 'processing_error';
  amount: { centAmount: number; currencyCode: string };
  card: CardSummary;
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
const tokenAnswer = z.object({ token: z.string(), card, expiresAt: z.string() });
const authorizationAnswer = z.object({
  id: z.string().min(1).max(200),
  status: z.enum(['authorized', 'review', 'declined']),
  declineCode: z.enum(['card_declined', 'insufficient_funds', 'processing_error']).optional(),
  amount: money,
  card,
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
    /** The card a token stands for, or why there is none. */
    async token(token: string, correlationId?: string): Promise<TokenLookup> {
      try {
        const { body } = await call({
          operation: 'token',
          method: 'GET',
          path: `/tokens/${encodeURIComponent(token)}`,
          correlationId,
          answer: tokenAnswer,
        });
        return { token: body.token, card: reshapeCard(body.card), expiresAt: body.expiresAt };
      } catch (error) {
        if (error instanceof VendorRefusal && error.status === 404) return 'missing';
        if (error instanceof VendorRefusal && error.status === 410) return 'expired';
        throw error;
      }
    },

    /**
     * Authorises `amount` on the token's card. The same key with the same body answers the
     * first result again and authorises once; the same key with another body is refused
     * (VendorRefusal IDEMPOTENCY_KEY_REUSED).
     */
    async authorize(
      input: { token: string; amount: number; reference: string; idempotencyKey: string },
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
        replayed: headers.get('idempotent-replayed') === 'true',
      };
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

    async refund(id: string, amount: number, correlationId?: string): Promise<void> {
      await call({
        operation: 'refund',
        method: 'POST',
        path: `/authorizations/${encodeURIComponent(id)}/refunds`,
        body: { amount: { centAmount: amount, currencyCode: 'USD' } },
        correlationId,
        write: true,
        answer: refundAnswer,
      });
    },
  };
}
export type PaymentClient = ReturnType<typeof createPaymentClient>;
