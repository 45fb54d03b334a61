import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 defaults every authenticator app reads: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side of now, for a phone's clock that is a little off and the time it takes to type. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;
const CODE = /^\d{6}$/;

export const TOTP_ISSUER = 'Shop staff';

/** A new second-factor secret and the otpauth:// URI an authenticator app scans. */
export function newTotpSecret(email: string) {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: TOTP_ISSUER, label: email, secret }) };
}

/**
 * The time step `code` belongs to, when it is right for `secret` now and for a later step than
 * `lastStep` (the last one accepted): a code already used, or an older one, is a replay.
 */
export async function acceptedStep(
  secret: string,
  code: string | undefined,
  lastStep: number,
  nowMs = Date.now(),
): Promise<number | undefined> {
  if (!code || !CODE.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_SECONDS,
  });
  // The result type also covers HOTP's, which has no time step.
  return result.valid && 'timeStep' in result && result.timeStep > lastStep ? result.timeStep : undefined;
}
