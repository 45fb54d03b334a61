import type { BrandId } from '@shop/contracts';
import type { BrandCatalog, LoadedBrand } from '@shop/brands';
import type { Request, RequestHandler, Response } from 'express';
import type { BrandOrigins } from '../../../shared/brand-origins';
import { internalCaller } from '../../../shared/browse-limit';
import { resolveBrandId } from '../../../shared/resolve-brand';
import { HttpError } from '../../../errors';

const HOST = /^[a-z0-9.-]{1,253}(?::\d{1,5})?$/i;

interface Options {
  catalog: BrandCatalog;
  fallback: BrandId;
  origins: BrandOrigins;
  /** Outside development and test, a request for an origin no brand names is refused. */
  strictHosts: boolean;
}

/** Asked of the instance by load balancers and scrapers, which address it and not a brand. */
const INSTANCE_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/**
 * Resolves the brand of every request from its host and pins `res.locals.origin` to one of the
 * brand's configured origins; a malformed Host header is a 400, an unknown one (when strict) a 421.
 */
export function brandResolver({ catalog, fallback, origins, strictHosts }: Options): RequestHandler {
  return (req, res, next) => {
    const host = req.host ?? '';
    if (!HOST.test(host) || !HOST.test(req.get('host') ?? ''))
      return next(new HttpError(400, 'INVALID_HOST', 'The Host header is missing or malformed'));
    const id = resolveBrandId(req.hostname ?? '', catalog, fallback, origins);
    // The page renderer beside the gateway reads /api over plain http with the brand's Host; the
    // brand's origin may be https (TLS ends at the balancer). A caller inside (loopback or a
    // private address, through no proxy) is matched by host; a shopper's request by its origin.
    const origin =
      origins.match(id, `${req.protocol}://${host}`) ?? (internalCaller(req) ? origins.matchHost(id, host) : undefined);
    if (!origin && strictHosts && !INSTANCE_PATHS.has(req.path)) {
      return next(new HttpError(421, 'UNKNOWN_HOST', 'This site is not served at this address'));
    }
    res.locals.brandId = id;
    res.locals.origin = origin ?? origins.canonical(id);
    res.locals.canonicalOrigin = origins.canonical(id);
    next();
  };
}

export function brandOf(res: Response, catalog: BrandCatalog): { id: BrandId; brand: LoadedBrand } {
  const id = res.locals.brandId;
  const brand = catalog.get(id);
  if (!brand) throw new Error(`Brand ${id} is not loaded`);
  return { id, brand };
}

/** The brand origin the request was made to, as configured (never the raw Host header). */
export const originOf = (req: Request): string => (req.res as Response).locals.origin;
