import type { BrandCatalog } from '@shop/brands';
import type { Logger } from '@shop/node-kit';
import { leadRequestSchema } from '@shop/contracts';
import { Router } from 'express';
import { CrmRequestError } from '../../clients/crm';
import type { Mailer } from '../../data-access/mailer';
import { type LeadSink, type WelcomeCodeStore, signUpForEmail } from './email-signup';
import type { Throttle } from '../../shared/throttle';
import { HttpError } from '../../errors';
import { DomainError } from '../../shared/domain-error';
import { brandOf } from '../../entry-points/http/middleware/brand';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';

export interface LeadRoutesDeps {
  catalog: BrandCatalog;
  crm: LeadSink;
  codes: WelcomeCodeStore;
  mailer: Pick<Mailer, 'send'>;
  throttle: Throttle;
  logger: Logger;
}

/** POST /api/leads (mounted there): an e-mail signup (web-to-lead) that answers with a welcome code valid 30 days. */
export function leadRoutes({ catalog, crm, codes, mailer, throttle, logger }: LeadRoutesDeps): Router {
  const router = Router();
  router.post('/', serviceLabel('E-mail signup'), async (req, res) => {
    // The CSRF middleware has checked and removed csrfToken; the schema is strict about the rest.
    const parsed = leadRequestSchema.safeParse(typeof req.body === 'object' && req.body ? req.body : {});
    if (!parsed.success) {
      const wrong: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.code === 'unrecognized_keys' ? issue.keys[0] : String(issue.path[0] ?? 'body');
        wrong[field] ??= issue.code === 'unrecognized_keys' ? 'is not a signup field' : issue.message;
      }
      throw new DomainError('VALIDATION_FAILED', `Check these fields: ${Object.keys(wrong).join(', ')}.`, wrong);
    }
    const { id, brand } = brandOf(res, catalog);
    if (!(await res.locals.flags.isOn('emailSignup')))
      throw new DomainError('FEATURE_DISABLED', 'E-mail signup is not available on this site.');
    if (!(await throttle.signupAllowed(req.ip ?? 'unknown'))) {
      throw new DomainError('TOO_MANY_REQUESTS', 'Too many signups from this address. Please try again later.');
    }
    try {
      const result = await signUpForEmail({ ...brand.config, id }, parsed.data, res.locals.correlationId, {
        crm,
        codes,
        // The signup stands without its mail: the code is on screen, and a refused mail is logged.
        mailer: {
          send: (storeKey, mail) =>
            mailer.send(storeKey, mail).catch((error: unknown) =>
              logger.error('Signup mail not sent', {
                correlationId: res.locals.correlationId,
                mail: mail.kind,
                reason: String(error),
              }),
            ),
        },
        mayResend: throttle.signupMailAllowed,
        offers: await res.locals.flags.isOn('discounts'),
      });
      res.status(result.status === 'subscribed' ? 201 : 200).json(result);
    } catch (error) {
      if (error instanceof CrmRequestError)
        throw new HttpError(
          error.status,
          error.code,
          'We could not sign you up just now. Please try again in a few minutes.',
        );
      throw error;
    }
  });
  return router;
}
