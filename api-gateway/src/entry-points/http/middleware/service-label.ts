import type { RequestHandler, Response } from 'express';
import type { UpstreamName } from '../../../clients/upstream-guard';

/** What a shopper would call each upstream when no route names it more precisely. */
const DEFAULT_LABELS: Record<UpstreamName, string> = {
  commerce: 'The shop',
  flags: 'Feature flags',
  captcha: 'The security check',
  crm: 'Customer service',
  content: 'Content',
  tax: 'Tax calculation',
  address: 'Address verification',
  payment: 'Card payment',
  fraud: 'Order screening',
  loyalty: 'Loyalty points',
  labels: 'Return labels',
};

/**
 * Names the service a route fronts ("The catalog"), so an upstream outage is explained in the
 * shopper's terms rather than ours. Set per route: routers mounted at /api see every request.
 */
export const serviceLabel =
  (label: string): RequestHandler =>
  (_req, res, next) => {
    res.locals.serviceLabel = label;
    next();
  };

/** The shopper's explanation of an outage; it names the failed call, when known, for support to trace. */
export const unavailableMessage = (res: Response, upstream: UpstreamName, operation?: string) =>
  `${res.locals.serviceLabel ?? DEFAULT_LABELS[upstream]} is temporarily unavailable${operation ? ` (${upstream} ${operation})` : ''}. Please try again in a moment.`;
