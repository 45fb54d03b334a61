import type { BrandId } from '@shop/contracts';
import type { BrandCatalog, LoadedBrand } from '@shop/brands';
import type { Request, RequestHandler, Response } from 'express';
import { resolveBrandId } from '../../../domain/resolve-brand';
import { HttpError } from '../../../errors';

const HOST = /^[a-z0-9.-]{1,253}(?::\d{1,5})?$/i;

/** Resolves the brand of every request from its host; a malformed Host header is a 400. */
export function brandResolver(catalog: BrandCatalog, fallback: BrandId): RequestHandler {
  return (req, res, next) => {
    const host = req.get('host') ?? '';
    if (!HOST.test(host)) return next(new HttpError(400, 'INVALID_HOST', 'The Host header is missing or malformed'));
    const id = resolveBrandId(req.hostname ?? '', catalog, fallback);
    res.locals.brandId = id;
    next();
  };
}

export function brandOf(res: Response, catalog: BrandCatalog): { id: BrandId; brand: LoadedBrand } {
  const id = res.locals.brandId as BrandId;
  const brand = catalog.get(id);
  if (!brand) throw new Error(`Brand ${id} is not loaded`);
  return { id, brand };
}

/** The origin the browser used, for absolute URLs to our own remote builds. */
export const originOf = (req: Request) => `${req.protocol}://${req.get('host')}`;
