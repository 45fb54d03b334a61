import type { ShellBootConfig } from '@shop/contracts';
import type { BrandCatalog } from '@shop/brands';
import { type Request, type Response, Router } from 'express';
import type { GatewayConfig } from '../../../config';
import { type resolveRemotes as ResolveRemotes } from '../../../domain/resolve-remotes';
import { brandOf } from '../middleware/brand';

type RemotesFor = (req: Request, res: Response) => ReturnType<typeof ResolveRemotes>;

/** What a page boots with: the brand's public config, its flag values and its remotes. */
export function bootConfigFor(
  req: Request,
  res: Response,
  catalog: BrandCatalog,
  config: GatewayConfig,
  remotesFor: RemotesFor,
): ShellBootConfig {
  const { brand } = brandOf(res, catalog);
  return { brand: brand.publicConfig, flags: brand.flagValues, remotes: remotesFor(req, res), environment: config.environment };
}

export function platformApi(catalog: BrandCatalog, config: GatewayConfig, remotesFor: RemotesFor): Router {
  const router = Router();
  router.get('/remotes', (req, res) => {
    res.set('cache-control', 'no-store').json({ remotes: remotesFor(req, res) });
  });
  router.get('/brand', (req, res) => {
    res.set('cache-control', 'no-store').json(bootConfigFor(req, res, catalog, config, remotesFor));
  });
  return router;
}
