import type { Request, Response } from 'express';
import { createMemoryRateLimiter } from '../data-access/rate-limiter';
import { DomainError } from './domain-error';
import { browseLimit } from './browse-limit';
import { LIMITS, createThrottle } from './throttle';

const requestFrom = (socketAddress: string, forwardedFor?: string) =>
  ({
    ip: forwardedFor ?? socketAddress,
    socket: { remoteAddress: socketAddress },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }) as unknown as Request;

const response = () => {
  const headers: Record<string, string> = {};
  return { headers, res: { set: (name: string, value: string) => (headers[name] = value) } as unknown as Response };
};

describe('the listing and search limits', () => {
  it('refuses a catalog query over the address limit with a 429 and Retry-After, other addresses unaffected', async () => {
    const limit = browseLimit(createThrottle(createMemoryRateLimiter()));
    const shopper = requestFrom('10.0.0.2', '203.0.113.5');
    for (let i = 0; i < LIMITS.catalogQueriesPerIp.max; i += 1) await limit.query(shopper, response().res);
    const { headers, res } = response();
    const refused = await limit.query(shopper, res).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).code).toBe('TOO_MANY_REQUESTS');
    expect(Number(headers['retry-after'])).toBeGreaterThan(0);
    await expect(limit.query(requestFrom('10.0.0.2', '203.0.113.6'), response().res)).resolves.toBeUndefined();
  });

  it("never counts the page renderer's reads (our own network, through no proxy), nor lets a shopper pass as it", async () => {
    const limit = browseLimit(createThrottle(createMemoryRateLimiter()));
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::1', '10.1.2.3', '172.20.0.4', '192.168.1.9', 'fd00::5'])
      for (let i = 0; i <= LIMITS.listingPagesPerIp.max; i += 1)
        expect(await limit.page(requestFrom(address))).toEqual({ allowed: true });
    // A public address, or a request through a proxy, counts.
    for (const request of [requestFrom('198.51.100.3'), requestFrom('127.0.0.1', '198.51.100.4')]) {
      for (let i = 0; i < LIMITS.listingPagesPerIp.max; i += 1) await limit.page(request);
      expect(await limit.page(request)).toMatchObject({ allowed: false });
    }
  });
});
