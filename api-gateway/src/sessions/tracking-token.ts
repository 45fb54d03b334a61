import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';

/** A token this module issues: a lowercase UUID of version 8 (RFC 9562's layout for custom content). */
const ISSUED = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * The tracking session token (the sessionToken cookie, SPEC §4) as the gateway signs it. It stays
 * a well-formed UUID, so page script, the tracking records' schema and the log read it unchanged,
 * but its content is the gateway's: the first 8 bytes are the session's id (60 random bits and the
 * version nibble), the last 8 bytes the first 62 bits of an HMAC-SHA256 of those, under a key
 * derived from AUTH_SECRET for these tokens alone (2 bits are the UUID's variant). A value a
 * shopper writes (a random UUID, another one's altered id) carries no valid tag and is not a token:
 * guessing one takes 2^61 tries on average, each a request to the gateway.
 */
export function trackingTokens(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'shop-tracking-session', 'Tracking session token key', 32));
  const tagged = (id: Buffer): Buffer => {
    const tag = createHmac('sha256', key).update(id).digest().subarray(0, 8);
    // The variant bits (10) take the tag's top two.
    tag[0] = (tag[0] & 0x3f) | 0x80;
    return Buffer.concat([id, tag]);
  };
  const format = (bytes: Buffer) => {
    const hex = bytes.toString('hex');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  return {
    /** A fresh token: a new random id and its tag. */
    issue(): string {
      const id = randomBytes(8);
      id[6] = (id[6] & 0x0f) | 0x80;
      return format(tagged(id));
    },
    /** Whether `value` is a token this gateway (with this secret) issued. */
    verify(value: string | undefined): value is string {
      if (!value || !ISSUED.test(value)) return false;
      const bytes = Buffer.from(value.replaceAll('-', ''), 'hex');
      return timingSafeEqual(tagged(bytes.subarray(0, 8)).subarray(8), bytes.subarray(8));
    },
  };
}
export type TrackingTokens = ReturnType<typeof trackingTokens>;
