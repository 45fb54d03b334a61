import { createHash } from 'node:crypto';
import type { BrandCatalog } from '@shop/brands';
import { EARLY_INPUT_SCRIPT } from '@shop/contracts';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { GatewayConfig } from '../../../config';

/** The one inline script a page runs (ADR 0025), allowed by its hash and nothing else. */
export const EARLY_INPUT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
};

/**
 * helmet's headers with a CSP whose script and connect sources are this site plus the origins
 * the brand's remote registry points at (a CDN, or dev servers in development), nothing else;
 * frames only from the payment vendor's hosted card field and the fraud collector, whose origin
 * is also the one other host the page may call.
 */
export function securityHeaders(catalog: BrandCatalog, config: GatewayConfig): RequestHandler {
  const devOrigins = [config.shellDevUrl, ...Object.values(config.remoteDevUrls)]
    .filter((url): url is string => Boolean(url))
    .map(originOf)
    .filter((origin): origin is string => Boolean(origin));
  const originsByBrand = new Map<string, string[]>();
  for (const [id, brand] of catalog) {
    const remoteOrigin = brand.config.remotes.baseUrl.startsWith('/')
      ? undefined
      : originOf(brand.config.remotes.baseUrl);
    originsByBrand.set(id, [...new Set([...(remoteOrigin ? [remoteOrigin] : []), ...devOrigins])]);
  }
  const extra = (res: { locals: Pick<Express.Locals, 'brandId'> }) => originsByBrand.get(res.locals.brandId) ?? [];
  const devSockets = devOrigins.map((origin) => origin.replace(/^http/, 'ws'));
  // Checkout (docs/adr/0014): the hosted card field is a frame on the payment vendor's origin; the
  // fraud collector's hidden /logo.htm is a frame on its origin, and the browser SDK calls it.
  const paymentOrigin = originOf(config.vendors.payment.hostedUrl);
  const collectorOrigin = originOf(config.vendors.fraud.collectorUrl);
  const frames = [paymentOrigin, collectorOrigin].filter((origin): origin is string => Boolean(origin));

  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", EARLY_INPUT_SCRIPT_SOURCE, (_req, res) => extra(res as never).join(' ')],
        connectSrc: [
          "'self'",
          (_req, res) =>
            [...extra(res as never), ...devSockets, ...(collectorOrigin ? [collectorOrigin] : [])].join(' '),
        ],
        frameSrc: frames.length ? [...new Set(frames)] : ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    // Only this site's pages may embed what it serves; the remote builds, which any brand host
    // (or a shell on another origin) loads, say cross-origin where they are served.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
}
