import { createHash } from 'node:crypto';

/**
 * A shopper's bucket (0-99) for one brand's remote: the same key always lands in the same one,
 * and the brand and remote in the hash keep one shopper's buckets independent across canaries.
 */
export function canaryBucket(shopperKey: string, brand: string, remote: string): number {
  const digest = createHash('sha256').update(`${shopperKey}\u0000${brand}\u0000${remote}`).digest();
  return digest.readUInt32BE(0) % 100;
}

/** Whether a shopper gets the canary of a brand's remote; a request without a key never does. */
export const inCanary = (shopperKey: string | undefined, brand: string, remote: string, percent: number): boolean =>
  shopperKey !== undefined && canaryBucket(shopperKey, brand, remote) < percent;
