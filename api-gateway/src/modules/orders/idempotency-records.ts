import { createHash } from 'node:crypto';
import type { OrderConfirmation, PlaceOrderRequest } from '@shop/contracts';
import type { CommerceClient } from '../../clients/commercetools';

/** Where the records live: commerce custom objects, so every gateway instance sees the same ones. */
export const IDEMPOTENCY_CONTAINER = 'order-idempotency';

/**
 * One Idempotency-Key's placement. `started` until the order exists (or the attempt ended with
 * nothing done: `failed`, and the same key may try again); `completed` with the order.
 */
export interface IdempotencyRecord {
  /** The hash of the request (cart and expected total) the key was first used with. */
  request: string;
  cartId: string;
  state: 'started' | 'failed' | 'completed';
  /** The payment authorisation made under this key, once made (voided if the order is not placed). */
  authorizationId?: string;
  /** The last decline under this key: the vendor's reason stays here and in the log, never in the answer. */
  decline?: { authorizationId: string; reason: string };
  /** The fraud screen's answer, asked once per attempt. */
  fraud?: { id: string; decision: 'accept' | 'review' | 'reject' };
  /** The number chosen before the order is created: after a crash, whether the order exists is known by it. */
  orderNumber?: string;
  /** Points the order earned, for the confirmation. */
  earned?: number;
  emailed?: boolean;
  confirmation?: Omit<OrderConfirmation, 'viewableUntil'>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * A record's key: a hash of the brand, the session's user and the Idempotency-Key, so a key is
 * never stored as sent and one shopper's key can never replay another's order.
 */
export const recordKeyOf = (storeKey: string, ownerId: string, idempotencyKey: string) =>
  sha256(`${storeKey}\n${ownerId}\n${idempotencyKey}`);

/** What "the same request" means: the same cart and the same expected total. */
export const requestHashOf = (request: PlaceOrderRequest) =>
  sha256(JSON.stringify([request.cartId, request.expectedTotal]));

export function idempotencyRecords(commerce: CommerceClient) {
  return {
    async get(key: string, correlationId: string): Promise<{ version: number; record: IdempotencyRecord } | undefined> {
      const found = await commerce.getObject(IDEMPOTENCY_CONTAINER, key, { correlationId });
      return found ? { version: found.version, record: found.value as IdempotencyRecord } : undefined;
    },
    /** Writes at `version` (0: only if absent): a lost race is a ConcurrentModification, and the placement runs again. */
    async put(key: string, record: IdempotencyRecord, version: number, correlationId: string): Promise<number> {
      return (
        await commerce.putObject(IDEMPOTENCY_CONTAINER, key, record, version, {
          correlationId,
          expected: ['ConcurrentModification'],
        })
      ).version;
    },
  };
}
export type IdempotencyRecords = ReturnType<typeof idempotencyRecords>;
