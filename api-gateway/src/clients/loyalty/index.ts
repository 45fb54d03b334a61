import { z } from 'zod';
import { type VendorClientOptions, VendorRefusal, createVendorHttp } from '../vendor-http';

export interface LoyaltyMember {
  /** Posted points (redeemable, less `held`). */
  balance: number;
  held: number;
  /** Earned by orders not captured yet: not redeemable. */
  pending: number;
  /** Taken back after being spent: paid from the next points to post. */
  owed: number;
  pointsPerDollar: number;
  centsPerPoint: number;
  joinedAt: string;
}

export const LEDGER_KINDS = [
  'welcome',
  'earn',
  'earn-pending',
  'earn-posted',
  'earn-reversed',
  'redeem',
  'redeem-reversed',
] as const;

export interface LoyaltyLedgerLine {
  kind: (typeof LEDGER_KINDS)[number];
  points: number;
  orderNumber?: string;
  returnId?: string;
  owed?: number;
  at: string;
}

/** Where an order stands with the programme after a capture, cancel or return. */
export interface LoyaltyOrderPoints {
  earned: number;
  reversed: number;
  redeemReturned: number;
}

export interface LoyaltyHold {
  id: string;
  points: number;
  /** What the held points are worth, in cents. */
  amount: number;
}

const points = z.number().int().min(0);
const memberAnswer = z.object({
  brand: z.string(),
  customerId: z.string(),
  balance: points,
  held: points,
  pending: points,
  owed: points,
  pointsPerDollar: z.number().min(0).max(1000),
  centsPerPoint: z.number().positive().max(1000),
  joinedAt: z.string().datetime({ offset: true }),
});
const programmeAnswer = z.object({
  pointsPerDollar: z.number().min(0).max(1000),
  centsPerPoint: z.number().positive().max(1000),
  welcomeBonus: points.max(10_000_000),
});
const historyAnswer = z.object({
  lines: z
    .array(
      z.object({
        kind: z.enum(LEDGER_KINDS),
        points: z.number().int().min(-10_000_000).max(10_000_000),
        orderNumber: z.string().min(1).max(64).optional(),
        returnId: z.string().min(1).max(128).optional(),
        owed: z.number().int().min(-10_000_000).max(10_000_000).optional(),
        at: z.string().datetime({ offset: true }),
      }),
    )
    .max(100),
});
const holdAnswer = z.object({
  id: z.string().min(1).max(200),
  points,
  amount: z.object({ centAmount: z.number().int().min(0) }),
});
const earnAnswer = z.object({ earned: points, balance: points });
const orderAnswer = z.object({
  order: z.object({ earned: points, reversed: points, redeemReturned: points }),
});
const anyAnswer = z.unknown();

const toMember = (body: z.infer<typeof memberAnswer>): LoyaltyMember => ({
  balance: body.balance,
  held: body.held,
  pending: body.pending,
  owed: body.owed,
  pointsPerDollar: body.pointsPerDollar,
  centsPerPoint: body.centsPerPoint,
  joinedAt: body.joinedAt,
});
/** The vendor's answer for a customer who has not joined (404 NOT_A_MEMBER). */
const notAMember = (error: unknown) => error instanceof VendorRefusal && error.code === 'NOT_A_MEMBER';

const memberPath = (brand: string, customerId: string) =>
  `/members/${encodeURIComponent(brand)}/${encodeURIComponent(customerId)}`;

/**
 * The loyalty vendor (docs/adr/0014): a member per brand and customer (joined explicitly, with a
 * welcome bonus), holds that set points aside while a cart redeems them, points earned per order
 * (idempotent per order number) and the member's points history.
 */
