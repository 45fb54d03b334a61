import type { BrandCatalog } from '@shop/brands';
import {
  CONFIRMATION_REFRESH_MINUTES,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  type OrderConfirmation,
  placeOrderSchema,
} from '@shop/contracts';
import { type Request, type Response, Router } from 'express';
import { serverTiming } from '../../shared/server-timing';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import { HttpError } from '../../errors';
import type { SessionService } from '../../sessions/session-service';
import type { SessionClaims } from '../../sessions/session-token';
import { DomainError } from '../../shared/domain-error';
import { checkoutSession } from '../checkout/checkout-scope';
import { parseBody } from '../checkout/checkout-routes';
import { ORDER_NUMBER } from './order-number';
import type { placeOrderUseCase } from './place-order';

export interface OrderRouteDeps {
  catalog: BrandCatalog;
  sessions: SessionService;
  placeOrder: ReturnType<typeof placeOrderUseCase>;
  /** The confirmation of an order this session placed, or undefined when the store has no such order. */
  confirmation: (
    req: Request,
    res: Response,
    orderNumber: string,
  ) => Promise<Omit<OrderConfirmation, 'viewableUntil'> | undefined>;
}

const REFRESH_MS = CONFIRMATION_REFRESH_MINUTES * 60_000;
const noStore = (res: Response) => res.set('cache-control', 'private, no-store');

/** The Idempotency-Key header, made by the browser once per checkout attempt. */
function idempotencyKeyOf(req: Request): string {
  const key = req.get(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined || key === '')
    throw new DomainError('IDEMPOTENCY_KEY_REQUIRED', `Send an ${IDEMPOTENCY_KEY_HEADER} header with the order.`);
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new DomainError(
      'IDEMPOTENCY_KEY_INVALID',
      `${IDEMPOTENCY_KEY_HEADER}: 16 to 128 letters, digits, - and _ (a UUID fits).`,
    );
  return key;
}

/** The session remembers the orders it placed (number and time), newest last. */
const remembering = (claims: SessionClaims, orderNumber: string, at: number): SessionClaims => {
  const earlier = claims.orders?.find((order) => order.n === orderNumber);
  return {
    ...claims,
    orders: [
      ...(claims.orders ?? []).filter((order) => order.n !== orderNumber),
      { n: orderNumber, at: earlier?.at ?? at },
    ],
  };
};

/**
 * /api/orders (SPEC §2, §7, §9): placing an order with an Idempotency-Key, and the confirmation,
 * which only the session that placed the order may read, for 30 minutes.
 */
export function orderRoutes({ catalog, sessions, placeOrder, confirmation }: OrderRouteDeps): Router {
  const router = Router();
  router.use(serviceLabel('Placing your order'));

  // What each vendor call and commerce added to the placement (the checkout bench reads it).
  router.post('/', serverTiming, async (req, res) => {
    const request = parseBody(placeOrderSchema, req.body);
    const key = idempotencyKeyOf(req);
    const { claims, scope } = await checkoutSession(req, res, { catalog, sessions });
    let placement: Awaited<ReturnType<typeof placeOrder>>;
    try {
      placement = await placeOrder(scope, request, key, req.ip);
    } catch (error) {
      // At placement a code that no longer applies was used up by another order meanwhile: a conflict, not bad input.
      if (error instanceof DomainError && error.code === 'DISCOUNT_CODE_INVALID')
        throw new HttpError(409, error.code, `${error.message} Nothing was charged.`);
      // Card attempts used up (decline-limits.ts): the shopper is told when to come back.
      if (error instanceof DomainError && error.code === 'TOO_MANY_REQUESTS' && error.details?.retryAfterSeconds)
        res.set('retry-after', String(error.details.retryAfterSeconds));
      throw error;
    }
    const { confirmation: placed, replayed } = placement;
    const updated = await sessions.update(
      req,
      res,
      remembering(claims, placed.orderNumber, replayed ? Date.parse(placed.createdAt) || Date.now() : Date.now()),
      claims.user,
    );
    const at = updated.orders?.find((order) => order.n === placed.orderNumber)?.at ?? Date.now();
    noStore(res)
      .status(replayed ? 200 : 201)
      .json({ ...placed, viewableUntil: new Date(at + REFRESH_MS).toISOString() } satisfies OrderConfirmation);
  });

  router.get('/:orderNumber', async (req, res) => {
    const orderNumber = String(req.params.orderNumber);
    const notFound = () =>
      new DomainError('ORDER_NOT_FOUND', 'There is no such order for this session. Track an order with its number.');
    if (!ORDER_NUMBER.test(orderNumber)) throw notFound();
    const claims = await sessions.read(req, res);
    const placed = claims?.orders?.find((order) => order.n === orderNumber);
    if (!placed) throw notFound();
    if (Date.now() - placed.at > REFRESH_MS)
      throw new DomainError(
        'CONFIRMATION_EXPIRED',
        'This confirmation is no longer shown. Track your order with its number and e-mail address.',
      );
    const found = await confirmation(req, res, orderNumber);
    if (!found) throw notFound();
    noStore(res).json({
      ...found,
      viewableUntil: new Date(placed.at + REFRESH_MS).toISOString(),
    } satisfies OrderConfirmation);
  });
  return router;
}
