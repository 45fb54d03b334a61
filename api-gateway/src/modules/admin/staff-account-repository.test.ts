import { generate, generateSecret } from 'otplib';
import { createLogger } from '@shop/node-kit';
import { CommerceRequestError } from '../../clients/commercetools/commerce-request-error';
import { STAFF_ACCOUNTS_CONTAINER, staffAccountKey, staffAccountRepository } from './staff-account-repository';
import type { StaffAccount } from './staff-account';
import { staffSignIn } from './staff-sign-in';
import { TOTP_PERIOD_SECONDS } from './totp';
import { SEALED_TOTP_SECRET, totpSecretSeal } from './totp-secret-seal';

const SERVER_SECRET = 'test-auth-secret-0123456789abcdef0123456789';
const SECRET = generateSecret();
const STEP = 59_000_000;

const account = (email: string, secret = SECRET): StaffAccount => ({
  email,
  passwordHash: 'hash:right password',
  totp: { secret, lastStep: 0 },
  roles: { hoopcraft: 'manager' },
  disabled: false,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

/** Commerce's custom objects as the service keeps them (versioned), with the raw stored values in view. */
function memoryObjects() {
  const objects = new Map<string, { version: number; value: unknown }>();
  const stored = (email: string) => objects.get(`${STAFF_ACCOUNTS_CONTAINER}/${staffAccountKey(email)}`);
  return {
    stored,
    /** An account as one written before sealing left it. */
    putRaw: (value: StaffAccount) =>
      void objects.set(`${STAFF_ACCOUNTS_CONTAINER}/${staffAccountKey(value.email)}`, { version: 3, value }),
    getObject: async (container: string, key: string) => objects.get(`${container}/${key}`),
    putObject: async (container: string, key: string, value: unknown, version: number) => {
      if ((objects.get(`${container}/${key}`)?.version ?? 0) !== version)
        throw new CommerceRequestError(409, 'ConcurrentModification', 'stale', {}, undefined);
      const saved = { version: version + 1, value: JSON.parse(JSON.stringify(value)) as unknown };
      objects.set(`${container}/${key}`, saved);
      return saved;
    },
  };
}

function signInWith(accounts: ReturnType<typeof staffAccountRepository>) {
  const errors: string[] = [];
  const logger = { ...createLogger('silent'), error: (message: string) => void errors.push(message) };
  const signIn = async (email: string, step: number) =>
    staffSignIn(
      {
        email,
        password: 'right password',
        totp: await generate({ secret: SECRET, epoch: step * TOTP_PERIOD_SECONDS }),
        ip: '203.0.113.9',
        correlationId: 'test',
      },
      {
        accounts,
        passwords: { verify: async (password, hash) => hash === `hash:${password}`, verifyDummy: async () => {} },
        throttle: {
          staffSignInReserved: async () => true,
          staffSignInReleased: async () => {},
          staffSignInSucceeded: async () => {},
        },
        pacer: { observe: () => {}, wait: async () => {} },
        logger,
        now: () => step * TOTP_PERIOD_SECONDS * 1000 + 5_000,
      },
    );
  return { signIn, errors };
}

describe('staff accounts at rest', () => {
  it('seals the authenticator secret on every write and opens it only for that account', async () => {
    const commerce = memoryObjects();
    const accounts = staffAccountRepository(commerce, totpSecretSeal(SERVER_SECRET));
    const written = await accounts.write(account('ana@example.com'), 0, 'test');
    const raw = commerce.stored('ana@example.com')?.value as StaffAccount;
    expect(raw.totp.secret).toMatch(SEALED_TOTP_SECRET);
    expect(JSON.stringify(raw)).not.toContain(SECRET);
    expect(written.account.totp.secret).toBe(raw.totp.secret);
    const read = (await accounts.read('ana@example.com', 'test'))?.account;
    expect(read && accounts.totpSecret(read)).toBe(SECRET);
  });

  it('reads an account whose secret is still in clear, signs it in, and seals the secret at that sign-in', async () => {
    const commerce = memoryObjects();
    commerce.putRaw(account('old@example.com'));
    const accounts = staffAccountRepository(commerce, totpSecretSeal(SERVER_SECRET));
    const { signIn } = signInWith(accounts);
    expect((await signIn('old@example.com', STEP))?.email).toBe('old@example.com');
    const raw = commerce.stored('old@example.com');
    expect(raw?.version).toBe(4);
    expect((raw?.value as StaffAccount).totp).toEqual({
      secret: expect.stringMatching(SEALED_TOTP_SECRET),
      lastStep: STEP,
    });
    // The sealed secret is the same authenticator: its next code still signs in.
    expect((await signIn('old@example.com', STEP + 1))?.email).toBe('old@example.com');
  });

  it('signs nobody in with a sealed secret copied from another account, and logs no secret', async () => {
    const commerce = memoryObjects();
    const accounts = staffAccountRepository(commerce, totpSecretSeal(SERVER_SECRET));
    const ana = await accounts.write(account('ana@example.com'), 0, 'test');
    commerce.putRaw(account('ben@example.com', ana.account.totp.secret));
    const { signIn, errors } = signInWith(accounts);
    expect(await signIn('ben@example.com', STEP)).toBeUndefined();
    expect(errors).toEqual([expect.stringContaining('reset-totp')]);
    expect(errors.join()).not.toContain(SECRET);
    expect((await signIn('ana@example.com', STEP))?.email).toBe('ana@example.com');
  });

  it('refuses to read an account whose secret is neither sealed nor base32', async () => {
    const commerce = memoryObjects();
    commerce.putRaw(account('odd@example.com', 'v1.not-a-sealed-secret'));
    const accounts = staffAccountRepository(commerce, totpSecretSeal(SERVER_SECRET));
    await expect(accounts.read('odd@example.com', 'test')).rejects.toThrow('Unreadable staff account');
  });
});
