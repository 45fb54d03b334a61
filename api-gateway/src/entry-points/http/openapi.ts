import { Router } from 'express';
import { buildOpenApiDocument } from '../../openapi/build-document';
import type { PathsFragment } from '../../openapi/operation';
import type { GatewayModule } from '../../modules/gateway-module';
import { needsCsrf } from './middleware/csrf-protection';

const OWN: PathsFragment = {
  '/api/openapi.json': { get: { summary: 'This document', responses: { '200': { description: 'OpenAPI 3.1' } } } },
};

/**
 * GET /api/openapi.json: the OpenAPI 3.1 description of every mounted /api route, built once from
 * the modules' fragments (the same zod schemas the routes validate with). A module that is not
 * mounted (developer tools outside development and test) is not described either.
 */
export function openApiModule(modules: GatewayModule[]): GatewayModule {
  const document = buildOpenApiDocument([...modules.map((module) => module.openapi ?? {}), OWN], { needsCsrf });
  const router = Router();
  router.get('/', (_req, res) => res.json(document));
  return { name: 'openapi', api: [{ path: '/openapi.json', router }], openapi: OWN };
}
