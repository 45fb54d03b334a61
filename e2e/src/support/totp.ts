import { generateSync } from 'otplib';

/**
 * The code an authenticator app shows for `secret` now (RFC 6238 as the apps use it: HMAC-SHA-1,
 * 30-second steps, 6 digits), so a browser test signs in as a staff member would. It is otplib's,
 * the library the gateway checks codes with.
 */
export function totpCode(secret: string, nowMs = Date.now()): string {
  return generateSync({ secret, epoch: Math.floor(nowMs / 1000) });
}
