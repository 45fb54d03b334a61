import type { BrandCatalog } from '@shop/brands';
import { Router } from 'express';
import type { CommerceClient } from '../../clients/commercetools';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import { DomainError } from '../../shared/domain-error';
import { requireOpsKey } from '../orders/ops-routes';
import type { ReturnsUseCases } from './returns-use-cases';

/** A return's id: its order's number and its place among the order's returns. */
const RETURN_ID = /^([A-Z]{2}\d{10})-R(\d{1,3})$/;

/**
 * The back office's return step (Bearer OPS_API_KEY, server to server):
 * `POST /api/ops/returns/{returnId}/refund` once the parcel is back (or the items were donated)
 * refunds the return's value to the card and mails the shopper. Safe to repeat: the answer is
 * the same and nothing is refunded or mailed twice.
 */
export function returnsOpsRoutes(
  apiKey: string,
  catalog: BrandCatalog,
  commerce: CommerceClient,
  returns: ReturnsUseCases,
): Router {
  const router = Router();
  router.use('/returns', serviceLabel('Returns'), requireOpsKey(apiKey));
  router.post('/returns/:returnId/refund', async (req, res) => {
    if (req.body && typeof req.body === 'object' && Object.keys(req.body).length > 0)
      throw new DomainError('VALIDATION_FAILED', 'This step takes no body.');
    const returnId = String(req.params.returnId);
    const orderNumber = RETURN_ID.exec(returnId)?.[1];
    if (!orderNumber) throw new DomainError('RETURN_NOT_FOUND', 'There is no such return.');
    const correlationId = res.locals.correlationId;
    for (const [storeKey] of catalog) {
      const order = await commerce.orderByNumber(storeKey, orderNumber, { correlationId });
      if (order) return void res.json(await returns.refund(order, storeKey, returnId, correlationId));
    }
    throw new DomainError('RETURN_NOT_FOUND', 'There is no such return.');
  });
  return router;
}
