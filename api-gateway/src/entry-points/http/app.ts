import type { BrandCatalog } from '@shop/brands';
import compression from 'compression';
import express, { type Request, type Response, type Router } from 'express';
import type { GatewayConfig } from '../../config';
import type { RegistryRepository } from '../../data-access/registry-repository';
import type { RemoteStore } from '../../data-access/remote-store';
import type { TrackingSink } from '../../data-access/tracking-sink';
import { resolveRemotes } from '../../modules/platform/resolve-remotes';
import { type Logger, RELAXED_ENVIRONMENTS } from '@shop/node-kit';
import { brandOf, brandResolver, originOf } from './middleware/brand';
import { correlationId } from './middleware/correlation-id';
import { errorHandler, notFound } from './middleware/error-handler';
import { securityHeaders } from './middleware/security-headers';
import { pages } from '../../modules/platform/pages-routes';
import { platformApi } from '../../modules/platform/platform-routes';
import { staticFiles } from '../../modules/platform/static-files';
import { trackingApi } from '../../modules/tracking/tracking-routes';
import { randomUUID } from 'node:crypto';
import { credentialsRequestSchema, normalisePassword } from '@shop/contracts';
import { parseForm } from './parse-form';
import { authRoutes } from '../../modules/auth/auth-routes';
import { socialSignIn } from '../../modules/auth/social-sign-in';
import type { CaptchaClient } from '../../clients/captcha/captcha-client';
import type { CommerceClient } from '../../clients/commercetools';
import { attemptSignIn } from '../../modules/auth/sign-in-attempt';
import { createPasswordVerifier } from '../../modules/auth/password-work';
import { createAnswerPacer } from '../../modules/auth/answer-pacer';
import type { SessionUser } from '../../sessions/session-token';
import { type SignInFailure, createPassport } from '../../modules/auth/passport-setup';
import type { FileOutbox } from '../../data-access/outbox';
import type { Throttle } from '../../shared/throttle';
import { accountRoutes } from '../../modules/account/account-routes';
import { postLoginRoutes } from '../../modules/auth/post-login-routes';
import { captchaRoutes, devRoutes } from '../../modules/auth/captcha-routes';
import { openApiRoutes } from './openapi';
import { catalogRoutes } from '../../modules/catalog/catalog-routes';
import { mediaRoutes } from '../../modules/catalog/media-routes';
import { storesRoutes } from '../../modules/stores/stores-routes';
import type { CrmClient } from '../../clients/crm';
import { contactRoutes } from '../../modules/contact/contact-routes';
import { crmDevPage, crmDevRoutes } from '../../modules/dev-tools/dev-crm-routes';
import type { ResponseCache } from '../../data-access/response-cache';
import type { ContentSource } from '../../clients/content';
import { contentRoutes } from '../../modules/content/content-routes';
import { leadRoutes } from '../../modules/leads/leads-routes';

export type ApiMount = [prefix: string, router: Router];
import type { Csrf } from '../../sessions/csrf';
import type { SessionService } from '../../sessions/session-service';
import type { BrandOrigins } from '../../shared/brand-origins';

export interface AppDeps {
  config: GatewayConfig;
  catalog: BrandCatalog;
  logger: Logger;
  registry: RegistryRepository;
  store: RemoteStore;
  sink: TrackingSink;
  sessions: SessionService;
  csrf: Csrf;
  commerce: CommerceClient;
  captcha: CaptchaClient;
  throttle: Throttle;
  outbox: FileOutbox;
  cache: ResponseCache;
  content: ContentSource;
  crm: CrmClient;
  origins: BrandOrigins;
}

