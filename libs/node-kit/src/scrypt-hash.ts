import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP Password Storage Cheat Sheet minimum for scrypt: N=2^17, r=8, p=1. */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

export class InvalidHashFormatError extends Error {
  constructor() {
    super('Invalid hash format');
    this.name = 'InvalidHashFormatError';
  }
}

const derive = (password: string, salt: Buffer, N: number, r: number, p: number, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, length, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );

/** `$scrypt$N=131072,r=8,p=1$<salt base64>$<hash base64>`: five parts when split on `$`. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await derive(password, salt, N, r, p, KEY_LENGTH);
  return `$scrypt$N=${N},r=${r},p=${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

const FORMAT = /^\$scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

/** Verifies in constant time; throws InvalidHashFormatError on anything not in the format. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match || stored.split('$').length !== 5) throw new InvalidHashFormatError();
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Refuse parameters that are weak or would exhaust memory.
  if (N < 2 ** 14 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) {
    throw new InvalidHashFormatError();
  }
  const salt = Buffer.from(match[4], 'base64');
  const expected = Buffer.from(match[5], 'base64');
  if (salt.length < 8 || expected.length < 16) throw new InvalidHashFormatError();
  const actual = await derive(password, salt, N, r, p, expected.length);
  return timingSafeEqual(actual, expected);
}
