import type { RequestHandler, Router } from 'express';
import type { BodyOptions } from '../entry-points/http/middleware/json-body';
import type { PathsFragment } from '../openapi/operation';
import type { AppDeps } from './app-deps';

/** A router under /api at its own prefix. No two mounts share a prefix, so their order never matters. */
export interface ApiMount {
  /** Under /api: `/auth` is /api/auth. */
  path: string;
  router: Router;
  /**
   * The body parsers the app puts in front of this router, before the CSRF middleware (which
   * reads the token from the body). Without it only the X-CSRF-Token header can carry the token.
   */
  body?: BodyOptions;
  /**
   * The mount's own CSRF check, in place of the site's double-submit one (the admin's token is
   * bound to the staff session). Like that one it must refuse every unsafe request without its
   * token with 403 MissingCSRF; the CSRF test holds every mount to that.
   */
  csrf?: RequestHandler;
}

/**
 * One feature of the gateway: its routers, where they are mounted, and its part of the OpenAPI
 * document. A module is built from the dependencies it names (a Pick of AppDeps), and createApp
 * composes modules and does nothing else.
 */
export interface GatewayModule {
  name: string;
  api?: ApiMount[];
  /** Routers at the site root (images, static files, developer pages), mounted after /api. */
  site?: Router[];
  /** The page catch-all: at most one module has one, and the app mounts it after everything else. */
  pages?: Router;
  openapi?: PathsFragment;
}

/** A module's factory; `undefined` when the module is off in this environment (developer tools in production). */
export type ModuleFactory = (deps: AppDeps) => GatewayModule | undefined;
