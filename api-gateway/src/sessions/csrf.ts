import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Double-submit CSRF token as Auth.js keeps it: the cookie holds `token|sha256(token+secret)`,
 * the form or JSON body sends the token. A forged cookie fails the hash check.
 */
export function createCsrf(secret: string) {
  const hash = (token: string) => createHash('sha256').update(`${token}${secret}`).digest('hex');
  // Byte lengths, not string lengths: timingSafeEqual throws on buffers of different sizes.
  const same = (a: string, b: string) => {
    const [left, right] = [Buffer.from(a), Buffer.from(b)];
    return left.length === right.length && timingSafeEqual(left, right);
  };
  const fromCookie = (cookie: string | undefined): string | undefined => {
    if (!cookie) return undefined;
    const [token, digest] = cookie.split('|');
    return token && digest && /^[0-9a-f]{64}$/.test(token) && same(digest, hash(token)) ? token : undefined;
  };
  return {
    /** The token to hand out, and the cookie value to set when the current one is missing or forged. */
    issue(cookie: string | undefined): { token: string; cookieValue?: string } {
      const existing = fromCookie(cookie);
      if (existing) return { token: existing };
      const token = randomBytes(32).toString('hex');
      return { token, cookieValue: `${token}|${hash(token)}` };
    },
    verify(cookie: string | undefined, submitted: unknown): boolean {
      const token = fromCookie(cookie);
      return Boolean(token && typeof submitted === 'string' && same(token, submitted));
    },
  };
}
export type Csrf = ReturnType<typeof createCsrf>;
