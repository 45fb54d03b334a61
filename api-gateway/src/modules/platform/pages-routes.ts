import { existsSync, readFileSync } from 'node:fs';
import type { BrandCatalog } from '@shop/brands';
import { type Request, type Response, Router } from 'express';
import type { GatewayConfig } from '../../config';
import { assertShellTemplate, renderShellPage } from './render-shell-page';
import { DomainError } from '../../shared/domain-error';
import { trackingSession } from '../../entry-points/http/middleware/tracking-session';
import { type ConsentFor, type RemotesFor, bootConfigFor } from './platform-routes';
import { shellTemplatePath } from './static-files';
import type { ContentSource } from '../../clients/content';
import type { PageFinder } from './page-finder';
import type { RenderPage } from './page-renderer';
import { type RouteEntry, isServerRendered } from '@shop/contracts';
import { type BrowseLimit, tooManyPagesHtml } from '../../shared/browse-limit';
import { brandOf } from '../../entry-points/http/middleware/brand';

/** Remotes every page needs at once (header slots), worth a preload hint. */
const PRELOADED = ['catalog', 'cartCheckout'] as const;

/** Listing and search pages: each a render with a catalog search behind it, limited per address. */
const isListing = (entry: RouteEntry) =>
  entry.page === 'search' || entry.page === 'category' || entry.page.startsWith('category-landing');

/** Whether the request carries a signed-in shopper's session. */
export type SignedIn = (req: Request) => Promise<boolean>;

/**
 * Every page route answers with the shell's HTML for the request's brand; the shell's route
 * table decides what shows, including its 404 page, and the same table decides the status: 404
 * for a path, category or product that does not exist, 410 for a product withdrawn from sale,
 * a 301 to a product's own address when it is asked for at an old one, and a 302 to sign-in
 * for a page that needs a signed-in shopper when there is none.
 */
export function pages(
  catalog: BrandCatalog,
  config: GatewayConfig,
  remotesFor: RemotesFor,
  content: ContentSource,
  consentFor: ConsentFor,
  signedIn: SignedIn,
  findPage: PageFinder,
  renderPage?: RenderPage,
  limit?: Pick<BrowseLimit, 'page'>,
): Router {
  const router = Router();
  const loadTemplate = templateLoader(config);
  router.get('/{*splat}', async (req: Request, res: Response) => {
    const template = await loadTemplate();
    // The tracking session starts with the page, so the first events of a visit share one token (SPEC §4).
    // A response that sets it is private: a shared cache must never hand one token to everyone.
    // The token also draws the shopper's canary versions, from the first page on.
    const { token, issued } = trackingSession(req, res);
    const resolved = remotesFor(req, res, token);
    const boot = await bootConfigFor(req, res, catalog, config, () => resolved, content, consentFor);
    const found = await findPage(res, boot.brand, req.path);
    const verdict = found && limit && isListing(found.entry) ? await limit.page(req) : { allowed: true as const };
    if (!verdict.allowed) {
      res
        .status(429)
        .set({
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'retry-after': String(verdict.retryAfterSeconds),
          'x-robots-tag': 'noindex',
        })
        .send(tooManyPagesHtml(brandOf(res, catalog).brand.config.name, verdict.retryAfterSeconds));
      return;
    }
    // SPEC §2/§6: the same sign-in, with the same query, that the shell's route guard navigates
    // to; as a real redirect the shopper's browser never loads a page it cannot show.
    if (found?.entry.authorized && !(await signedIn(req))) {
      const query = new URLSearchParams({ error: 'SessionRequired', callbackUrl: req.originalUrl });
      res.set({ 'cache-control': 'private, no-cache', vary: 'Host, Cookie' }).redirect(302, `/login?${query}`);
      return;
    }
    if (found?.movedTo) {
      const at = req.originalUrl.indexOf('?');
      const search = at === -1 ? '' : req.originalUrl.slice(at);
      // A day, not forever: a product can move again, and the next move should be seen.
      res.set({ 'cache-control': 'public, max-age=86400', vary: 'Host' }).redirect(301, `${found.movedTo}${search}`);
      return;
    }
    // A back-office page has no shop header, so nothing of the header's remotes is worth hinting.
    const preload = found?.entry.backOffice
      ? []
      : PRELOADED.flatMap((name) => (boot.remotes[name] ? [boot.remotes[name].manifestUrl] : []));
    const noindex = Boolean(found?.entry.noindex);
    // Pages that search engines index arrive rendered (ADR 0017); the rest, and any page the
    // renderer cannot do in time, render in the browser.
    const server = found && renderPage && isServerRendered(found.entry) ? await renderPage(req, boot) : undefined;
    res
      .status(found ? (found.status ?? 200) : 404)
      .set({
        'content-type': 'text/html; charset=utf-8',
        // So is a page whose remote versions are drawn per shopper (a canary runs).
        'cache-control': issued || resolved.perShopper ? 'private, no-cache' : 'no-cache',
        // The inlined consent follows the session cookie and the GPC signal.
        vary: 'Host, Cookie, Sec-GPC',
        ...(noindex ? { 'x-robots-tag': 'noindex' } : {}),
      })
      .send(renderShellPage(template, boot, preload, server, { noindex }));
  });
  return router;
}

/** Production reads the built template once; development asks the shell's dev server each time. */
function templateLoader(config: GatewayConfig): () => Promise<string> {
  if (config.shellDevUrl) {
    const url = new URL('/shell/index.html', config.shellDevUrl).toString();
    return async () => {
      const response = await fetch(url).catch(() => undefined);
      if (!response?.ok) throw new DomainError('SHELL_UNAVAILABLE', `The shell dev server at ${url} is not answering`);
      return assertShellTemplate(await response.text(), url);
    };
  }
  const path = shellTemplatePath(config.shellDist);
  let cached: string | undefined;
  return async () => {
    if (cached) return cached;
    if (!existsSync(path)) throw new DomainError('SHELL_NOT_BUILT', 'The shell has not been built: run npm start');
    cached = assertShellTemplate(readFileSync(path, 'utf8'), path);
    return cached;
  };
}
