import type { RequestHandler } from 'express';
import { HttpError } from '../../../errors';
import { originOf } from './brand';

/**
 * Refuses requests a page on another site made (the tracking beacon is ours alone). Browsers
 * send Sec-Fetch-Site on every fetch; when it is absent (older browsers, proxies that strip it)
 * the Origin header must name this very origin. A request with neither is refused too: only
 * non-browser clients send such a POST, and they have no business writing our analytics.
 */
export const requireSameOrigin: RequestHandler = (req, _res, next) => {
  const site = req.get('sec-fetch-site');
  const allowed = site !== undefined ? site === 'same-origin' : req.get('origin') === originOf(req);
  if (!allowed) throw new HttpError(403, 'CROSS_SITE_REQUEST', 'This endpoint only accepts requests from this site.');
  next();
};
