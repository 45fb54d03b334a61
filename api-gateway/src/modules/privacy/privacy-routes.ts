import { randomUUID } from 'node:crypto';
import { privacyPreferencesRequestSchema } from '@shop/contracts';
import type { Response } from 'express';
import { Router } from 'express';
import type { SessionService } from '../../sessions/session-service';
import { DomainError } from '../../shared/domain-error';
import { effectiveConsent } from './consent';

const noStore = (res: Response) => res.set('cache-control', 'no-store');

/**
 * GET /api/privacy/preferences: the effective consent of this request (GPC applied).
 * PUT /api/privacy/preferences {analytics, marketing}: kept in the session cookie (a guest
 * without a session gets one) and, when signed in, on the customer (source `customer`); the
 * answer is the effective consent, still off under GPC.
 */
export function privacyRoutes(sessions: SessionService): Router {
  const router = Router();
  router.get('/preferences', async (req, res) => {
    const claims = await sessions.read(req, res);
    noStore(res).json(effectiveConsent(req, claims));
  });
  router.put('/preferences', async (req, res) => {
    const parsed = privacyPreferencesRequestSchema.safeParse(req.body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
      throw new DomainError('VALIDATION_FAILED', `${where}${issue.message}. Send {analytics, marketing} as booleans.`);
    }
    let claims = await sessions.read(req, res);
    if (!claims) {
      const id = randomUUID();
      claims = await sessions.start(req, res, { id, userId: id, isLoggedIn: false });
    }
    const updated = await sessions.choose(req, res, claims, parsed.data);
    noStore(res).json(effectiveConsent(req, updated));
  });
  return router;
}
