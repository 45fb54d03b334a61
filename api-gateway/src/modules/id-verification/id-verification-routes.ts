import type { BrandCatalog } from '@shop/brands';
import {
  ID_VERIFICATION_CALLBACK_PATH,
  ID_VERIFICATION_RESULT_PARAM,
  idVerificationCallbackQuerySchema,
  idVerificationStartQuerySchema,
} from '@shop/contracts';
import { type Request, type Response, Router } from 'express';
import type { Logger } from '@shop/node-kit';
import type { z } from 'zod';
import type { IdmeClient } from '../../clients/idme';
import { brandOf } from '../../entry-points/http/middleware/brand';
import type { SessionService } from '../../sessions/session-service';
import { DomainError } from '../../shared/domain-error';
import { problemPage } from './problem-page';
import { type VerificationStateStore, newPending } from './verification-state';
import { VerificationProblem, type idVerificationUseCases } from './verification-use-cases';

export interface IdVerificationRouteDeps {
  catalog: BrandCatalog;
  sessions: SessionService;
  states: VerificationStateStore;
  idme: Pick<IdmeClient, 'authorizeUrl'>;
  useCases: ReturnType<typeof idVerificationUseCases>;
  logger: Logger;
}

const noStore = (res: Response) => res.set('cache-control', 'private, no-store');

function parseQuery<T>(schema: z.ZodType<T>, query: unknown): T {
  const parsed = schema.safeParse(query);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? issue.keys[0] : 'query');
  throw new DomainError('INVALID_PARAMETER', `${field}: ${issue.message}`, { [field]: issue.message });
}

/** The flag idVerification is on for this brand, else the feature is absent (404). */
async function requireFlag(res: Response, catalog: BrandCatalog) {
  const { id, brand } = brandOf(res, catalog);
  if (!(await res.locals.flags.isOn('idVerification')))
    throw new DomainError('FEATURE_DISABLED', 'Identity verification is not offered on this site.');
  return { storeKey: id, brandName: brand.config.name };
}

async function signedInCustomer(req: Request, res: Response, sessions: SessionService) {
  const claims = await sessions.read(req, res);
  if (!claims?.user.isLoggedIn) throw new DomainError('SessionRequired', 'Sign in to verify your identity.');
  return { customerId: claims.user.id, sessionId: claims.jti };
}

/**
 * /api/idMe (SPEC §2): start (302 to the provider with state and PKCE), the provider's callback
 * (302 back to `returnTo` with `?idme=verified`, or a page explaining what went wrong) and the
 * signed-in customer's status.
 */
export function idVerificationRoutes({ catalog, sessions, states, idme, useCases, logger }: IdVerificationRouteDeps) {
  const router = Router();

  router.get('/start', async (req, res) => {
    noStore(res);
    await requireFlag(res, catalog);
    const query = parseQuery(idVerificationStartQuerySchema, req.query);
    const { customerId, sessionId } = await signedInCustomer(req, res, sessions);
    const { pending, challenge } = newPending({
      group: query.group,
      returnTo: query.returnTo ?? '/account',
      customerId,
      sessionId,
    });
    await states.save(req, res, pending);
    const target = idme.authorizeUrl({
      redirectUri: `${res.locals.origin}${ID_VERIFICATION_CALLBACK_PATH}`,
      state: pending.state,
      codeChallenge: challenge,
      scope: query.group,
    });
    res.redirect(302, target);
  });

  // A cross-site navigation by nature (the provider sends the person here): no CSRF token can
  // come with it; the state bound to this browser and session is what proves the start was ours.
  router.get('/callback', async (req, res) => {
    noStore(res);
    const { storeKey, brandName } = await requireFlag(res, catalog);
    const show = (kind: Parameters<typeof problemPage>[0]) => {
      const page = problemPage(kind, brandName);
      res.status(page.status).type('html').send(page.html);
    };
    const parsed = idVerificationCallbackQuerySchema.safeParse(req.query);
    const query = parsed.success ? parsed.data : {};
    const pending = await states.take(req, res, query.state);
    if (!pending) return show('state');
    if (query.error) return show(query.error === 'access_denied' ? 'denied' : 'refused');
    if (!query.code) return show('refused');
    const claims = await sessions.read(req, res);
    if (!claims?.user.isLoggedIn || claims.user.id !== pending.customerId || claims.jti !== pending.sessionId)
      return show('session');
    try {
      const { group } = await useCases.complete({
        code: query.code,
        verifier: pending.verifier,
        redirectUri: `${res.locals.origin}${ID_VERIFICATION_CALLBACK_PATH}`,
        requestedGroup: pending.group,
        customerId: pending.customerId,
        storeKey,
        correlationId: res.locals.correlationId,
      });
      const back = new URL(pending.returnTo, res.locals.origin);
      back.searchParams.set(ID_VERIFICATION_RESULT_PARAM, 'verified');
      logger.info('Identity verified', { group, correlationId: res.locals.correlationId });
      res.redirect(302, `${back.pathname}${back.search}`);
    } catch (error) {
      if (!(error instanceof VerificationProblem)) throw error;
      logger.warn('Identity verification did not finish', { kind: error.kind, reason: error.message });
      show(error.kind);
    }
  });

  router.get('/status', async (req, res) => {
    noStore(res);
    const { id } = brandOf(res, catalog);
    const { customerId } = await signedInCustomer(req, res, sessions);
    if (!(await res.locals.flags.isOn('idVerification'))) return res.json({ available: false });
    res.json(await useCases.status(customerId, id, res.locals.correlationId));
  });

  return router;
}
