import type { BrandCatalog } from '@shop/brands';
import type { BrandId } from '@shop/contracts';
import { type Request, type Response, Router } from 'express';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import type { BrandOrigins } from '../../shared/brand-origins';
import { DomainError } from '../../shared/domain-error';
import { emptyBodySchema, parseBody } from '../checkout/checkout-routes';
import type { FlagAdmin } from '../flags/flag-admin';
import { flagChangeSchema, flagRollbackSchema } from '../flags/flag-ops-routes';
import type { PreviewLinks } from './preview-links';
import { staffGuard } from './staff-guard';

/** A change as the admin sends it: the actor is the signed-in staff member, never a field. */
export const adminFlagChangeSchema = flagChangeSchema.omit({ actor: true });
export const adminFlagRollbackSchema = flagRollbackSchema.omit({ actor: true });

/**
 * Brand managers' flags in the admin: the same use cases as the back office's routes
 * (flag-admin.ts), behind the staff session and its role on the brand. Viewers read the flags
 * and the audit; managers change a flag, roll a change back, and make preview links. No route
 * updates or deletes the audit.
 */
export function adminFlagRoutes(deps: {
  catalog: BrandCatalog;
  admin: FlagAdmin;
  links: PreviewLinks;
  origins: BrandOrigins;
}): Router {
  const { catalog, admin, links, origins } = deps;
  const router = Router();
  router.use(serviceLabel('Feature flags'));
  const brandOf = (req: Request): BrandId => {
    const brand = String(req.params.brand);
    if (!catalog.has(brand as BrandId)) throw new DomainError('NOT_FOUND', `There is no brand "${brand}".`);
    return brand as BrandId;
  };
  const actor = (res: Response) => String(res.locals.staff?.email);

  router.get('/brands/:brand/flags', staffGuard('viewer'), async (req, res) => {
    res.set('cache-control', 'no-store').json(await admin.list(brandOf(req), res.locals.correlationId));
  });

  router.get('/brands/:brand/flags/audit', staffGuard('viewer'), async (req, res) => {
    res.set('cache-control', 'no-store').json({ changes: await admin.audit(brandOf(req), res.locals.correlationId) });
  });

  router.put('/brands/:brand/flags/:key', staffGuard('manager'), async (req, res) => {
    const brand = brandOf(req);
    const change = parseBody(adminFlagChangeSchema, req.body);
    const answer = await admin.change(
      brand,
      String(req.params.key),
      { ...change, actor: actor(res) },
      res.locals.correlationId,
    );
    res.set('cache-control', 'no-store').json(answer);
  });

  router.post('/brands/:brand/flags/audit/:number/rollback', staffGuard('manager'), async (req, res) => {
    const brand = brandOf(req);
    const number = Number(req.params.number);
    if (!Number.isInteger(number) || number < 1) throw new DomainError('NOT_FOUND', 'There is no such change.');
    const request = parseBody(adminFlagRollbackSchema, req.body);
    const answer = await admin.rollback(brand, number, { ...request, actor: actor(res) }, res.locals.correlationId);
    res.set('cache-control', 'no-store').json(answer);
  });

  router.post('/brands/:brand/preview-link', staffGuard('manager'), (req, res) => {
    const brand = brandOf(req);
    parseBody(emptyBodySchema, req.body);
    const { token, expiresAt } = links.issue(brand);
    res
      .set('cache-control', 'no-store')
      .json({ url: `${origins.canonical(brand)}/preview/${token}`, expiresAt: new Date(expiresAt).toISOString() });
  });
  return router;
}
