import { UpstreamUnavailableError } from '../../clients/upstream-guard';
import { CommerceRequestError } from '../../clients/commercetools';
import type { PasswordVerifier } from './password-work';
import { attemptSignIn } from './sign-in-attempt';

const logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const captcha = { verify: async () => true, challenge: async () => 'token' };
const input = {
  email: 'a@example.com',
  password: 'Some-Pass-1',
  captcha: 'ok',
  storeKey: 'vanityfair',
  legacyMigration: false,
  correlationId: 'c-1',
};

function harness(login: () => Promise<unknown>, allowed = true) {
  const events: string[] = [];
  const throttle = {
    signInReserved: async () => {
      events.push('reserved');
      return allowed;
    },
    signInReleased: async () => void events.push('released'),
    signInSucceeded: async () => void events.push('succeeded'),
  };
  const passwords: PasswordVerifier = { verify: async () => false, verifyDummy: async () => void events.push('dummy') };
  const commerce = {
    signIn: async () => {
      events.push('login');
      return login();
    },
    findLegacyPasswordHash: async () => undefined,
  };
  const pacer = { observe: () => void events.push('observed'), wait: async () => void events.push('paced') };
  const deps = { commerce: commerce as never, captcha, logger, passwords, throttle: throttle as never, pacer };
  return { events, run: () => attemptSignIn(input, '203.0.113.7', deps) };
}

describe('a sign-in attempt under the brute-force limits', () => {
  it('counts a wrong password against the account', async () => {
    const { events, run } = harness(async () =>
      Promise.reject(new CommerceRequestError(400, 'InvalidCredentials', 'no', {}, undefined)),
    );
    expect(await run()).toEqual({ kind: 'refused' });
    // The place taken before the check stays taken.
    expect(events).toEqual(['reserved', 'login', 'dummy', 'observed']);
  });

  it('never counts an upstream outage as a wrong password', async () => {
    const { events, run } = harness(async () =>
      Promise.reject(new UpstreamUnavailableError('commerce', 5, 'circuit open')),
    );
    expect(await run()).toEqual({ kind: 'unavailable' });
    expect(events).toEqual(['reserved', 'login', 'released']);
  });

  it('gives the place back when the check fails on an error of ours', async () => {
    const { events, run } = harness(async () => Promise.reject(new Error('bug')));
    await expect(run()).rejects.toThrow('bug');
    expect(events).toEqual(['reserved', 'login', 'released']);
  });

  it('answers a throttled attempt like a wrong password, after a paced wait, with no login and no password work', async () => {
    const { events, run } = harness(async () => ({ id: 'c', email: 'a@example.com' }), false);
    expect(await run()).toEqual({ kind: 'refused' });
    // Password work here would let an attacker past the limit spend the server's CPU and memory.
    expect(events).toEqual(['reserved', 'paced']);
  });

  it('clears the count on success', async () => {
    const { events, run } = harness(async () => ({ id: 'c', email: 'a@example.com' }));
    expect(await run()).toMatchObject({ kind: 'signed-in' });
    expect(events).toEqual(['reserved', 'login', 'succeeded']);
  });
});
