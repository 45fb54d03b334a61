import { isIP } from 'node:net';
import escapeHtml from 'escape-html';
import type { Request, Response } from 'express';
import { DomainError } from './domain-error';
import type { Throttle, Verdict } from './throttle';

/** Loopback and private (RFC 1918, unique-local) addresses: callers on our own machines or network. */
function isInternalAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number);
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  return ip === '::1' || /^f[cd][0-9a-f]{2}:/i.test(ip);
}

/**
 * A caller of our own, through no proxy: the page renderer reads this gateway's /api for a page
 * whose render was already counted, from its machine or network (RENDERER_API_ORIGIN names a
 * loopback or private address), and health checks and load runs come from there too. A shopper's
 * request through a proxy carries X-Forwarded-For and is counted by the address that names.
 */
export const internalCaller = (req: Request) =>
  req.headers['x-forwarded-for'] === undefined && isInternalAddress(req.socket.remoteAddress);

const clientAddress = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/**
 * Per-address limits on the pages and queries that cost the most to answer (see LIMITS): listing
 * and search page renders, and listing and quick-search queries the response cache does not hold.
 */
export function browseLimit(throttle: Pick<Throttle, 'listingPageAllowed' | 'catalogQueryAllowed'>) {
  return {
    /** A listing or search page: allowed, or refused with the seconds to wait. */
    page: async (req: Request): Promise<Verdict> =>
      internalCaller(req) ? { allowed: true } : throttle.listingPageAllowed(clientAddress(req)),
    /** A catalog query about to miss the cache: throws a 429 (with Retry-After) once the address is over its limit. */
    async query(req: Request, res: Response): Promise<void> {
      if (internalCaller(req)) return;
      const verdict = await throttle.catalogQueryAllowed(clientAddress(req));
      if (verdict.allowed) return;
      res.set('retry-after', String(verdict.retryAfterSeconds));
      throw new DomainError('TOO_MANY_REQUESTS', 'Too many searches from your address. Try again in a minute.');
    },
  };
}
export type BrowseLimit = ReturnType<typeof browseLimit>;

/** What a browser tab shows for a listing or search page asked for too often: a page, never JSON. */
export function tooManyPagesHtml(brandName: string, retryAfterSeconds: number): string {
  const title = 'Too many pages at once';
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="robots" content="noindex">
  <title>${escapeHtml(title)} - ${escapeHtml(brandName)}</title>
</head>
<body>
  <main>
    <h1>${escapeHtml(title)}</h1>
    <p>We received a great many listing and search pages from your address in the last minute. Please wait ${retryAfterSeconds} seconds, then reload this page.</p>
    <p><a href="/">Back to the home page</a></p>
  </main>
</body>
</html>
`;
}
