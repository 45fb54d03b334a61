import { createMemoryRateLimiter } from '../../data-access/rate-limiter';
import { declineLimits } from './decline-limits';

describe('decline limits', () => {
  let clock = 0;
  const limits = () => declineLimits(createMemoryRateLimiter(() => clock));
  const decline = async (limiter: ReturnType<typeof limits>, subject: Parameters<typeof limiter.reserve>[0]) => {
    const place = await limiter.reserve(subject);
    return place.allowed ? 'tried' : place.retryAfterSeconds;
  };

  it('lets 3 declines on a bag through and refuses the 4th until the 15 minutes are over', async () => {
    const limiter = limits();
    const bag = { cartId: 'cart-1', ipAddress: '203.0.113.1' };
    for (let i = 0; i < 3; i += 1) expect(await decline(limiter, bag)).toBe('tried');
    expect(await decline(limiter, bag)).toBe(15 * 60);
    clock += 15 * 60 * 1000;
    expect(await decline(limiter, bag)).toBe('tried');
  });

  it('counts 5 declines per address across bags, and 3 per card across addresses', async () => {
    const limiter = limits();
    for (let i = 0; i < 5; i += 1)
      expect(await decline(limiter, { cartId: `bag-${i}`, ipAddress: '203.0.113.9' })).toBe('tried');
    expect(await decline(limiter, { cartId: 'bag-new', ipAddress: '203.0.113.9' })).toEqual(expect.any(Number));
    expect(await decline(limiter, { cartId: 'bag-new', ipAddress: '203.0.113.10' })).toBe('tried');
    const card = (i: number) => ({ cartId: `c-${i}`, ipAddress: `198.51.100.${i}`, fingerprint: 'fp-1' });
    for (let i = 0; i < 3; i += 1) expect(await decline(limiter, card(i))).toBe('tried');
    expect(await decline(limiter, card(9))).toEqual(expect.any(Number));
  });

  it('gives the place back for an attempt that was not declined', async () => {
    const limiter = limits();
    const bag = { cartId: 'cart-ok' };
    for (let i = 0; i < 10; i += 1) {
      const place = await limiter.reserve(bag);
      if (!place.allowed) throw new Error('refused an attempt that was never declined');
      await place.release();
    }
  });
});
