import { randomInt } from 'node:crypto';
import { WELCOME_CODE_VALID_DAYS } from '@shop/contracts';

/** SPEC §9: the shop's calendar runs at UTC-6 (Central Standard Time). */
const SHOP_OFFSET_HOURS = -6;
const DAY_MS = 86_400_000;
/** Crockford base32: no I, L, O or U, so codes read aloud and typed back unambiguously. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const RANDOM_LENGTH = 6;

/** `{PREFIX}-WELCOME-{MM}{DD}-{RANDOM}`, month and day of issue in shop time. */
export function welcomeCode(prefix: string, now: Date, random: (max: number) => number = randomInt): string {
  if (!/^[A-Z]{2,4}$/.test(prefix)) throw new Error(`Code prefix "${prefix}" must be 2-4 capital letters`);
  const shopTime = new Date(now.getTime() + SHOP_OFFSET_HOURS * 3_600_000);
  const month = String(shopTime.getUTCMonth() + 1).padStart(2, '0');
  const day = String(shopTime.getUTCDate()).padStart(2, '0');
  const suffix = Array.from({ length: RANDOM_LENGTH }, () => ALPHABET[random(ALPHABET.length)]).join('');
  return `${prefix}-WELCOME-${month}${day}-${suffix}`;
}

/** A code issued now is valid for 30 days from this instant. */
export function welcomeCodeValidity(now: Date): { validFrom: string; validUntil: string } {
  return {
    validFrom: now.toISOString(),
    validUntil: new Date(now.getTime() + WELCOME_CODE_VALID_DAYS * DAY_MS).toISOString(),
  };
}

export const isStillValid = (validUntil: string, now: Date) => now.getTime() < Date.parse(validUntil);
