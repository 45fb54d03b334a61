import { randomUUID } from 'node:crypto';
import type { BrandCatalog } from '@shop/brands';
import type { Request, Response } from 'express';
import { brandOf } from '../../entry-points/http/middleware/brand';
import type { SessionService } from '../../sessions/session-service';
import type { SessionClaims } from '../../sessions/session-token';
import { DomainError } from '../../shared/domain-error';
import type { CartScope } from '../cart/cart-use-cases';

/** Whose checkout: the bag's scope plus what the brand and the session say about the shopper. */
export interface CheckoutScope extends CartScope {
  flags: { guestOrdering: boolean; loyalty: boolean };
  /** The brand's order numbers start with it (brand config orderNumberPrefix). */
  orderNumberPrefix: string;
  /** A signed-in customer's names and e-mail (SPEC §2: prefilled). */
  customer?: { firstName: string; lastName: string; email: string };
  /** The brand origin the page runs on (the hosted card field answers only to it). */
  origin: string;
  fraudSessionId: string;
}

export const customerOf = (scope: CheckoutScope) => ('customerId' in scope.owner ? scope.owner.customerId : undefined);

/** The brand's flags that checkout reads (SPEC §6: guest ordering and loyalty per brand). */
export async function checkoutFlags(res: Response) {
  const [guestOrdering, loyalty] = await Promise.all([
    res.locals.flags.isOn('guestOrdering'),
    res.locals.flags.isOn('loyalty'),
  ]);
  return { guestOrdering, loyalty };
}

/**
 * The session of a checkout request, and its scope: the cart is found from the session (never
 * from an id the browser sends); the fraud collector's session id is made once per session
 * (SPEC §4) and kept in it.
 */
export async function checkoutSession(
  req: Request,
  res: Response,
  { catalog, sessions }: { catalog: BrandCatalog; sessions: SessionService },
): Promise<{ claims: SessionClaims; scope: CheckoutScope }> {
  let claims = await sessions.read(req, res);
  if (!claims) throw new DomainError('SessionRequired', 'Your session has ended. Reload the page and try again.');
  if (!claims.fraudSessionId)
    claims = await sessions.update(req, res, { ...claims, fraudSessionId: randomUUID() }, claims.user);
  const { id, brand } = brandOf(res, catalog);
  const { user } = claims;
  const scope: CheckoutScope = {
    storeKey: id,
    brandName: brand.config.name,
    productBasePath: brand.publicConfig.routing.productBasePath,
    correlationId: res.locals.correlationId,
    owner: user.isLoggedIn ? { customerId: user.id } : { anonymousId: user.id },
    sessionId: claims.jti,
    flags: await checkoutFlags(res),
    orderNumberPrefix: brand.publicConfig.orderNumberPrefix,
    ...(user.isLoggedIn && user.email
      ? { customer: { firstName: user.firstname ?? '', lastName: user.lastname ?? '', email: user.email } }
      : {}),
    origin: res.locals.origin,
    fraudSessionId: claims.fraudSessionId as string,
  };
  return { claims, scope };
}
