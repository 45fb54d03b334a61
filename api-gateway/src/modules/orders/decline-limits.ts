import type { RateLimiter } from '../../data-access/rate-limiter';
import { addressBlock } from '../../shared/address-block';

const MINUTE = 60_000;

/**
 * Card testing (issue 28): a card tester tries many stolen numbers on one bag, from one address,
 * or one number on many bags. Declines are counted per bag, per client address and per card
 * fingerprint over 15 minutes; once one of them is used up, placement answers 429 with
 * Retry-After before the card is tried again. A shopper whose card is declined once or twice
 * meets none of it.
 */
export const DECLINE_LIMITS = {
  perBag: { max: 3, windowMs: 15 * MINUTE },
  perAddress: { max: 5, windowMs: 15 * MINUTE },
  perCard: { max: 3, windowMs: 15 * MINUTE },
} as const;

export interface DeclineSubject {
  cartId: string;
  ipAddress?: string;
  /** The card's HMAC fingerprint at the payment vendor. */
  fingerprint?: string;
}

const keysOf = ({ cartId, ipAddress, fingerprint }: DeclineSubject) =>
  [
    [`declines:bag:${cartId}`, DECLINE_LIMITS.perBag],
    ...(ipAddress ? [[`declines:ip:${addressBlock(ipAddress)}`, DECLINE_LIMITS.perAddress]] : []),
    ...(fingerprint ? [[`declines:card:${fingerprint}`, DECLINE_LIMITS.perCard]] : []),
  ] as Array<[string, { max: number; windowMs: number }]>;

/**
 * The counters live in the gateway's rate limiter: in Redis with REDIS_URL, so every gateway shares
 * them. An attempt takes its place before the card is tried (one atomic increment per counter), so
 * concurrent attempts cannot all slip under the limit; an attempt that was not declined gives its
 * place back.
 */
export function declineLimits(limiter: RateLimiter) {
  return {
    /**
     * Whether the bag, or the client's address (a new session's new bag from the same place), had a
     * card declined within the window: placement then asks for the captcha.
     */
    declinedBefore: async (cartId: string, ipAddress?: string) =>
      (await limiter.count(`declines:bag:${cartId}`)) > 0 ||
      (ipAddress !== undefined && (await limiter.count(`declines:ip:${addressBlock(ipAddress)}`)) > 0),
    /**
     * Reserves one decline against the bag, the address and the card: refused with the seconds to
     * wait when one of them is used up (nothing kept), else a release for an attempt that was not declined.
     */
    async reserve(
      subject: DeclineSubject,
    ): Promise<{ allowed: true; release: () => Promise<void> } | { allowed: false; retryAfterSeconds: number }> {
      const taken: string[] = [];
      const release = async () => {
        for (const key of taken) await limiter.release(key);
      };
      let wait = 0;
      for (const [key, limit] of keysOf(subject)) {
        const count = await limiter.hit(key, limit.windowMs);
        taken.push(key);
        if (count > limit.max) wait = Math.max(wait, Math.ceil((await limiter.msUntilReset(key)) / 1000), 1);
      }
      if (wait === 0) return { allowed: true, release };
      await release();
      return { allowed: false, retryAfterSeconds: wait };
    },
  };
}
export type DeclineLimits = ReturnType<typeof declineLimits>;
