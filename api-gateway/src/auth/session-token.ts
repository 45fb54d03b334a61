import { hkdfSync, randomUUID } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';

/** SPEC §3 session user. */
export const sessionUserSchema = z.object({
  id: z.string().min(1).max(100),
  email: z.string().max(320).optional(),
  firstname: z.string().max(256).optional(),
  lastname: z.string().max(256).optional(),
  isLoggedIn: z.boolean(),
  externalLoginData: z.object({ facebookId: z.string().max(100).optional() }).optional(),
  userId: z.string().max(100).optional(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_UPDATE_AGE_SECONDS = 24 * 60 * 60;

export interface SessionClaims {
  user: SessionUser;
  /** session id: revoked by id on sign-out */
  jti: string;
  iat: number;
  exp: number;
}

/**
 * Auth.js-style session tokens: a JWE (dir, A256CBC-HS512) whose key is derived with HKDF
 * from the secret and the cookie name, so the gateway holds the only key.
 */
export function createSessionCodec(secret: string) {
  const keys = new Map<string, Uint8Array>();
  const keyFor = (salt: string) => {
    let key = keys.get(salt);
    if (!key) {
      key = new Uint8Array(hkdfSync('sha256', secret, salt, `Auth.js Generated Encryption Key (${salt})`, 64));
      keys.set(salt, key);
    }
    return key;
  };
  return {
    async encode(user: SessionUser, salt: string, now = Date.now(), jti: string = randomUUID()): Promise<{ token: string; claims: SessionClaims }> {
      const iat = Math.floor(now / 1000);
      const claims: SessionClaims = { user, jti, iat, exp: iat + SESSION_MAX_AGE_SECONDS };
      const token = await new EncryptJWT({ user })
        .setProtectedHeader({ alg: 'dir', enc: 'A256CBC-HS512' })
        .setIssuedAt(iat)
        .setExpirationTime(claims.exp)
        .setJti(jti)
        .encrypt(keyFor(salt));
      return { token, claims };
    },
    /** The claims of a valid, unexpired, untampered token; undefined otherwise. */
    async decode(token: string | undefined, salt: string, now = Date.now()): Promise<SessionClaims | undefined> {
      if (!token || token.length > 8192) return undefined;
      try {
        const { payload } = await jwtDecrypt(token, keyFor(salt), { clockTolerance: 0, currentDate: new Date(now) });
        const user = sessionUserSchema.safeParse(payload.user);
        if (!user.success || typeof payload.jti !== 'string' || typeof payload.iat !== 'number' || typeof payload.exp !== 'number') return undefined;
        return { user: user.data, jti: payload.jti, iat: payload.iat, exp: payload.exp };
      } catch {
        return undefined;
      }
    },
  };
}
export type SessionCodec = ReturnType<typeof createSessionCodec>;
