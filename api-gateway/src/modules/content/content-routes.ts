import type { BrandCatalog } from '@shop/brands';
import { articleQuerySchema } from '@shop/contracts';
import { Router } from 'express';
import type { ContentSource } from '../../clients/content';
import { contentDocument } from './content-document';
import { HttpError } from '../../errors';
import { brandOf } from '../../entry-points/http/middleware/brand';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';

const PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/;
const MAX_AGE = 300;

/** GET /api/content/{path}: the brand's content documents, whichever source holds them. */
export function contentRoutes(catalog: BrandCatalog, source: ContentSource): Router {
  const router = Router();
  router.get('/content/{*path}', serviceLabel('Content'), async (req, res) => {
    const path = ([] as string[]).concat(req.params.path ?? []).join('/');
    if (!PATH.test(path) || path.length > 120) throw new HttpError(400, 'INVALID_PARAMETER', 'path: must be a content path such as home or learn/{article}');
    const parsed = articleQuerySchema.safeParse(req.query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new HttpError(400, 'INVALID_PARAMETER', `${issue.path.join('.') || 'query'}: ${issue.message}`);
    }
    const { id } = brandOf(res, catalog);
    const content = await source.brandContent(id, res.locals.correlationId as string);
    const document = contentDocument(content, path, parsed.data);
    if (!document) throw new HttpError(404, 'CONTENT_NOT_FOUND', `There is no content at "${path}".`);
    res.set({ 'cache-control': `public, max-age=${MAX_AGE}`, vary: 'Host' }).json(document);
  });
  return router;
}
