import { z } from 'zod';
import { type VendorClientOptions, VendorRefusal, createVendorHttp } from '../vendor-http';

export interface LoyaltyMember {
  balance: number;
  held: number;
  pointsPerDollar: number;
  centsPerPoint: number;
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
  pointsPerDollar: z.number().min(0).max(1000),
  centsPerPoint: z.number().positive().max(1000),
});
const holdAnswer = z.object({
  id: z.string().min(1).max(200),
  points,
  amount: z.object({ centAmount: z.number().int().min(0) }),
});
const earnAnswer = z.object({ earned: points, balance: points });
const anyAnswer = z.unknown();

const memberPath = (brand: string, customerId: string) =>
  `/members/${encodeURIComponent(brand)}/${encodeURIComponent(customerId)}`;

/**
 * The loyalty vendor (docs/adr/0014): a member per brand and customer (enrolled on the first
 * read), holds that set points aside while a cart redeems them, and points earned per order
 * (idempotent per order number).
 */
export function createLoyaltyClient(options: VendorClientOptions) {
  const call = createVendorHttp('loyalty', options);
  return {
    async member(brand: string, customerId: string, correlationId?: string): Promise<LoyaltyMember> {
      const { body } = await call({
        operation: 'member',
        method: 'GET',
        path: memberPath(brand, customerId),
        correlationId,
        answer: memberAnswer,
      });
      return {
        balance: body.balance,
        held: body.held,
        pointsPerDollar: body.pointsPerDollar,
        centsPerPoint: body.centsPerPoint,
      };
    },

    /** Sets points aside; `insufficient` when the member has fewer free points (400 INSUFFICIENT_POINTS). */
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
        if (error instanceof VendorRefusal && error.code === 'INSUFFICIENT_POINTS') return 'insufficient';
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

    /** Points for an order (idempotent per order number). */
    async earn(
      brand: string,
      customerId: string,
      input: { reference: string; amount: number },
      correlationId?: string,
    ): Promise<{ earned: number; balance: number }> {
      const { body } = await call({
        operation: 'earn',
        method: 'POST',
        path: `${memberPath(brand, customerId)}/earn`,
        body: { reference: input.reference, amount: { centAmount: input.amount, currencyCode: 'USD' } },
        correlationId,
        write: true,
        answer: earnAnswer,
      });
      return body;
    },
  };
}
export type LoyaltyClient = ReturnType<typeof createLoyaltyClient>;
