import type { ChromeContent, PrivacyPreferences, ShellBootConfig } from '@shop/contracts';
import type { BrandCatalog } from '@shop/brands';
import { type Request, type Response, Router } from 'express';
import type { GatewayConfig } from '../../config';
import { type resolveRemotes as ResolveRemotes } from './resolve-remotes';
import { brandOf } from '../../entry-points/http/middleware/brand';
import type { ContentSource } from '../../clients/content';

const BARE_CHROME: ChromeContent = {
  nav: { links: [] },
  footer: { columns: [], social: [], signup: { title: 'E-mail updates', text: '' }, legal: '' },
};

/**
 * The remotes of the request's brand for one shopper: the tracking session's token names the
 * shopper (a page passes the one it has just issued), so a canary gives them the same versions
 * on the page and in later registry answers.
 */
export type RemotesFor = (req: Request, res: Response, shopperKey?: string) => ReturnType<typeof ResolveRemotes>;
/** The request's effective privacy consent (session choice, default, Sec-GPC). */
export type ConsentFor = (req: Request) => Promise<PrivacyPreferences>;

/** What a page boots with: the brand's public config, flag values, remotes, nav and footer. */
export async function bootConfigFor(
  req: Request,
  res: Response,
  catalog: BrandCatalog,
  config: GatewayConfig,
  remotesFor: RemotesFor,
  content: ContentSource,
  consentFor: ConsentFor,
): Promise<ShellBootConfig> {
  const { id, brand } = brandOf(res, catalog);
  // A page still boots (with bare chrome) when a CMS is down and nothing is cached.
  const { nav, footer } = await content.brandContent(id, res.locals.correlationId).catch(() => BARE_CHROME);
  return {
    brand: brand.publicConfig,
    flags: await res.locals.flags.values(),
    remotes: remotesFor(req, res).remotes,
    environment: config.environment,
    origin: res.locals.canonicalOrigin,
    chrome: { nav, footer },
    consent: await consentFor(req),
  };
}

/** GET /api/remotes (the brand's remote registry) and GET /api/brand (what a page boots with), each mounted at its own path. */
export function platformApi(
  catalog: BrandCatalog,
  config: GatewayConfig,
  remotesFor: RemotesFor,
  content: ContentSource,
  consentFor: ConsentFor,
): { remotes: Router; brand: Router } {
  const remotes = Router();
  remotes.get('/', (req, res) => {
    // Never stored by any cache: a canary answers each shopper their own versions.
    res.set('cache-control', 'no-store').json({ remotes: remotesFor(req, res).remotes });
  });
  const brand = Router();
  brand.get('/', async (req, res) => {
    res
      .set('cache-control', 'no-store')
      .json(await bootConfigFor(req, res, catalog, config, remotesFor, content, consentFor));
  });
  return { remotes, brand };
}
