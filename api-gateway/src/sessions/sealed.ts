import { hkdfSync } from 'node:crypto';
import { EncryptJWT, type JWTPayload, jwtDecrypt } from 'jose';

/** Encrypted, expiring payloads (JWE dir/A256CBC-HS512) under a key derived for one purpose. */
export function createSealer(secret: string, purpose: string) {
  const key = new Uint8Array(hkdfSync('sha256', secret, purpose, `Auth.js Generated Encryption Key (${purpose})`, 64));
  return {
    seal: (payload: JWTPayload, ttlSeconds: number, now = Date.now()) =>
      new EncryptJWT(payload)
        .setProtectedHeader({ alg: 'dir', enc: 'A256CBC-HS512' })
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(now / 1000) + ttlSeconds)
        .encrypt(key),
    async open(token: string | undefined, now = Date.now()): Promise<JWTPayload | undefined> {
      if (!token || token.length > 8192) return undefined;
      try {
        return (await jwtDecrypt(token, key, { clockTolerance: 0, currentDate: new Date(now) })).payload;
      } catch {
        return undefined;
      }
    },
  };
}
