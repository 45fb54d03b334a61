import type { BrandCatalog } from '@shop/brands';
import { type Request, Router } from 'express';
import { safeText } from '@shop/contracts';
import { z } from 'zod';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import { DomainError } from '../../shared/domain-error';
import { parseBody } from '../checkout/checkout-routes';
import { requireOpsKey } from '../orders/ops-routes';
import type { FlagAdmin } from './flag-admin';
import { flagOverrideSchema } from './flag-overrides';

const who = {
  version: z.number().int().min(0),
  reason: safeText().trim().min(3, 'say why, in a few words').max(500),
  actor: safeText().trim().min(1).max(100),
};
export const flagChangeSchema = flagOverrideSchema.extend(who);
export const flagRollbackSchema = z.strictObject(who);

/**
 * The back office's flag routes (Bearer OPS_API_KEY, server to server): a brand's flags with the
 * overrides' version, a change with its reason, the audit (no route edits or deletes it), and a
 * rollback of one change. The admin for brand managers calls the same use cases.
 */
export function flagOpsRoutes(apiKey: string, catalog: BrandCatalog, admin: FlagAdmin): Router {
  const router = Router();
  router.use('/flags', serviceLabel('Feature flags'), requireOpsKey(apiKey));
  const brandOf = (req: Request) => {
    const brand = String(req.params.brand);
    if (!catalog.has(brand as never)) throw new DomainError('NOT_FOUND', `There is no brand "${brand}".`);
    return brand;
  };
  router.get('/flags/:brand', async (req, res) => {
    res.set('cache-control', 'no-store').json(await admin.list(brandOf(req), res.locals.correlationId));
  });
  router.get('/flags/:brand/audit', async (req, res) => {
    res.set('cache-control', 'no-store').json({ changes: await admin.audit(brandOf(req), res.locals.correlationId) });
  });
  router.put('/flags/:brand/:key', async (req, res) => {
    const brand = brandOf(req);
    const change = parseBody(flagChangeSchema, req.body);
    res.json(await admin.change(brand, String(req.params.key), change, res.locals.correlationId));
  });
  router.post('/flags/:brand/audit/:number/rollback', async (req, res) => {
    const brand = brandOf(req);
    const number = Number(req.params.number);
    if (!Number.isInteger(number) || number < 1) throw new DomainError('NOT_FOUND', 'There is no such change.');
    const request = parseBody(flagRollbackSchema, req.body);
    res.json(await admin.rollback(brand, number, request, res.locals.correlationId));
  });
  return router;
}
