import { type Request, type Response, Router } from 'express';
import { RELAXED_ENVIRONMENTS } from '@shop/node-kit';
import { brandOf, originOf } from '../../entry-points/http/middleware/brand';
import { readTrackingSession } from '../../entry-points/http/middleware/tracking-session';
import type { AppDeps } from '../app-deps';
import type { GatewayModule } from '../gateway-module';
import { catalogReader } from '../catalog/catalog-routes';
import { pageFinder } from './page-finder';
import { pages } from './pages-routes';
import { pageRenderer } from './page-renderer';
import { type ConsentFor, type RemotesFor, platformApi } from './platform-routes';
import { effectiveConsent } from '../privacy/consent';
import { resolveRemotes } from './resolve-remotes';
import { staticFiles } from './static-files';
import { buildAccess } from './build-access';
import { releasedVersions } from './released-versions';
import { browseLimit } from '../../shared/browse-limit';

export type PlatformDeps = Pick<
  AppDeps,
  | 'lifecycle'
  | 'metrics'
  | 'config'
  | 'catalog'
  | 'logger'
  | 'registry'
  | 'store'
  | 'content'
  | 'sessions'
  | 'commerce'
  | 'cache'
  | 'throttle'
  | 'revocations'
>;

/** The remote registry and boot config (/api/remotes, /api/brand), the shell's and remotes' files, and every page. */
export function platformModule({
  config,
  catalog,
  logger,
  registry,
  store,
  content,
  sessions,
  commerce,
  cache,
  throttle,
  revocations,
  lifecycle,
  metrics,
}: PlatformDeps): GatewayModule {
  const remotesFor: RemotesFor = (req: Request, res: Response, shopperKey = readTrackingSession(req, res)) => {
    const { id, brand } = brandOf(res, catalog);
    return resolveRemotes(id, brand.config, originOf(req), shopperKey, {
      registry,
      devUrls: config.remoteDevUrls,
      logger,
    });
  };
  const consentFor: ConsentFor = async (req) => effectiveConsent(req, await sessions.read(req));
  const { remotes, brand } = platformApi(catalog, config, remotesFor, content, consentFor);
  return {
    name: 'platform',
    api: [
      { path: '/remotes', router: remotes },
      { path: '/brand', router: brand },
    ],
    site: [
      health(catalog, config, lifecycle, metrics),
      staticFiles(catalog, config.shellDist, store.root, {
        isReleased: releasedVersions(registry, catalog, logger),
        access: buildAccess({ config, commerce, revocations, sessions, logger }),
        // Development and test serve them to anyone (the team's own machines and test runs).
        publicSourceMaps: RELAXED_ENVIRONMENTS.includes(config.environment),
      }),
    ],
    pages: pages(
      catalog,
      config,
      remotesFor,
      content,
      consentFor,
      async (req) => Boolean((await sessions.read(req))?.user.isLoggedIn),
      pageFinder(catalogReader(catalog, commerce, cache, config.catalogCacheTtlSeconds), content, logger),
      config.renderer
        ? pageRenderer({ ...config.renderer, shellDist: config.shellDist, remotesDir: store.root }, logger)
        : undefined,
      browseLimit(throttle),
    ),
    openapi: {
      '/api/remotes': {
        get: {
          summary:
            "The remote registry for this brand; while the brand runs a canary, the versions are this shopper's (by the tracking session), never stored by a cache",
          responses: { '200': { description: 'name -> { manifestUrl, version }' } },
        },
      },
      '/api/brand': {
        get: {
          summary: 'Brand public config, flag values, remotes, nav and footer',
          responses: { '200': { description: 'Boot config' } },
        },
      },
    },
  };
}

/**
 * GET /healthz for load balancers, the process is alive: the brands loaded and the environment,
 * never cached. GET /readyz, it can answer shoppers: commerce (a token and a query) and Redis
 * answer, and it is not stopping; 503 with what failed otherwise.
 */
function health(
  catalog: PlatformDeps['catalog'],
  config: PlatformDeps['config'],
  lifecycle: PlatformDeps['lifecycle'],
  metrics: PlatformDeps['metrics'],
): Router {
  const router = Router();
  router.get('/readyz', (req, res) => lifecycle.readyz(req, res));
  // Prometheus' scrape: METRICS_TOKEN's bearer, or anyone in development and test (README).
  router.get('/metrics', (req, res) => metrics.handler(req, res));
  router.get('/healthz', (_req, res) => {
    res
      .set('cache-control', 'no-store')
      .json({ status: 'ok', brands: [...catalog.keys()], environment: config.environment });
  });
  return router;
}
