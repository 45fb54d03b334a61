import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';

interface TokenClaims {
  /** client id */
  sub: string;
  scope: string;
  /** expiry, seconds since the epoch */
  exp: number;
  jti: string;
}

const b64 = (buffer: Buffer) => buffer.toString('base64url');

/** Tokens kept once verified: a client keeps one token until it nears expiry, so a few per client. */
const VERIFIED_KEPT = 1_000;

/**
 * Stateless access tokens: claims signed with HMAC-SHA256, so any number of service instances
 * accept each other's tokens without shared storage.
 */
export function createTokenService(secret: string, ttlSeconds: number) {
  const sign = (payload: string) => createHmac('sha256', secret).update(payload).digest();
  // A token never changes: its signature is checked once, its expiry on every use.
  const verified = new LRUCache<string, TokenClaims>({ max: VERIFIED_KEPT });
  const current = (claims: TokenClaims) => (claims.exp > Date.now() / 1000 ? claims : undefined);
  return {
    issue(clientId: string, scope: string) {
      const claims: TokenClaims = {
        sub: clientId,
        scope,
        exp: Math.floor(Date.now() / 1000) + ttlSeconds,
        jti: b64(randomBytes(9)),
      };
      const payload = b64(Buffer.from(JSON.stringify(claims)));
      return { token: `${payload}.${b64(sign(payload))}`, expiresIn: ttlSeconds };
    },
    /** The claims of a valid, unexpired token; undefined otherwise. */
    verify(token: string): TokenClaims | undefined {
      const known = verified.get(token);
      if (known) return current(known);
      const [payload, signature, extra] = token.split('.');
      if (!payload || !signature || extra !== undefined) return undefined;
      const given = Buffer.from(signature, 'base64url');
      const expected = sign(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
        if (typeof claims.exp !== 'number') return undefined;
        verified.set(token, claims);
        return current(claims);
      } catch {
        return undefined;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
