import { InvalidHashFormatError } from '@shop/node-kit';
import { CommerceRequestError } from '../../clients/commercetools';
import { UpstreamUnavailableError } from '../../clients/upstream-guard';
import { credentialsSignIn } from './credentials-sign-in';
import type { PasswordVerifier } from './password-work';

const logged: string[] = [];
const logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: (m: string) => logged.push(m),
  error: (m: string) => logged.push(m),
};
const captcha = { verify: async (answer: unknown) => answer === 'ok', challenge: async () => 'token' };
const wrongPassword = () =>
  new CommerceRequestError(400, 'InvalidCredentials', 'Account with the given credentials not found.', {}, undefined);

function commerceWith(
  legacyHash: string | undefined,
  login: () => Promise<never> = async () => Promise.reject(wrongPassword()),
) {
  const calls: string[] = [];
  return {
    calls,
    client: {
      signIn: async () => {
        calls.push('login');
        return login();
      },
      findLegacyPasswordHash: async () => {
        calls.push('LegacyCustomer');
        return legacyHash;
      },
      createPasswordResetToken: async () => {
        calls.push('CreateResetToken');
        return 'token';
      },
      resetPassword: async () => {
        calls.push('ResetPassword');
        return 'c-9';
      },
    },
  };
}

/** Records every password check; real hashes in an unknown format are refused as node-kit does. */
function recordingVerifier() {
  const checks: string[] = [];
  const passwords: PasswordVerifier = {
    verify: async (_password, hash) => {
      checks.push('verify');
      if (!hash.startsWith('$scrypt$')) throw new InvalidHashFormatError();
      return false;
    },
    verifyDummy: async () => {
      checks.push('dummy');
    },
  };
  return { checks, passwords };
}

const input = {
  email: 'a@example.com',
  password: 'Legacy-Pass-1',
  captcha: 'ok',
  storeKey: 'vanityfair',
  legacyMigration: true,
  correlationId: 'c-1',
};
const deps = (client: unknown, passwords: PasswordVerifier, overrides: Record<string, unknown> = {}) => ({
  commerce: client as never,
  captcha,
  logger,
  passwords,
  ...overrides,
});

describe('credentials sign-in', () => {
  beforeEach(() => (logged.length = 0));

  it('refuses and logs when the captcha fails', async () => {
    const { client } = commerceWith('x');
    const { passwords } = recordingVerifier();
    expect(await credentialsSignIn({ ...input, captcha: 'bad' }, deps(client, passwords))).toEqual({ kind: 'refused' });
    expect(logged).toEqual(['Token or captcha verification failed']);
  });

  it('handles a legacy hash in the wrong format: logs "Invalid hash format", signs nobody in, and still spends one check', async () => {
    const { client, calls } = commerceWith('$md5$not-a-scrypt-hash');
    const { checks, passwords } = recordingVerifier();
    expect(await credentialsSignIn(input, deps(client, passwords))).toEqual({ kind: 'refused' });
    expect(logged).toContain('Invalid hash format');
    expect(calls).toEqual(['login', 'LegacyCustomer']);
    expect(checks).toEqual(['verify', 'dummy']);
  });

  it('does not look for a legacy hash when the brand does not migrate, but runs the dummy check a legacy account would cost', async () => {
    const { client, calls } = commerceWith('x');
    const { checks, passwords } = recordingVerifier();
    expect(await credentialsSignIn({ ...input, legacyMigration: false }, deps(client, passwords))).toEqual({
      kind: 'refused',
    });
    expect(calls).toEqual(['login']);
    expect(checks).toEqual(['dummy']);
  });

  it('runs the dummy check when the customer has no legacy hash, and the real one when there is', async () => {
    const none = recordingVerifier();
    expect(await credentialsSignIn(input, deps(commerceWith(undefined).client, none.passwords))).toEqual({
      kind: 'refused',
    });
    expect(none.checks).toEqual(['dummy']);
    const legacy = recordingVerifier();
    expect(
      await credentialsSignIn(
        input,
        deps(commerceWith('$scrypt$N=131072,r=8,p=1$c2FsdA==$aGFzaA==').client, legacy.passwords),
      ),
    ).toEqual({ kind: 'refused' });
    expect(legacy.checks).toEqual(['verify']);
  });

  it('answers unavailable, not refused, when commerce is down', async () => {
    const { client } = commerceWith(undefined, async () =>
      Promise.reject(new UpstreamUnavailableError('commerce', 5, 'circuit open')),
    );
    const { checks, passwords } = recordingVerifier();
    expect(await credentialsSignIn(input, deps(client, passwords))).toEqual({ kind: 'unavailable' });
    expect(checks).toEqual([]);
  });

  it('answers unavailable when the captcha vendor is down', async () => {
    const { client, calls } = commerceWith(undefined);
    const down = {
      verify: async () => Promise.reject(new UpstreamUnavailableError('captcha', 2, 'timed out')),
      challenge: async () => 'token',
    };
    const { passwords } = recordingVerifier();
    expect(await credentialsSignIn(input, deps(client, passwords, { captcha: down }))).toEqual({ kind: 'unavailable' });
    expect(calls).toEqual([]);
  });

  it('signs in with the right password', async () => {
    const { client } = commerceWith(undefined, async () => ({ id: 'c-9', email: 'a@example.com' }) as never);
    const { checks, passwords } = recordingVerifier();
    expect(await credentialsSignIn(input, deps(client, passwords))).toMatchObject({
      kind: 'signed-in',
      user: { id: 'c-9', isLoggedIn: true },
    });
    expect(checks).toEqual([]);
  });
});
