import { createHash, timingSafeEqual } from 'node:crypto';
import { type RequestHandler, Router } from 'express';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import { HttpError } from '../../errors';
import { deliverOrderSchema, shipOrderSchema } from '@shop/contracts';
import { DomainError } from '../../shared/domain-error';
import { emptyBodySchema, parseBody } from '../checkout/checkout-routes';
import type { OrderOperations } from './order-operations';
import { ORDER_NUMBER } from './order-number';
import { z } from 'zod';

/** The OpenAPI header every back-office route documents. */
export const opsHeader = {
  name: 'Authorization',
  in: 'header' as const,
  schema: z.string(),
  description: 'Bearer OPS_API_KEY (server to server; no cookie, no CSRF token)',
};

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The back office's bearer key (OPS_API_KEY): a server-to-server caller, so no cookie and no
 * CSRF token; compared in constant time.
 */
export function requireOpsKey(apiKey: string): RequestHandler {
  const expected = digest(apiKey);
  return (req, _res, next) => {
    const match = /^Bearer (\S{1,512})$/.exec(req.get('authorization') ?? '');
    if (!match || !timingSafeEqual(digest(match[1]), expected))
      return next(new HttpError(401, 'UNAUTHORIZED', 'A valid back-office key is required.'));
    next();
  };
}

/**
 * /api/ops/orders/{orderNumber}/ready, /ship, /deliver (fulfil: the old name of ship without
 * tracking) and /cancel. Each is safe to repeat; a move the order's state does not allow is 409
 * ORDER_STATE_CONFLICT.
 */
export function opsRoutes(apiKey: string, operations: OrderOperations): Router {
  const router = Router();
  router.use(serviceLabel('Order operations'), requireOpsKey(apiKey));
  const numberOf = (value: unknown) => {
    const orderNumber = String(value);
    if (!ORDER_NUMBER.test(orderNumber)) throw new DomainError('ORDER_NOT_FOUND', 'There is no such order.');
    return orderNumber;
  };
  router.post('/orders/:orderNumber/ready', async (req, res) => {
    parseBody(emptyBodySchema, req.body);
    res.json(await operations.ready(numberOf(req.params.orderNumber), res.locals.correlationId));
  });
  router.post('/orders/:orderNumber/ship', async (req, res) => {
    const tracking = parseBody(shipOrderSchema, req.body);
    res.json(await operations.ship(numberOf(req.params.orderNumber), tracking, res.locals.correlationId));
  });
  router.post('/orders/:orderNumber/deliver', async (req, res) => {
    const { deliveredAt } = parseBody(deliverOrderSchema, req.body);
    res.json(
      await operations.deliver(
        numberOf(req.params.orderNumber),
        deliveredAt ? new Date(deliveredAt) : undefined,
        res.locals.correlationId,
      ),
    );
  });
  router.post('/orders/:orderNumber/fulfil', async (req, res) => {
    res.json(await operations.fulfil(numberOf(req.params.orderNumber), res.locals.correlationId));
  });
  router.post('/orders/:orderNumber/cancel', async (req, res) => {
    res.json(await operations.cancel(numberOf(req.params.orderNumber), res.locals.correlationId));
  });
  return router;
}
