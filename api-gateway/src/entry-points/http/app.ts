import compression from 'compression';
import express, { type Router } from 'express';
import { RELAXED_ENVIRONMENTS } from '@shop/node-kit';
import type { AppDeps } from '../../modules/app-deps';
import type { ApiMount as ApiMountSpec, GatewayModule, ModuleFactory } from '../../modules/gateway-module';
import { accountModule } from '../../modules/account';
import { adminModule } from '../../modules/admin';
import { authModule } from '../../modules/auth';
import { cartModule } from '../../modules/cart';
import { checkoutModule } from '../../modules/checkout';
import { ordersModule } from '../../modules/orders';
import { returnsModule } from '../../modules/returns';
import { orderHistoryModule } from '../../modules/order-history';
import { catalogModule } from '../../modules/catalog';
import { contactModule } from '../../modules/contact';
import { contentModule } from '../../modules/content';
import { devToolsModule } from '../../modules/dev-tools';
import { flagsModule } from '../../modules/flags';
import { idVerificationModule } from '../../modules/id-verification';
import { leadsModule } from '../../modules/leads';
import { platformModule } from '../../modules/platform';
import { storesModule } from '../../modules/stores';
import { loyaltyModule } from '../../modules/loyalty';
import { privacyModule } from '../../modules/privacy';
import { trackingModule } from '../../modules/tracking';
import { brandResolver } from './middleware/brand';
import { correlationId } from './middleware/correlation-id';
import { UNSAFE_METHODS, csrfProtection } from './middleware/csrf-protection';
import { errorHandler, notFound } from './middleware/error-handler';
import { parseBody } from './middleware/json-body';
import { securityHeaders } from './middleware/security-headers';
import { trackingTokenSigner } from './middleware/tracking-session';
import { openApiModule } from './openapi';
import './locals';

export type { AppDeps } from '../../modules/app-deps';
/** A mounted /api router and its prefix, as tests walk them (`app.locals.apiMounts`). */
export type ApiMount = [prefix: string, router: Router];

/** The gateway's features. Adding one is one line here; its folder under src/modules says the rest. */
const MODULES: ModuleFactory[] = [
  authModule,
  accountModule,
  catalogModule,
  cartModule,
  checkoutModule,
  ordersModule,
  returnsModule,
  orderHistoryModule,
  contentModule,
  storesModule,
  leadsModule,
  idVerificationModule,
  contactModule,
  trackingModule,
  privacyModule,
  loyaltyModule,
  flagsModule,
  adminModule,
  platformModule,
  devToolsModule,
];

export function createApp(deps: AppDeps) {
  const { config, catalog, logger, csrf, origins } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  const features = MODULES.map((factory) => factory(deps)).filter(
    (module): module is GatewayModule => module !== undefined,
  );
  const modules = [...features, openApiModule(features)];
  const mounts = modules.flatMap((module) => module.api ?? []);
  const shared = shareMounts(mounts);
  assertDistinctMounts([...shared.keys()]);
  const pageModules = modules.filter((module) => module.pages);
  if (pageModules.length > 1)
    throw new Error(`Only one module may serve pages; ${pageModules.map((m) => m.name).join(' and ')} both do`);

  // A stopping gateway closes each connection after its answer, so clients reconnect elsewhere.
  app.use(deps.lifecycle.closeWhenDraining);
  app.use(deps.metrics.middleware);
  app.use(correlationId);
  // The sessionToken cookie is the gateway's own, signed: pages and the tracking route issue and check it.
  app.use(trackingTokenSigner(config.authSecret));
  // Outside development and test a request for a host no brand names is refused.
  app.use(
    brandResolver({
      catalog,
      fallback: config.defaultBrand,
      origins,
      strictHosts: !RELAXED_ENVIRONMENTS.includes(config.environment),
    }),
  );
  app.use(deps.flags.middleware);
  app.use(securityHeaders(catalog, config));
  app.use(compression());
  // Every router is mounted behind the one CSRF middleware (or its mount's own check); bodies are
  // parsed first, each mount with its own limits, so the check can read a token from the body. A
  // path nothing is mounted at is a plain 404, whatever the method.
  const checkCsrf = csrfProtection(csrf);
  for (const [path, { body, csrf: ownCheck, routers }] of shared)
    app.use(`/api${path}`, ...(body ? parseBody(body) : []), ownCheck ?? checkCsrf, ...routers);
  app.locals.apiMounts = mounts.map(({ path, router }): ApiMount => [path, router]);
  app.use('/api', notFound);
  // Site routers answer GETs (files, images, pages); one that ever takes an unsafe method gets the same check.
  for (const module of modules)
    for (const router of module.site ?? []) app.use(...(hasUnsafeRoute(router) ? [checkCsrf] : []), router);
  // The page catch-all answers every GET left, so it comes last.
  for (const module of pageModules) app.use(module.pages as Router);
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}

/** Whether a router (or one nested in it) has a POST, PUT, PATCH or DELETE route. */
function hasUnsafeRoute(router: Router): boolean {
  type Layer = { route?: { methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  return (router as unknown as { stack: Layer[] }).stack.some((layer) =>
    layer.route
      ? UNSAFE_METHODS.some((method) => layer.route?.methods[method.toLowerCase()])
      : Boolean(layer.handle?.stack && hasUnsafeRoute(layer.handle as unknown as Router)),
  );
}

/**
 * Mounts at the same path share it: SPEC §7 puts checkout's writes under /api/cart beside the
 * bag's. They must parse bodies alike, check CSRF alike and register no route (method and path)
 * twice, so neither can shadow the other, whatever their order.
 */
export function shareMounts(mounts: ApiMountSpec[]) {
  const byPath = new Map<
    string,
    { body: ApiMountSpec['body']; csrf: ApiMountSpec['csrf']; routers: Router[]; routes: Set<string> }
  >();
  for (const { path, body, csrf, router } of mounts) {
    const routes = routesOf(router);
    const group = byPath.get(path);
    if (!group) {
      byPath.set(path, { body, csrf, routers: [router], routes: new Set(routes) });
      continue;
    }
    if (JSON.stringify(group.body) !== JSON.stringify(body))
      throw new Error(`Gateway modules: the routers sharing ${path} parse bodies differently`);
    if (group.csrf !== csrf) throw new Error(`Gateway modules: the routers sharing ${path} check CSRF differently`);
    const twice = routes.filter((route) => group.routes.has(route));
    if (twice.length) throw new Error(`Gateway modules: ${twice.join(', ')} under ${path} registered twice`);
    group.routers.push(router);
    for (const route of routes) group.routes.add(route);
  }
  return byPath;
}

/** A router's own routes as "METHOD path". */
function routesOf(router: Router): string[] {
  type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> } };
  return (router as unknown as { stack: Layer[] }).stack.flatMap((layer) =>
    layer.route
      ? [layer.route.path]
          .flat()
          .flatMap((path) => Object.keys(layer.route?.methods ?? {}).map((method) => `${method.toUpperCase()} ${path}`))
      : [],
  );
}

/** No mount may equal or contain another: then no router can shadow another, whatever their order. */
export function assertDistinctMounts(paths: string[]) {
  paths.forEach((a, index) => {
    for (const b of paths.slice(index + 1)) {
      if (a === b || a === '/' || b === '/' || b.startsWith(`${a}/`) || a.startsWith(`${b}/`))
        throw new Error(`Gateway modules: the mounts ${a} and ${b} overlap`);
    }
  });
}
