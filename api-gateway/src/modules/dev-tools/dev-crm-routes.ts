import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { type CrmClient, CrmRequestError } from '../../clients/crm';
import { renderCrmRecordsPage } from './crm-records-page';
import type { CartWriteStats } from '../../shared/cart-write-stats';
import { HttpError } from '../../errors';
import { DomainError } from '../../shared/domain-error';

export const limitSchema = z.coerce.number().int().min(1).max(200).default(50);

const limitOf = (req: Request) => {
  const parsed = limitSchema.safeParse(req.query.limit);
  if (!parsed.success) throw new DomainError('VALIDATION_FAILED', 'limit: a whole number from 1 to 200');
  return parsed.data;
};

/** Reads from the CRM; when it is down the page says so instead of failing with a 500. */
async function fromCrm<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof CrmRequestError) throw new HttpError(error.status, error.code, 'The CRM did not answer.');
    throw error;
  }
}

const noStore = (res: Response) => res.set('cache-control', 'no-store');

/**
 * GET /api/dev/cases and /api/dev/leads: what the CRM holds, newest first; GET /api/dev/cart-stats: what cart writes cost the commerce
 * platform in this process (development and test only).
 */
export function devApiRoutes(crm: CrmClient, cartStats: CartWriteStats): Router {
  const router = Router();
  router.get('/cart-stats', (_req, res) => noStore(res).json({ ...cartStats }));
  router.get('/cases', async (req, res) => noStore(res).json(await fromCrm(() => crm.listCases(limitOf(req)))));
  router.get('/leads', async (req, res) => noStore(res).json(await fromCrm(() => crm.listLeads(limitOf(req)))));
  return router;
}

/** GET /dev/cases: the same as an HTML page, every value escaped (development and test only). */
export function crmDevPage(crm: CrmClient): Router {
  const router = Router();
  router.get('/dev/cases', async (req, res) => {
    const limit = limitOf(req);
    const [cases, leads] = await fromCrm(() => Promise.all([crm.listCases(limit), crm.listLeads(limit)]));
    noStore(res).type('html').send(renderCrmRecordsPage({ cases, leads }));
  });
  return router;
}
