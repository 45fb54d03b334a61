import type { BrandCatalog } from '@shop/brands';
import { SNIPPET_PATHS, type SnippetPath, articleQuerySchema } from '@shop/contracts';
import { Router } from 'express';
import { z } from 'zod';
import type { ContentSource } from '../../clients/content';
import { contentDocument } from './content-document';
import { DomainError } from '../../shared/domain-error';
import { brandOf } from '../../entry-points/http/middleware/brand';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';

const PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)?$/;
export const contentParams = z.object({
  path: z.string().max(120).regex(PATH).describe('one or two kebab-case segments'),
});
const MAX_AGE = 300;
const isSnippetPath = (path: string): path is SnippetPath => (SNIPPET_PATHS as readonly string[]).includes(path);

/** GET /api/content/{path} (mounted at /api/content): the brand's content documents, whichever source holds them. */
export function contentRoutes(catalog: BrandCatalog, source: ContentSource): Router {
  const router = Router();
  router.get('/{*path}', serviceLabel('Content'), async (req, res) => {
    const path = ([] as string[]).concat(req.params.path ?? []).join('/');
    if (!contentParams.safeParse({ path }).success)
      throw new DomainError('INVALID_PARAMETER', 'path: must be a content path such as home or learn/{article}');
    const parsed = articleQuerySchema.safeParse(req.query);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new DomainError('INVALID_PARAMETER', `${issue.path.join('.') || 'query'}: ${issue.message}`);
    }
    const { id } = brandOf(res, catalog);
    const content = await source.brandContent(id, res.locals.correlationId);
    // The signup's copy and the snippets' promises follow the brand's flags, which a manager can
    // turn at any time: those documents are revalidated on every use.
    const named = isSnippetPath(path) ? [...new Set(content.snippets[path].blocks.flatMap((b) => b.flag ?? []))] : [];
    const byFlag = path === 'email' || named.length > 0;
    const on = new Map<string, boolean>(
      await Promise.all(named.map(async (flag) => [flag, await res.locals.flags.isOn(flag)] as const)),
    );
    const offers = path === 'email' ? await res.locals.flags.isOn('discounts') : true;
    const document = contentDocument(content, path, parsed.data, { offers, flagsOn: (flag) => on.get(flag) === true });
    if (!document) throw new DomainError('CONTENT_NOT_FOUND', `There is no content at "${path}".`);
    res.set({ 'cache-control': byFlag ? 'no-cache' : `public, max-age=${MAX_AGE}`, vary: 'Host' }).json(document);
  });
  return router;
}
