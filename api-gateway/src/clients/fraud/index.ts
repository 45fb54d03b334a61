import { z } from 'zod';
import { type VendorClientOptions, createVendorHttp } from '../vendor-http';

export interface FraudAddress {
  firstName: string;
  lastName: string;
  streetName: string;
  additionalStreetInfo?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface FraudCheck {
  /** The browser collector's session (SPEC §4), made once per shopper session. */
  sessionId: string;
  amount: number;
  email: string;
  customerId?: string;
  /** The shopper's address as the gateway saw it (req.ip, behind the trusted proxies). */
  ipAddress?: string;
  /** The payment vendor's fingerprint of the card (one card, one fingerprint, whatever the token). */
  cardFingerprint?: string;
  shippingAddress: FraudAddress;
  billingAddress: FraudAddress;
}

export interface FraudDecision {
  id: string;
  decision: 'accept' | 'review' | 'reject';
  score: number;
  reasons: string[];
}

const decisionAnswer = z.object({
  id: z.string().min(1).max(200),
  decision: z.enum(['accept', 'review', 'reject']),
  score: z.number(),
  reasons: z.array(z.string().max(500)).max(100),
});

/**
 * The fraud screening vendor's decision API (docs/adr/0014): `POST {FRAUD_API_URL}/decisions`
 * with what the browser collector gathered under the session id, the amount, the addresses, the
 * client address and the card's fingerprint (the vendor counts orders per card and per address).
 */
export function createFraudClient(options: VendorClientOptions & { orgId: string }) {
  const call = createVendorHttp('fraud', options);
  return {
    async decide(check: FraudCheck, correlationId?: string): Promise<FraudDecision> {
      const { body } = await call({
        operation: 'decision',
        method: 'POST',
        path: '/decisions',
        body: {
          orgId: options.orgId,
          sessionId: check.sessionId,
          orderAmount: { centAmount: check.amount, currencyCode: 'USD' },
          email: check.email,
          ...(check.customerId ? { customerId: check.customerId } : {}),
          ...(check.ipAddress ? { ipAddress: check.ipAddress } : {}),
          ...(check.cardFingerprint ? { cardFingerprint: check.cardFingerprint } : {}),
          shippingAddress: check.shippingAddress,
          billingAddress: check.billingAddress,
        },
        correlationId,
        write: true,
        answer: decisionAnswer,
      });
      return { id: body.id, decision: body.decision, score: body.score, reasons: body.reasons };
    },
  };
}
export type FraudClient = ReturnType<typeof createFraudClient>;
