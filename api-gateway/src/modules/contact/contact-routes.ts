import { CONTACT_MESSAGES, parseContactRequest } from '@shop/contracts';
import type { BrandCatalog } from '@shop/brands';
import type { Logger } from '@shop/node-kit';
import { Router } from 'express';
import type { CaptchaClient } from '../../clients/captcha/captcha-client';
import { type CrmClient, CrmRequestError } from '../../clients/crm';
import { submitContactCase } from './contact-case';
import type { Throttle } from '../../shared/throttle';
import { HttpError } from '../../errors';
import { DomainError } from '../../shared/domain-error';
import { brandOf } from '../../entry-points/http/middleware/brand';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';

export interface ContactRoutesDeps {
  catalog: BrandCatalog;
  crm: CrmClient;
  captcha: CaptchaClient;
  throttle: Throttle;
  logger: Logger;
}

const UPSTREAM_MESSAGE =
  'We could not send your message just now. Please try again in a few minutes, or call customer service.';

/**
 * POST /api/contact (mounted there): the contact form as a web-to-case record (SPEC §3). Order of checks: CSRF (the app's middleware),
 * every field (all wrong fields reported at once), the per-address limit on well-formed
 * messages, then the invisible captcha as for sign-in; only then is a case filed.
 */
export function contactRoutes({ catalog, crm, captcha, throttle, logger }: ContactRoutesDeps): Router {
  const router = Router();
  router.post('/', serviceLabel('The contact form'), async (req, res) => {
    const correlationId = res.locals.correlationId;
    const parsed = parseContactRequest(req.body);
    if (!parsed.ok) {
      throw new DomainError(
        'VALIDATION_FAILED',
        `Check these fields: ${Object.keys(parsed.fields).join(', ')}.`,
        parsed.fields,
      );
    }
    if (!(await throttle.contactAllowed(req.ip ?? 'unknown'))) {
      throw new DomainError(
        'TOO_MANY_REQUESTS',
        'Too many messages from this address. Please try again later or call customer service.',
      );
    }
    const { captchaToken, ...message } = parsed.value;
    if (!(await captcha.verify(captchaToken))) {
      logger.warn('Token or captcha verification failed', { correlationId });
      throw new DomainError('CAPTCHA_FAILED', CONTACT_MESSAGES.captchaToken, {
        captchaToken: CONTACT_MESSAGES.captchaToken,
      });
    }
    try {
      const { caseNumber } = await submitContactCase(message, brandOf(res, catalog).brand.config.crm, {
        crm,
        correlationId,
      });
      res.status(201).json({ caseNumber });
    } catch (error) {
      if (error instanceof CrmRequestError) throw new HttpError(error.status, error.code, UPSTREAM_MESSAGE);
      throw error;
    }
  });
  return router;
}