export function createApp({ config, catalog, logger, registry, store, sink, sessions, csrf, commerce, captcha, throttle, outbox, cache, content, crm, origins }: AppDeps) {
  const app = express();
  app.disable('x-powered-by');
  // Developer pages (outbox, CRM records) only in development and test, never on a shared site such as staging.
  const devTools = RELAXED_ENVIRONMENTS.includes(config.environment);
  app.set('trust proxy', config.trustProxy);

  const remotesFor = (req: Request, res: Response) => {
    const { id, brand } = brandOf(res, catalog);
    return resolveRemotes(id, brand.config, originOf(req), {
      registry,
      devUrls: config.remoteDevUrls,
      logger,
    });
  };

  app.use(correlationId);
  app.use(brandResolver({ catalog, fallback: config.defaultBrand, origins, strictHosts: !devTools }));
  app.use(securityHeaders(catalog, config));
  app.use(compression());

  app.get('/healthz', (_req, res) => {
    res.set('cache-control', 'no-store').json({ status: 'ok', brands: [...catalog.keys()], environment: config.environment });
  });
  const passwords = createPasswordVerifier();
  const pacer = createAnswerPacer();
  const signInWithCredentials = async (req: Request): Promise<SessionUser | SignInFailure> => {
    const res = req.res as Response;
    // A field that is not text under the one rule (NUL, lone surrogate, wrong type) is a 400, before any upstream call.
    const form = parseForm(credentialsRequestSchema, req.body);
    const fields = { email: form.email, password: normalisePassword(form.password), passwordAsTyped: form.password, captcha: form.captchaToken ?? form.captcha };
    const { id, brand } = brandOf(res, catalog);
    const outcome = await attemptSignIn(
      { ...fields, storeKey: id, legacyMigration: brand.flagValues.legacyPasswordMigration === true, correlationId: res.locals.correlationId },
      req.ip ?? 'unknown',
      { commerce, captcha, logger, throttle, passwords, pacer },
    );
    if (outcome.kind === 'signed-in') return outcome.user;
    return { failure: outcome.kind === 'unavailable' ? 'unavailable' : 'credentials' };
  };
  const passport = createPassport({
    secret: config.authSecret,
    credentials: signInWithCredentials,
    guest: async () => {
      const id = randomUUID();
      return { id, userId: id, isLoggedIn: false };
    },
    social: (req, profile) => socialSignIn(profile, brandOf(req.res as Response, catalog).id, commerce, (req.res as Response).locals.correlationId),
    google: config.google,
    facebook: config.facebook,
  });
  const socialAllowed = (res: Response) => brandOf(res, catalog).brand.flagValues.socialLogin === true;
  // Every /api router, with the prefix it is mounted at: the OpenAPI test walks this list.
  const apiMounts: ApiMount[] = [
    ['/auth', authRoutes(sessions, csrf, passport, socialAllowed)],
    ['/account', accountRoutes({ commerce, sessions, csrf, throttle, mailer: outbox, logger, origins })],
    ['/user', postLoginRoutes(sessions, commerce)],
    ['/captcha', captchaRoutes(captcha)],
    ...(devTools ? [['/dev', devRoutes(outbox)] as ApiMount, ['/dev', crmDevRoutes(crm)] as ApiMount] : []),
    ['/', contactRoutes({ catalog, crm, captcha, csrf, throttle, logger })],
    ['/', leadRoutes({ catalog, crm, codes: commerce, mailer: outbox, csrf, throttle })],
    ['/', platformApi(catalog, config, remotesFor, content)],
    ['/', trackingApi(sink, throttle)],
    ['/', catalogRoutes(catalog, commerce, cache, config.catalogCacheTtlSeconds)],
    ['/', contentRoutes(catalog, content)],
    ['/', storesRoutes(catalog)],
    ['/', openApiRoutes(devTools)],
  ];
  app.locals.apiMounts = apiMounts;
  for (const [prefix, router] of apiMounts) app.use(`/api${prefix === '/' ? '' : prefix}`, router);
  app.use('/api', notFound);
  app.use(mediaRoutes(commerce));
  if (devTools) app.use(crmDevPage(crm));
  app.use(staticFiles(catalog, config.shellDist, store.root));
  app.use(pages(catalog, config, remotesFor, content));
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}
