import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomId } from '../http/ids';

/**
 * Device ids the collector hands out (`GET /cs/generatecookie`) are signed, so `storecookie`
 * takes back only ids it made: `dev_<24 random>.<signature>`. Nothing is stored until a session
 * uses one.
 */
const sign = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`fraud-device:${id}`).digest('base64url').slice(0, 22);

export const makeDeviceId = (secret: string) => {
  const id = randomId('dev_');
  return `${id}.${sign(secret, id)}`;
};

export function validDeviceId(secret: string, value: string): boolean {
  const match = /^(dev_[A-Za-z0-9]{24})\.([A-Za-z0-9_-]{22})$/.exec(value);
  if (!match) return false;
  const expected = Buffer.from(sign(secret, match[1]));
  const given = Buffer.from(match[2]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Session ids the page makes (SPEC §4, once per session): 8 to 128 URL-safe characters, a UUID fits. */
export const SESSION_ID = /^[A-Za-z0-9_-]{8,128}$/;
