import { type StoreQuery, storeQuerySchema } from '@shop/contracts';
import type { BrandCatalog } from '@shop/brands';
import { type Request, type RequestHandler, type Response, Router } from 'express';
import { type StoreDirectory, createStoreDirectory } from '../../clients/stores';
import { findStores } from './find-stores-use-case';
import { usStatesMap } from './us-map';
import { DomainError } from '../../shared/domain-error';
import { brandOf } from '../../entry-points/http/middleware/brand';

const RESULTS_MAX_AGE = 300;
/** The map's URL is not versioned, so a week plus an ETag rather than a year and immutable. */
const MAP_MAX_AGE = 7 * 24 * 3600;

/** The store locator (mounted at /api/stores): stores near a ZIP code or a position, and the US map they are pinned on. */
export function storesRoutes(catalog: BrandCatalog, directory: StoreDirectory = createStoreDirectory()): Router {
  const router = Router();
  // Per brand flag: a brand without a store locator answers as if the feature did not exist.
  const enabled: RequestHandler = async (_req, res, next) => {
    if (!(await res.locals.flags.isOn('storeLocator')))
      throw new DomainError('FEATURE_DISABLED', 'The store locator is not available on this site.');
    next();
  };

  router.get('/', enabled, async (req, res) => {
    const query = parseQuery(req);
    const { id, brand } = brandOf(res, catalog);
    const result = await findStores(query, { brand: { id, name: brand.publicConfig.name }, directory });
    if (!result) throw new DomainError('ZIP_NOT_FOUND', `There is no US ZIP code ${'zip' in query ? query.zip : ''}.`);
    res.set({ 'cache-control': `public, max-age=${RESULTS_MAX_AGE}`, vary: 'Host' }).json(result);
  });

  router.get('/map.svg', enabled, (_req, res: Response) => {
    const { svg, etag } = usStatesMap();
    // Express answers 304 itself when If-None-Match matches this ETag.
    res
      .set({
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': `public, max-age=${MAP_MAX_AGE}`,
        etag,
        vary: 'Host',
      })
      .send(svg);
  });
  return router;
}

/** Query string -> validated store query; a bad parameter is a 400 that names it. */
function parseQuery(req: Request): StoreQuery {
  const result = storeQuerySchema.safeParse(req.query);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const name = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.join('.');
  throw new DomainError(
    'INVALID_PARAMETER',
    `${name}: ${issue.code === 'unrecognized_keys' ? 'is not a known parameter' : issue.message}`,
  );
}
