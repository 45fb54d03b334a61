import { randomUUID } from 'node:crypto';
import { productImageSvg } from '@shop/catalog-seed';
import type { HttpLifecycle, Logger } from '@shop/node-kit';
import type { ServiceMetrics } from '@shop/node-kit/metrics';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { TokenService } from '../auth/token-service';
import type { CommerceConfig } from '../config';
import { CommerceError } from '../errors';
import { createGraphqlExecutor } from '../graphql/execute';
import type { CommerceServices } from '../services';
import { inStoreLogin } from './in-store-login';
import { issueToken } from './oauth';
import { refuseUncleanText } from './refuse-unclean-text';

const restError = (res: Response, error: CommerceError) => res.status(error.statusCode).json(error.toRestBody());

/** The commercetools-compatible HTTP surface: OAuth token, GraphQL, in-store login, images. */
export function createCommerceApp(
  config: CommerceConfig,
  services: CommerceServices,
  tokens: TokenService,
  logger: Logger,
  lifecycle?: HttpLifecycle,
  metrics?: ServiceMetrics,
) {
  const app = express();
  // A stopping instance closes each connection after its answer, so clients reconnect elsewhere.
  if (lifecycle) app.use(lifecycle.closeWhenDraining);
  if (metrics) {
    app.use(metrics.middleware);
    app.get('/metrics', (req, res) => metrics.handler(req, res));
  }
  app.disable('x-powered-by');
  app.set('etag', false);
  const base = config.basePath;
  const project = `${base}/${config.projectKey}`;
  // Introspection is for tooling where developers work; in production it only maps the attack surface.
  const graphql = createGraphqlExecutor(services, logger, {
    introspection: config.environment === 'development' || config.environment === 'test',
  });

  app.use((req, res, next) => {
    const id = req.get('x-correlation-id');
    res.locals.correlationId = id && /^[A-Za-z0-9._-]{8,64}$/.test(id) ? id : randomUUID();
    res.setHeader('x-correlation-id', res.locals.correlationId);
    next();
  });

  app.get('/healthz', (_req, res) =>
    res.json({ status: 'ok', database: services.db.kind, products: services.catalog.index.size }),
  );
  // Ready: the database answers and the instance is not stopping (the catalog is loaded before it listens).
  if (lifecycle) app.get('/readyz', (req, res) => lifecycle.readyz(req, res));

  app.post(`${base}/oauth/token`, express.urlencoded({ extended: false, limit: '4kb' }), (req, res) => {
    const result = issueToken(req, config, tokens);
    res.status(result.status).set('cache-control', 'no-store').json(result.body);
  });

  // Images are public, like a CDN in front of the asset store. `{hex}-{view}.svg` is one view of a
  // colour; a plain `{hex}.svg`, as databases seeded with one picture per variant name it, is the front.
  app.get(`${base}/images/:type/:file`, (req, res) => {
    const match = /^([0-9a-f]{6})(?:-([a-z]{1,12}))?\.svg$/.exec(req.params.file);
    const svg = match ? productImageSvg(req.params.type, match[1], match[2] ?? 'front') : undefined;
    if (!svg) return restError(res, new CommerceError(404, 'ResourceNotFound', 'No such image.'));
    return res
      .set({ 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable' })
      .send(svg);
  });

  app.use(project, (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const token = /^Bearer\s+([A-Za-z0-9_\-.]+)$/.exec(header)?.[1];
    const claims = token ? tokens.verify(token) : undefined;
    if (!claims) {
      return res.status(401).json({
        statusCode: 401,
        message: 'Please provide valid credentials using a valid Bearer token.',
        errors: [{ code: 'invalid_token', message: 'Please provide valid credentials using a valid Bearer token.' }],
        error: 'invalid_token',
        error_description: 'invalid_token',
      });
    }
    if (!claims.scope.split(' ').some((scope) => scope === `manage_project:${config.projectKey}`)) {
      return restError(
        res,
        new CommerceError(403, 'insufficient_scope', 'The token does not grant access to this project.'),
      );
    }
    next();
  });

  app.use(project, express.json({ limit: '1mb' }));

  app.post(`${project}/graphql`, async (req, res, next) => {
    // The caller (the gateway) closes the connection when its deadline passes: stop working for it.
    const caller = new AbortController();
    const gone = () => {
      if (!res.writableFinished) caller.abort();
    };
    if (req.socket.destroyed) gone();
    res.once('close', gone);
    try {
      const result = await graphql(req.body, res.locals.correlationId, caller.signal);
      res.status(result.status).type('application/json').send(result.json);
    } catch (error) {
      next(error);
    }
  });

  app.post(`${project}/in-store/key=:storeKey/login`, refuseUncleanText, async (req, res, next) => {
    try {
      res.json(await inStoreLogin(services, String(req.params.storeKey), req.body));
    } catch (error) {
      next(error);
    }
  });

  app.use((_req, res) => restError(res, new CommerceError(404, 'ResourceNotFound', 'The resource was not found.')));

  app.use((error: unknown, _req: Request, res: Response, _next: NextFunction) => {
    if (error instanceof CommerceError) return restError(res, error);
    const type = (error as { type?: string }).type;
    if (type === 'entity.parse.failed')
      return restError(res, new CommerceError(400, 'InvalidJsonInput', 'Request body does not contain valid JSON.'));
    if (type === 'entity.too.large')
      return restError(res, new CommerceError(413, 'InvalidInput', 'The request body is too large.'));
    const status = (error as { status?: number }).status;
    if (typeof status === 'number' && status >= 400 && status < 500)
      return restError(res, new CommerceError(status, 'InvalidInput', 'The request could not be processed.'));
    logger.error('Unhandled commerce error', {
      correlationId: res.locals.correlationId,
      error: error instanceof Error ? error.stack : String(error),
    });
    return restError(res, new CommerceError(500, 'General', 'An internal error occurred.'));
  });
  return app;
}
