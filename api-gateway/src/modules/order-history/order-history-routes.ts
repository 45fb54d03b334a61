import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ORDER_HISTORY_PAGE_SIZE,
  type OrderDetail,
  type OrderHistoryPage,
  orderHistoryQuerySchema,
  orderLookupSchema,
} from '@shop/contracts';
import { type Request, type Response, Router } from 'express';
import type { BrandCatalog } from '@shop/brands';
import type { CommerceClient, CommerceOrder } from '../../clients/commercetools';
import { brandOf } from '../../entry-points/http/middleware/brand';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import type { SessionService } from '../../sessions/session-service';
import { DomainError } from '../../shared/domain-error';
import type { Throttle } from '../../shared/throttle';
import { parseBody } from '../checkout/checkout-routes';
import type { OrderAccess } from '../orders/order-access';
import { ORDER_NUMBER } from '../orders/order-number';
import { summaryOf } from './order-view';

export interface OrderHistoryDeps {
  catalog: BrandCatalog;
  commerce: CommerceClient;
  sessions: SessionService;
  throttle: Throttle;
  access: OrderAccess;
  /** The order's detail (its lines through the bag's view). */
  detail: (res: Response, order: CommerceOrder) => Promise<OrderDetail>;
}

const noStore = (res: Response) => res.set('cache-control', 'private, no-store');
const digest = (text: string) => createHash('sha256').update(text.trim().toLowerCase()).digest();
const sameEmail = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** One answer for a wrong number and a wrong e-mail (same code, same message). */
const lookupRefused = () =>
  new DomainError('ORDER_NOT_FOUND', 'We could not find an order with that number and e-mail address.');

function parseQuery(req: Request) {
  const parsed = orderHistoryQuerySchema.safeParse(req.query);
  if (!parsed.success)
    throw new DomainError('INVALID_PARAMETER', 'offset: a whole number from 0 to 10000.', {
      offset: 'a whole number from 0 to 10000',
    });
  return parsed.data.offset ?? 0;
}

/** /api/account/orders: the signed-in customer's orders in this brand's store. */
export function accountOrderRoutes({ catalog, commerce, sessions, access, detail }: OrderHistoryDeps): Router {
  const router = Router();
  router.use('/orders', serviceLabel('Your orders'));
  router.get('/orders', async (req, res) => {
    const offset = parseQuery(req);
    const claims = await sessions.read(req, res);
    if (!claims?.user.isLoggedIn) throw new DomainError('SessionRequired', 'Sign in to see your orders.');
    const { id } = brandOf(res, catalog);
    const { total, results } = await commerce.customerOrders(
      id,
      claims.user.id,
      { limit: ORDER_HISTORY_PAGE_SIZE, offset },
      { correlationId: res.locals.correlationId },
    );
    noStore(res).json({
      results: results.map(summaryOf),
      offset,
      total,
      pageSize: ORDER_HISTORY_PAGE_SIZE,
    } satisfies OrderHistoryPage);
  });
  router.get('/orders/:orderNumber', async (req, res) => {
    const claims = await sessions.read(req, res);
    const { id } = brandOf(res, catalog);
    const order = await access.forCustomer(id, claims, req.params.orderNumber, res.locals.correlationId);
    noStore(res).json(await detail(res, order));
  });
  return router;
}

/** /api/order: looking an order up by number and e-mail (anyone), and reading it again for an hour. */
export function orderLookupRoutes({ catalog, commerce, sessions, throttle, access, detail }: OrderHistoryDeps): Router {
  const router = Router();
  router.use(serviceLabel('Order tracking'));
  router.post('/lookup', async (req, res) => {
    const { orderNumber, email } = parseBody(orderLookupSchema, req.body);
    const number = orderNumber.toUpperCase();
    const claims = await sessions.read(req, res);
    if (!claims) throw new DomainError('SessionRequired', 'Your session has ended. Reload the page and try again.');
    const verdict = await throttle.orderLookupAllowed(req.ip ?? 'unknown', number);
    if (!verdict.allowed) {
      res.set('retry-after', String(verdict.retryAfterSeconds));
      throw new DomainError('TOO_MANY_REQUESTS', 'Too many order lookups. Try again later.');
    }
    const { id } = brandOf(res, catalog);
    // A wrong number and a wrong e-mail do the same work: one read of the store, one comparison.
    const order = ORDER_NUMBER.test(number)
      ? await commerce.orderByNumber(id, number, { correlationId: res.locals.correlationId })
      : undefined;
    const matches = sameEmail(order?.email ?? '', email);
    if (!order?.email || !matches) throw lookupRefused();
    await sessions.update(req, res, access.grant(claims, order.orderNumber), claims.user);
    noStore(res).json(await detail(res, order));
  });
  router.get('/:orderNumber', async (req, res) => {
    const claims = await sessions.read(req, res);
    const { id } = brandOf(res, catalog);
    const order = await access.forGuest(id, claims, req.params.orderNumber, res.locals.correlationId);
    noStore(res).json(await detail(res, order));
  });
  return router;
}
