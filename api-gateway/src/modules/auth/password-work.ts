import { randomBytes } from 'node:crypto';
import { hashPassword, verifyPassword } from '@shop/node-kit';

/** Checks a password against a stored hash; injected so tests can see which checks ran. */
export interface PasswordVerifier {
  verify(password: string, hash: string): Promise<boolean>;
  /** The same work against a fixed hash no password matches, where there is nothing real to check. */
  verifyDummy(password: string): Promise<void>;
}

/**
 * Every failed sign-in must cost the same, or the answer time tells which accounts have a legacy
 * hash, or that the throttle has kicked in. The dummy hash is made once, with the same scrypt
 * parameters as real ones, from a random password nobody knows.
 */
export function createPasswordVerifier(): PasswordVerifier {
  let dummy: Promise<string> | undefined;
  return {
    verify: verifyPassword,
    async verifyDummy(password) {
      dummy ??= hashPassword(randomBytes(24).toString('base64url'));
      await verifyPassword(password, await dummy);
    },
  };
}
