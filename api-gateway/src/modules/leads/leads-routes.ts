import type { BrandCatalog } from '@shop/brands';
import { leadRequestSchema } from '@shop/contracts';
import { Router } from 'express';
import { checkCsrf } from '../auth/auth-routes';
import type { Csrf } from '../../sessions/csrf';
import { CrmRequestError } from '../../clients/crm';
import type { Mailer } from '../../data-access/outbox';
import { type LeadSink, type WelcomeCodeStore, signUpForEmail } from './email-signup';
import type { Throttle } from '../../shared/throttle';
import { HttpError } from '../../errors';
import { brandOf } from '../../entry-points/http/middleware/brand';
import { parseBody } from '../../entry-points/http/middleware/json-body';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';

interface Deps {
  catalog: BrandCatalog;
  crm: LeadSink;
  codes: WelcomeCodeStore;
  mailer: Mailer;
  csrf: Csrf;
  throttle: Throttle;
}

/** POST /api/leads: an e-mail signup (web-to-lead) that answers with a welcome code valid 30 days. */
export function leadRoutes({ catalog, crm, codes, mailer, csrf, throttle }: Deps): Router {
  const router = Router();
  router.post('/leads', serviceLabel('E-mail signup'), ...parseBody({ limit: '8kb' }), async (req, res) => {
    checkCsrf(req, csrf);
    const { csrfToken: _token, ...fields } = (typeof req.body === 'object' && req.body ? req.body : {}) as Record<string, unknown>;
    const parsed = leadRequestSchema.safeParse(fields);
    if (!parsed.success) {
      const wrong: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.code === 'unrecognized_keys' ? issue.keys[0] : String(issue.path[0] ?? 'body');
        wrong[field] ??= issue.code === 'unrecognized_keys' ? 'is not a signup field' : issue.message;
      }
      throw new HttpError(400, 'VALIDATION_FAILED', `Check these fields: ${Object.keys(wrong).join(', ')}.`, wrong);
    }
    const { id, brand } = brandOf(res, catalog);
    if (brand.flagValues.emailSignup === false) throw new HttpError(404, 'FEATURE_DISABLED', 'E-mail signup is not available on this site.');
    if (!(await throttle.signupAllowed(req.ip ?? 'unknown'))) {
      throw new HttpError(429, 'TOO_MANY_REQUESTS', 'Too many signups from this address. Please try again later.');
    }
    try {
      const result = await signUpForEmail({ ...brand.config, id }, parsed.data, res.locals.correlationId as string, { crm, codes, mailer, mayResend: throttle.signupMailAllowed });
      res.status(result.status === 'subscribed' ? 201 : 200).json(result);
    } catch (error) {
      if (error instanceof CrmRequestError) throw new HttpError(error.status, error.code, 'We could not sign you up just now. Please try again in a few minutes.');
      throw error;
    }
  });
  return router;
}
