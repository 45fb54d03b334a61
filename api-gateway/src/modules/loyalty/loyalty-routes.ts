import type { BrandCatalog } from '@shop/brands';
import { type Request, type Response, Router } from 'express';
import { brandOf } from '../../entry-points/http/middleware/brand';
import type { SessionService } from '../../sessions/session-service';
import { DomainError } from '../../shared/domain-error';
import type { LoyaltyScope, loyaltyUseCases } from './loyalty-use-cases';

const noStore = (res: Response) => res.set('cache-control', 'private, no-store');

/** The brand has the `loyalty` flag on and the shopper is signed in; else 404 / 401. */
async function scopeOf(req: Request, res: Response, catalog: BrandCatalog, sessions: SessionService) {
  const { id, brand } = brandOf(res, catalog);
  if (!(await res.locals.flags.isOn('loyalty')))
    throw new DomainError('FEATURE_DISABLED', `${brand.config.name} has no rewards programme.`);
  const claims = await sessions.read(req, res);
  if (!claims?.user.isLoggedIn) throw new DomainError('SessionRequired', 'Sign in to see your rewards.');
  const scope: LoyaltyScope = {
    storeKey: id,
    customerId: claims.user.id,
    correlationId: String(res.locals.correlationId ?? ''),
  };
  return scope;
}

/**
 * GET /api/loyalty: the programme, the member (null before joining) and the points history.
 * POST /api/loyalty/join: joins (201 the first time, 200 when already a member) and answers the same.
 */
export function loyaltyRoutes({
  catalog,
  sessions,
  useCases,
}: {
  catalog: BrandCatalog;
  sessions: SessionService;
  useCases: ReturnType<typeof loyaltyUseCases>;
}): Router {
  const router = Router();
  router.get('/', async (req, res) => {
    noStore(res);
    res.json(await useCases.standing(await scopeOf(req, res, catalog, sessions)));
  });
  router.post('/join', async (req, res) => {
    noStore(res);
    const body: unknown = req.body;
    if (
      body !== undefined &&
      (typeof body !== 'object' || body === null || Array.isArray(body) || Object.keys(body).length)
    )
      throw new DomainError('VALIDATION_FAILED', 'Joining takes no fields: send no body, or {}.');
    const answer = await useCases.join(await scopeOf(req, res, catalog, sessions));
    res.status(answer.joined ? 201 : 200).json(answer);
  });
  return router;
}
