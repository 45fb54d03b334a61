import { createMemoryRateLimiter } from '../data-access/rate-limiter';
import { LIMITS, createThrottle } from './throttle';

const twenty = <T>(attempt: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, attempt));

describe('the brute-force limits', () => {
  it('lets at most the limit of 20 concurrent sign-ins for one account and address take a place', async () => {
    const throttle = createThrottle(createMemoryRateLimiter());
    const places = await twenty(() => throttle.signInReserved('203.0.113.1', 'a@example.com'));
    expect(places.filter(Boolean)).toHaveLength(LIMITS.signInFailuresPerAccountAndIp.max);
    // Another address of the same account is not locked out.
    expect(await throttle.signInReserved('203.0.113.2', 'A@example.com')).toBe(true);
  });

  it('gives a place back for an attempt with no verdict, and clears the count on success', async () => {
    const throttle = createThrottle(createMemoryRateLimiter());
    await twenty(() => throttle.signInReserved('203.0.113.1', 'a@example.com'));
    await throttle.signInReleased('203.0.113.1', 'a@example.com');
    expect(await throttle.signInReserved('203.0.113.1', 'a@example.com')).toBe(false);
    await throttle.signInSucceeded('203.0.113.1', 'a@example.com');
    expect(await throttle.signInReserved('203.0.113.1', 'a@example.com')).toBe(true);
  });

  it('locks a staff account after the limit of concurrent attempts, from whichever addresses', async () => {
    const throttle = createThrottle(createMemoryRateLimiter());
    let address = 0;
    const places = await twenty(() => throttle.staffSignInReserved(`203.0.113.${(address += 1)}`, 'ana@example.com'));
    expect(places.filter(Boolean)).toHaveLength(LIMITS.staffSignInFailuresPerAccount.max);
  });

  it('limits order lookups per address and per address and order, never per order alone', async () => {
    const throttle = createThrottle(createMemoryRateLimiter());
    for (let i = 0; i < LIMITS.orderLookupsPerIpAndOrder.max; i += 1)
      expect(await throttle.orderLookupAllowed('203.0.113.1', 'VF0000000001')).toEqual({ allowed: true });
    expect(await throttle.orderLookupAllowed('203.0.113.1', 'VF0000000001')).toEqual({
      allowed: false,
      retryAfterSeconds: 3600,
    });
    expect(await throttle.orderLookupAllowed('203.0.113.2', 'VF0000000001')).toEqual({ allowed: true });
    expect(await throttle.orderLookupAllowed('203.0.113.1', 'VF0000000002')).toEqual({ allowed: true });
  });
});
