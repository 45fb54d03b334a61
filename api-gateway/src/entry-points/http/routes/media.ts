import type { Logger } from '@shop/node-kit';
import { Router } from 'express';
import { HttpError } from '../../../errors';

/**
 * GET /media/{type}/{hex}.svg: product images from the commerce platform's asset host, served
 * from our origin (the CSP allows images from 'self' only) with a year of caching.
 */
export function mediaRoutes(commerceApiUrl: string, logger: Logger): Router {
  const router = Router();
  router.get('/media/:type/:file', async (req, res) => {
    if (!/^[a-z-]{2,20}$/.test(req.params.type) || !/^[0-9a-f]{6}\.svg$/.test(req.params.file)) throw new HttpError(404, 'NOT_FOUND', 'No such image');
    const upstream = await fetch(`${commerceApiUrl.replace(/\/$/, '')}/images/${req.params.type}/${req.params.file}`, { signal: AbortSignal.timeout(5000) }).catch(
      (error: Error) => {
        logger.error('Image host unreachable', { correlationId: res.locals.correlationId, error: error.message });
        return undefined;
      },
    );
    if (!upstream?.ok) throw new HttpError(upstream?.status === 404 ? 404 : 502, upstream?.status === 404 ? 'NOT_FOUND' : 'UPSTREAM_UNAVAILABLE', 'The image could not be loaded');
    res.set({ 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" });
    res.send(Buffer.from(await upstream.arrayBuffer()));
  });
  return router;
}
