import { Router } from 'express';
import type { CommerceClient } from '../../clients/commercetools';
import { DomainError } from '../../shared/domain-error';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';

/**
 * GET /media/{type}/{hex}-{view}.svg (and {hex}.svg, an older seed's front): product images from
 * the commerce platform's asset host, served from our origin (the CSP allows images from 'self'
 * only) with a year of caching. A name that cannot be an image is a 404 without asking the host.
 */
export function mediaRoutes(commerce: CommerceClient): Router {
  const router = Router();
  router.get('/media/:type/:file', serviceLabel('The image service'), async (req, res) => {
    const { type, file } = req.params as { type: string; file: string };
    if (!/^[a-z-]{2,20}$/.test(type) || !/^[0-9a-f]{6}(-[a-z]{1,12})?\.svg$/.test(file))
      throw new DomainError('NOT_FOUND', 'No such image');
    // An unreachable host is an UpstreamUnavailableError: 503 with Retry-After, never cached.
    const image = await commerce.image(type, file);
    if (!image) throw new DomainError('NOT_FOUND', 'No such image');
    res.set({
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
    });
    res.send(image);
  });
  return router;
}
