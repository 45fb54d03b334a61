import type { BrandCatalog } from '@shop/brands';
import { checkoutUpdateSchema, customerEmailSchema, loyaltyRedemptionSchema } from '@shop/contracts';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import type { SessionService } from '../../sessions/session-service';
import { DomainError } from '../../shared/domain-error';
import { checkoutSession } from './checkout-scope';
import type { CheckoutUseCases } from './checkout-use-cases';

export interface CheckoutRouteDeps {
  catalog: BrandCatalog;
  sessions: SessionService;
  checkout: CheckoutUseCases;
}

/** A body against its schema; every wrong field is named (`fields`), the first in the message. */
export function parseBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === 'unrecognized_keys')
      for (const key of issue.keys) fields[[...issue.path, key].join('.')] = 'is not a field of this request';
    else fields[issue.path.join('.') || 'body'] ??= issue.message;
  }
  const [field, message] = Object.entries(fields)[0];
  throw new DomainError('INVALID_PARAMETER', `${field}: ${message}`, fields);
}

/** Routes that take no fields: an empty body (or none). */
export const emptyBodySchema = z.strictObject({});

const noStore = (res: Response) => res.set('cache-control', 'private, no-store');

/**
 * Checkout over HTTP (SPEC §7): `GET /api/checkout`, and the checkout writes that SPEC §7 puts
 * under /api/cart (POST and PUT /api/cart, customerEmail, taxes, the loyalty redemption). Every
 * answer is a CheckoutResponse; every write needs the CSRF header (the app's middleware).
 */
export function checkoutRoutes({ catalog, sessions, checkout }: CheckoutRouteDeps) {
  const session = (req: Request, res: Response) => checkoutSession(req, res, { catalog, sessions });

  const view = Router();
  view.use(serviceLabel('Checkout'));
  view.get('/', async (req, res) => {
    const { scope } = await session(req, res);
    noStore(res).json(await checkout.read(scope));
  });

  const writes = Router();
  writes.use(serviceLabel('Checkout'));
  writes.post('/', async (req, res) => {
    const update = parseBody(checkoutUpdateSchema, req.body);
    const { scope } = await session(req, res);
    noStore(res).json(await checkout.update(scope, update));
  });
  writes.put('/', async (req, res) => {
    parseBody(emptyBodySchema, req.body);
    const { scope } = await session(req, res);
    noStore(res).json(await checkout.reset(scope));
  });
  writes.post('/customerEmail', async (req, res) => {
    const body = parseBody(customerEmailSchema, req.body);
    const { scope } = await session(req, res);
    noStore(res).json(await checkout.setEmail(scope, body));
  });
  writes.post('/taxes', async (req, res) => {
    parseBody(emptyBodySchema, req.body);
    const { scope } = await session(req, res);
    noStore(res).json(await checkout.computeTaxes(scope));
  });
  writes.post('/loyalty/redemption', async (req, res) => {
    const { points } = parseBody(loyaltyRedemptionSchema, req.body);
    const { scope } = await session(req, res);
    noStore(res).json(await checkout.redeem(scope, points));
  });
  writes.delete('/loyalty/redemption', async (req, res) => {
    const { scope } = await session(req, res);
    noStore(res).json(await checkout.removeRedemption(scope));
  });
  return { view, writes };
}
