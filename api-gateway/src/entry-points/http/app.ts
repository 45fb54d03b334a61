import compression from 'compression';
import express, { type Router } from 'express';
import { RELAXED_ENVIRONMENTS } from '@shop/node-kit';
import type { AppDeps } from '../../modules/app-deps';
import type { GatewayModule, ModuleFactory } from '../../modules/gateway-module';
import { accountModule } from '../../modules/account';
import { authModule } from '../../modules/auth';
import { catalogModule } from '../../modules/catalog';
import { contactModule } from '../../modules/contact';
import { contentModule } from '../../modules/content';
import { devToolsModule } from '../../modules/dev-tools';
import { leadsModule } from '../../modules/leads';
import { platformModule } from '../../modules/platform';
import { storesModule } from '../../modules/stores';
import { trackingModule } from '../../modules/tracking';
import { brandResolver } from './middleware/brand';
import { correlationId } from './middleware/correlation-id';
import { csrfProtection } from './middleware/csrf-protection';
import { errorHandler, notFound } from './middleware/error-handler';
import { parseBody } from './middleware/json-body';
import { securityHeaders } from './middleware/security-headers';
import { openApiModule } from './openapi';
import './locals';

export type { AppDeps } from '../../modules/app-deps';
/** A mounted /api router and its prefix, as tests walk them (`app.locals.apiMounts`). */
export type ApiMount = [prefix: string, router: Router];

/** The gateway's features. Adding one is one line here; its folder under src/modules says the rest. */
const MODULES: ModuleFactory[] = [authModule, accountModule, catalogModule, contentModule, storesModule, leadsModule, contactModule, trackingModule, platformModule, devToolsModule];

export function createApp(deps: AppDeps) {
  const { config, catalog, logger, csrf, origins } = deps;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);

  const features = MODULES.map((factory) => factory(deps)).filter((module): module is GatewayModule => module !== undefined);
  const modules = [...features, openApiModule(features)];
  const mounts = modules.flatMap((module) => module.api ?? []);
  assertDistinctMounts(mounts.map((mount) => mount.path));
  const pageModules = modules.filter((module) => module.pages);
  if (pageModules.length > 1) throw new Error(`Only one module may serve pages; ${pageModules.map((m) => m.name).join(' and ')} both do`);

  app.use(correlationId);
  // Outside development and test a request for a host no brand names is refused.
  app.use(brandResolver({ catalog, fallback: config.defaultBrand, origins, strictHosts: !RELAXED_ENVIRONMENTS.includes(config.environment) }));
  app.use(securityHeaders(catalog, config));
  app.use(compression());
  // Bodies are parsed first, each mount with its own limits, so the CSRF check can read a token from the body.
  for (const { path, body } of mounts) if (body) app.use(`/api${path}`, ...parseBody(body));
  app.use(csrfProtection(csrf));
  for (const { path, router } of mounts) app.use(`/api${path}`, router);
  app.locals.apiMounts = mounts.map(({ path, router }): ApiMount => [path, router]);
  app.use('/api', notFound);
  for (const module of modules) for (const router of module.site ?? []) app.use(router);
  // The page catch-all answers every GET left, so it comes last.
  for (const module of pageModules) app.use(module.pages as Router);
  app.use(notFound);
  app.use(errorHandler(logger));
  return app;
}

/** No mount may equal or contain another: then no router can shadow another, whatever their order. */
function assertDistinctMounts(paths: string[]) {
  for (const a of paths) {
    for (const b of paths) {
      if (a !== b && !(b.startsWith(`${a}/`) || a === '/')) continue;
      if (a === b && paths.indexOf(a) === paths.lastIndexOf(a)) continue;
      throw new Error(`Gateway modules: the mounts ${a} and ${b} overlap`);
    }
  }
}
