import {
  type BrandCatalog,
  type BrandConfig,
  type BrandContent,
  assembleBrandContent,
  loadBrandContent,
} from '@shop/brands';
import type { BrandId } from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
import { z } from 'zod';
import { HttpError } from '../../errors';
import {
  UPSTREAM_TIMEOUTS,
  UpstreamFault,
  type UpstreamGuard,
  UpstreamUnavailableError,
  createUpstreamGuard,
  upstreamFetch,
} from '../upstream-guard';

/** Where brand content comes from: the brands/ folder by default, a headless CMS by configuration. */
export interface ContentSource {
  brandContent(brand: BrandId, correlationId: string): Promise<BrandContent>;
}

/** Reads and validates every brand's content folder at start-up; a broken file stops the gateway. */
export function createFileContentSource(brandsDir: string, catalog: BrandCatalog): ContentSource {
  const loaded = new Map<BrandId, BrandContent>();
  for (const [id, brand] of catalog) loaded.set(id, loadBrandContent(brandsDir, brand.config));
  return {
    async brandContent(brand) {
      return loaded.get(brand) as BrandContent;
    },
  };
}

const markdown = z.string().max(200_000);
/** What a headless CMS answers for GET {CONTENT_API_URL}/brands/{brand}/content. */
const bundleSchema = z.strictObject({
  documents: z.record(z.string().regex(/^[a-z0-9-]{1,40}$/), z.unknown()),
  pages: z.record(z.string().regex(/^[a-z0-9-]{1,40}$/), markdown),
  articles: z.record(z.string().regex(/^[a-z0-9-]{1,80}$/), markdown).refine((a) => Object.keys(a).length <= 2000),
  /** Size guides by slug; a CMS that publishes none leaves the brand without guides and fit finder. */
  sizeGuides: z
    .record(z.string().regex(/^[a-z0-9-]{1,60}$/), z.unknown())
    .refine((guides) => Object.keys(guides).length <= 50)
    .optional(),
});

interface HttpSourceOptions {
  url: string;
  catalog: BrandCatalog;
  ttlSeconds: number;
  logger: Logger;
  /** The CMS's breaker. */
  guard?: UpstreamGuard;
  now?: () => number;
}

/**
 * A headless CMS that serves the same documents, pages and Markdown articles as the brands/
 * folder. Content is validated with the same schemas; the last good copy keeps serving while
 * the CMS is down or publishes something broken.
 */
export function createHttpContentSource({
  url,
  catalog,
  ttlSeconds,
  logger,
  guard = createUpstreamGuard('content', logger),
  now = Date.now,
}: HttpSourceOptions): ContentSource {
  const entries = new Map<BrandId, { content: BrandContent; fetchedAt: number }>();
  const inFlight = new Map<BrandId, Promise<BrandContent>>();
  const fetchBrand = async (brand: BrandId, config: BrandConfig, correlationId: string) => {
    const address = `${url.replace(/\/$/, '')}/brands/${brand}/content`;
    const raw = await guard.run(() =>
      guard.within(UPSTREAM_TIMEOUTS.readMs, async (signal) => {
        const response = await upstreamFetch(
          address,
          { headers: { accept: 'application/json', 'x-correlation-id': correlationId }, signal },
          'The content CMS',
        );
        if (response.status >= 500) throw new UpstreamFault(`${address} answered ${response.status}`);
        // A 4xx is the CMS answering (no such brand, our key refused): not an outage for the breaker.
        if (!response.ok) throw new Error(`${address} answered ${response.status}`);
        return response.json().catch(() => {
          throw new UpstreamFault(`${address} answered with something other than JSON`);
        });
      }),
    );
    const bundle = bundleSchema.parse(raw);
    const origin = (kind: string, name: string) => () => `cms:${brand}/${kind}/${name}`;
    const content = assembleBrandContent(
      {
        documents: Object.fromEntries(
          Object.entries(bundle.documents).map(([name, value]) => [name, { value, origin: origin('documents', name) }]),
        ),
        pages: Object.fromEntries(
          Object.entries(bundle.pages).map(([name, value]) => [name, { value, origin: origin('pages', name) }]),
        ),
        articles: Object.fromEntries(
          Object.entries(bundle.articles).map(([name, value]) => [name, { value, origin: origin('articles', name) }]),
        ),
        sizeGuides: Object.fromEntries(
          Object.entries(bundle.sizeGuides ?? {}).map(([name, value]) => [
            name,
            { value, origin: origin('size-guides', name) },
          ]),
        ),
      },
      config,
    );
    entries.set(brand, { content, fetchedAt: now() });
    return content;
  };
  return {
    async brandContent(brand, correlationId) {
      const entry = entries.get(brand);
      if (entry && now() - entry.fetchedAt < ttlSeconds * 1000) return entry.content;
      const config = catalog.get(brand)?.config;
      if (!config) throw new HttpError(404, 'BRAND_NOT_FOUND', `There is no brand "${brand}".`);
      let pending = inFlight.get(brand);
      if (!pending) {
        pending = fetchBrand(brand, config, correlationId).finally(() => inFlight.delete(brand));
        inFlight.set(brand, pending);
      }
      try {
        return await pending;
      } catch (error) {
        logger.error('Content API failed', { brand, correlationId, error: (error as Error).message });
        if (entry) {
          // Serve the last good copy for another TTL rather than make every page wait on a failing CMS.
          entries.set(brand, { content: entry.content, fetchedAt: now() });
          return entry.content;
        }
        throw error instanceof UpstreamUnavailableError
          ? error
          : new UpstreamUnavailableError('content', guard.retryAfterSeconds(), (error as Error).message);
      }
    },
  };
}
