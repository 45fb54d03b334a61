import { Router } from 'express';
import { z } from 'zod';
import type { SessionService } from '../../sessions/session-service';
import { type CommerceClient, CommerceRequestError } from '../../clients/commercetools';
import { safeCallbackUrl } from './safe-callback-url';
import { originOf } from '../../entry-points/http/middleware/brand';
import { DomainError } from '../../shared/domain-error';
import { UpstreamUnavailableError } from '../../clients/upstream-guard';
import { callbackUrlText } from './auth-routes';
import { type CartHandOver, isCrossSite } from '../../shared/cart-hand-over';

const uuid = z.uuid();

/**
 * GET /api/user/postLogin?anonymousCartId=&callbackUrl= (SPEC §2): after sign-in the shopper's
 * anonymous cart becomes their active cart (UseAsNewActiveCustomerCart, SPEC §9), then on to the
 * validated callbackUrl. Without a signed-in session it goes to sign-in.
 *
 * It is a GET (the SPEC's navigation), so it changes nothing for a cross-site request, and it only
 * moves a cart that belongs to the guest session this sign-in replaced: knowing a cart id is not
 * enough to take it.
 */
export function postLoginRoutes(sessions: SessionService, commerce: CommerceClient, handOver: CartHandOver): Router {
  const router = Router();
  router.get('/postLogin', async (req, res) => {
    const callbackUrl = safeCallbackUrl(callbackUrlText(req.query.callbackUrl), originOf(req));
    const cartId = uuid.optional().safeParse(req.query.anonymousCartId);
    if (!cartId.success) throw new DomainError('INVALID_PARAMETER', 'anonymousCartId: must be a cart id (a UUID)');
    const session = await sessions.read(req);
    if (!session?.user.isLoggedIn) {
      return res.redirect(302, `/login?${new URLSearchParams({ error: 'SessionRequired', callbackUrl })}`);
    }
    if (cartId.data && session.anonymousId && !isCrossSite(req)) {
      const call = {
        correlationId: res.locals.correlationId,
        expected: ['InvalidOperation', 'ConcurrentModification'],
      };
      const storeKey = res.locals.brandId;
      try {
        const cart = await commerce.getCart(storeKey, cartId.data, call);
        if (cart && cart.state === 'Active' && !cart.customerId && cart.anonymousId === session.anonymousId) {
          // The sign-in could not move it (the platform was busy): move it now, and offer back any earlier bag.
          const { previousCartId } = await handOver.complete(
            storeKey,
            session.user.id,
            { guestId: session.anonymousId, cartId: cart.id },
            undefined,
            res.locals.correlationId,
          );
          if (previousCartId) await sessions.update(req, res, { ...session, previousCartId }, session.user);
        }
      } catch (error) {
        // The shopper is signed in either way; a cart that cannot move (refused, or commerce down) stays where it was.
        if (!(error instanceof CommerceRequestError || error instanceof UpstreamUnavailableError)) throw error;
      }
    }
    return res.redirect(302, callbackUrl);
  });
  return router;
}