export function createLoyaltyClient(options: VendorClientOptions) {
  const call = createVendorHttp('loyalty', options);
  return {
    /** How the brand's programme earns (points per dollar, a point's worth, the welcome bonus). */
    async programme(brand: string, correlationId?: string): Promise<z.infer<typeof programmeAnswer>> {
      const { body } = await call({
        operation: 'programme',
        method: 'GET',
        path: `/programmes/${encodeURIComponent(brand)}`,
        correlationId,
        answer: programmeAnswer,
      });
      return {
        pointsPerDollar: body.pointsPerDollar,
        centsPerPoint: body.centsPerPoint,
        welcomeBonus: body.welcomeBonus,
      };
    },

    /** The member; null when the customer has not joined. */
    async member(brand: string, customerId: string, correlationId?: string): Promise<LoyaltyMember | null> {
      try {
        const { body } = await call({
          operation: 'member',
          method: 'GET',
          path: memberPath(brand, customerId),
          correlationId,
          answer: memberAnswer,
        });
        return toMember(body);
      } catch (error) {
        if (notAMember(error)) return null;
        throw error;
      }
    },

    /** Joins the programme (idempotent: a member joining again is answered as they are). */
    async join(
      brand: string,
      customerId: string,
      correlationId?: string,
    ): Promise<{ member: LoyaltyMember; joined: boolean }> {
      const { status, body } = await call({
        operation: 'join',
        method: 'PUT',
        path: memberPath(brand, customerId),
        correlationId,
        write: true,
        answer: memberAnswer,
      });
      return { member: toMember(body), joined: status === 201 };
    },

    /** The member's points history, newest first; null when the customer has not joined. */
    async history(
      brand: string,
      customerId: string,
      limit: number,
      correlationId?: string,
    ): Promise<LoyaltyLedgerLine[] | null> {
      try {
        const { body } = await call({
          operation: 'history',
          method: 'GET',
          path: `${memberPath(brand, customerId)}/history?limit=${limit}`,
          correlationId,
          answer: historyAnswer,
        });
        return body.lines;
      } catch (error) {
        if (notAMember(error)) return null;
        throw error;
      }
    },

    /**
     * Sets points aside; `insufficient` when the member has fewer free points (400
     * INSUFFICIENT_POINTS) or has not joined.
     */
    async hold(
      brand: string,
      customerId: string,
      input: { points: number; reference: string },
      correlationId?: string,
    ): Promise<LoyaltyHold | 'insufficient'> {
      try {
        const { body } = await call({
          operation: 'hold',
          method: 'POST',
          path: `${memberPath(brand, customerId)}/holds`,
          body: input,
          correlationId,
          write: true,
          answer: holdAnswer,
        });
        return { id: body.id, points: body.points, amount: body.amount.centAmount };
      } catch (error) {
        if (notAMember(error) || (error instanceof VendorRefusal && error.code === 'INSUFFICIENT_POINTS'))
          return 'insufficient';
        throw error;
      }
    },

    /** Gives held points back; a hold already gone (released, redeemed, expired) is not an error. */
    async release(holdId: string, correlationId?: string): Promise<void> {
      try {
        await call({
          operation: 'release',
          method: 'DELETE',
          path: `/holds/${encodeURIComponent(holdId)}`,
          correlationId,
          write: true,
          answer: anyAnswer,
        });
      } catch (error) {
        if (error instanceof VendorRefusal && (error.status === 404 || error.status === 409)) return;
        throw error;
      }
    },

    /** Turns a hold into a redemption for the order (idempotent per hold). */
    async redeem(holdId: string, reference: string, correlationId?: string): Promise<void> {
      await call({
        operation: 'redeem',
        method: 'POST',
        path: `/holds/${encodeURIComponent(holdId)}/redeem`,
        body: { reference },
        correlationId,
        write: true,
        answer: anyAnswer,
      });
    },

    /**
     * The order's moves after it was placed, each once per order (a return: once per return id)
     * at the vendor, so a retry never doubles one: `capture` posts its pending points, `cancel`
     * takes back what it earned and gives back what it redeemed, `returned` takes back the
     * returned units' share. Null when the customer has not joined.
     */
    async settle(
      brand: string,
      customerId: string,
      orderNumber: string,
      move:
        | { step: 'capture' | 'cancel' }
        | { step: 'returns'; returnId: string; returnedCents: number; goodsCents: number },
      correlationId?: string,
    ): Promise<LoyaltyOrderPoints | null> {
      const answer = await call({
        operation: move.step === 'returns' ? 'return' : move.step,
        method: 'POST',
        path: `${memberPath(brand, customerId)}/orders/${encodeURIComponent(orderNumber)}/${move.step}`,
        ...(move.step === 'returns'
          ? {
              body: {
                returnId: move.returnId,
                returned: { centAmount: move.returnedCents },
                goods: { centAmount: move.goodsCents },
              },
            }
          : {}),
        correlationId,
        write: true,
        answer: orderAnswer,
      }).catch((error: unknown) => {
        if (notAMember(error)) return null;
        throw error;
      });
      return answer && answer.body.order;
    },

    /** Points for an order (idempotent per order number); null when the customer has not joined. */
    async earn(
      brand: string,
      customerId: string,
      input: { reference: string; amount: number },
      correlationId?: string,
    ): Promise<{ earned: number; balance: number } | null> {
      const answer = await call({
        operation: 'earn',
        method: 'POST',
        path: `${memberPath(brand, customerId)}/earn`,
        body: { reference: input.reference, amount: { centAmount: input.amount, currencyCode: 'USD' } },
        correlationId,
        write: true,
        answer: earnAnswer,
      }).catch((error: unknown) => {
        if (notAMember(error)) return null;
        throw error;
      });
      return answer && answer.body;
    },
  };
}
export type LoyaltyClient = ReturnType<typeof createLoyaltyClient>;
