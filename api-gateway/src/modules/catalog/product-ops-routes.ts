import type { BrandCatalog } from '@shop/brands';
import { Router } from 'express';
import { z } from 'zod';
import type { CommerceClient } from '../../clients/commercetools';
import type { ResponseCache } from '../../data-access/response-cache';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import { DomainError } from '../../shared/domain-error';
import { requireOpsKey } from '../orders/ops-routes';
import { productCacheKey } from './catalog-routes';

export const styleParams = z.object({
  style: z
    .string()
    .regex(/^[A-Za-z0-9]{2,80}$/)
    .describe("The product's style number"),
});

/**
 * The back office's product routes (Bearer OPS_API_KEY, server to server):
 * /api/ops/products/{style}/withdraw takes a product off sale on every brand that sells it, and
 * /restore puts it back. A withdrawn product leaves listings and search, cannot be added to a
 * bag, and its page answers 410 with a page that says so. Both are safe to repeat. This
 * gateway's product answers are forgotten at once (the shared cache too, in scale mode); a
 * listing that still names it is at most one cache lifetime (60 s) old.
 */
export function productOpsRoutes(
  apiKey: string,
  catalog: BrandCatalog,
  commerce: CommerceClient,
  cache: ResponseCache,
): Router {
  const router = Router();
  router.use('/products', serviceLabel('The catalog'), requireOpsKey(apiKey));
  for (const [action, onSale] of [
    ['withdraw', false],
    ['restore', true],
  ] as const) {
    router.post(`/products/:style/${action}`, async (req, res) => {
      const parsed = styleParams.safeParse(req.params);
      if (!parsed.success) throw new DomainError('INVALID_PARAMETER', 'style: must be a style number');
      const { style } = parsed.data;
      const done = await commerce.setProductOnSale(style, onSale, { correlationId: res.locals.correlationId });
      if (!done) throw new DomainError('PRODUCT_NOT_FOUND', `There is no product "${style}".`);
      const ids = [...new Set([style, style.toUpperCase(), style.toLowerCase(), ...done.skus])];
      await cache.delete([...catalog.keys()].flatMap((storeKey) => ids.map((id) => productCacheKey(storeKey, id))));
      res.set('cache-control', 'no-store').json({ style, onSale, changed: done.changed });
    });
  }
  return router;
}
