import type { BrandCatalog } from '@shop/brands';
import { createReturnSchema } from '@shop/contracts';
import { type Request, type Response, Router } from 'express';
import { brandOf } from '../../entry-points/http/middleware/brand';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import type { SessionService } from '../../sessions/session-service';
import type { SessionClaims } from '../../sessions/session-token';
import { DomainError } from '../../shared/domain-error';
import { parseBody } from '../checkout/checkout-routes';
import type { OrderAccess } from '../orders/order-access';
import type { ReturnsScope, ReturnsUseCases } from './returns-use-cases';

const RETURN_ID = /^[A-Za-z0-9-]{1,40}-R\d{1,3}$/;
const noStore = (res: Response) => res.set('cache-control', 'private, no-store');

export interface ReturnsRouteDeps {
  catalog: BrandCatalog;
  sessions: SessionService;
  access: OrderAccess;
  returns: ReturnsUseCases;
  /** Which order-access rule the router uses, and the API path its label links start with. */
  who: 'customer' | 'guest';
}

/**
 * Returns of one order: `{prefix}/{n}/returns` (GET the ReturnsView, POST a return),
 * `{prefix}/{n}/returns/{returnId}/label` (the label PDF). Mounted at /api/account (paths /orders/...) for a
 * signed-in customer's orders and at /api/order for an order this session looked up.
 */
export function returnsRoutes({ catalog, sessions, access, returns, who }: ReturnsRouteDeps): Router {
  const router = Router();
  // The customer's router shares /api/account with the account module; the guest's is /api/order.
  const at = who === 'customer' ? '/orders/:orderNumber' : '/:orderNumber';

  const scopeOf = async (req: Request, res: Response) => {
    const { id, brand } = brandOf(res, catalog);
    const centre = brand.config.returnsCentre;
    if (!(await res.locals.flags.isOn('returns')) || !centre)
      throw new DomainError('RETURNS_UNAVAILABLE', 'This shop does not take returns online. See the returns policy.');
    const claims: SessionClaims | undefined = await sessions.read(req);
    const correlationId: string = res.locals.correlationId;
    const orderNumber = req.params.orderNumber;
    const order =
      who === 'customer'
        ? await access.forCustomer(id, claims, orderNumber, correlationId)
        : await access.forGuest(id, claims, orderNumber, correlationId);
    const basePath = `${who === 'customer' ? '/api/account/orders' : '/api/order'}/${encodeURIComponent(order.orderNumber)}/returns`;
    const scope: ReturnsScope = { storeKey: id, correlationId, basePath, returnsCentre: centre };
    return { order, scope };
  };

  const label = serviceLabel('Returns');
  router.get(`${at}/returns`, label, async (req, res) => {
    const { order, scope } = await scopeOf(req, res);
    noStore(res).json(returns.view(order, scope.basePath));
  });

  router.post(`${at}/returns`, label, async (req, res) => {
    const request = parseBody(createReturnSchema, req.body);
    const { order, scope } = await scopeOf(req, res);
    noStore(res)
      .status(201)
      .json(await returns.create(order, request, scope));
  });

  router.get(`${at}/returns/:returnId/label`, label, async (req, res) => {
    const returnId = String(req.params.returnId);
    const { order, scope } = await scopeOf(req, res);
    if (!RETURN_ID.test(returnId)) throw new DomainError('RETURN_NOT_FOUND', 'This order has no such return label.');
    const pdf = await returns.labelPdf(order, returnId, scope.correlationId);
    noStore(res)
      .type('application/pdf')
      .set('content-disposition', `attachment; filename="return-label-${returnId}.pdf"`)
      .send(pdf);
  });

  return router;
}
