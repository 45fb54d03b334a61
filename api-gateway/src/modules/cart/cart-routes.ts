import { createHash } from 'node:crypto';
import type { BrandCatalog } from '@shop/brands';
import {
  addDiscountCodeSchema,
  addLineItemSchema,
  changeLineItemSchema,
  createCartSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  isLineQuantity,
  MAX_LINE_QUANTITY,
  MIN_LINE_QUANTITY,
} from '@shop/contracts';
import { type Request, type Response, Router } from 'express';
import type { z } from 'zod';
import { brandOf } from '../../entry-points/http/middleware/brand';
import { serviceLabel } from '../../entry-points/http/middleware/service-label';
import type { SessionService } from '../../sessions/session-service';
import type { SessionClaims } from '../../sessions/session-token';
import { DomainError } from '../../shared/domain-error';
import { emptyCart } from './cart-view';
import type { CartScope, CartUseCases } from './cart-use-cases';
import { CODE_PATTERN } from './discount-code-refusal';

export interface CartRouteDeps {
  catalog: BrandCatalog;
  sessions: SessionService;
  cart: CartUseCases;
  /** The store's inventories (supply channel keys). */
  channelsOf: (storeKey: string, correlationId: string) => Promise<string[]>;
}

/** Skus, inventory keys and ids are letters, digits and dashes; anything else names nothing. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** A body against its schema; the first wrong field is named in a 400. */
function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(typeof body === 'object' && body !== null ? body : {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue.code === 'unrecognized_keys' ? issue.keys[0] : issue.path.join('.') || 'body';
  throw new DomainError(
    'INVALID_PARAMETER',
    `${field}: ${issue.code === 'unrecognized_keys' ? 'is not a field of this request' : issue.message}`,
  );
}

/** SPEC §5: 0, 100, -1, 1.5 and "2" are all refused, with the limit in the message. */
function quantityOf(value: unknown): number {
  if (!isLineQuantity(value))
    throw new DomainError(
      'INVALID_QUANTITY',
      `The quantity must be a whole number from ${MIN_LINE_QUANTITY} to ${MAX_LINE_QUANTITY}.`,
    );
  return value;
}

const noStore = (res: Response) => res.set('cache-control', 'private, no-store');

/**
 * A bag write's Idempotency-Key (optional: the shop's pages send one per tap), as the cart notes
 * it: hashed, so the cart holds no value a client chose, and prefixed so no note is all digits.
 */
function writeKeyOf(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_KEY_HEADER);
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY_PATTERN.test(key))
    throw new DomainError(
      'IDEMPOTENCY_KEY_INVALID',
      `${IDEMPOTENCY_KEY_HEADER}: 16 to 128 letters, digits, - and _ (a UUID fits).`,
    );
  return `w${createHash('sha256').update(key).digest('hex').slice(0, 24)}`;
}

/**
 * /api/cart (SPEC §7): the bag of the session's user (guest or customer) in the request's brand.
 * The cart is found from the session, never from an id the browser sends; one brand's session
 * is not accepted on another brand's site, so one brand's bag never shows on another.
 */
export function cartRoutes({ catalog, sessions, cart, channelsOf }: CartRouteDeps): Router {
  const router = Router();
  router.use(serviceLabel('Your bag'));

  const scopeOf = (res: Response, claims: SessionClaims): CartScope => {
    const { id, brand } = brandOf(res, catalog);
    return {
      storeKey: id,
      brandName: brand.config.name,
      productBasePath: brand.publicConfig.routing.productBasePath,
      correlationId: res.locals.correlationId,
      owner: claims.user.isLoggedIn ? { customerId: claims.user.id } : { anonymousId: claims.user.id },
      sessionId: claims.jti,
      ...(claims.previousCartId ? { previousCartId: claims.previousCartId } : {}),
      combinableCodes: brand.config.promotions?.combinableCodes ?? [],
    };
  };
  /** A write needs a session: the shell starts a guest one for every visitor. */
  const sessionOf = async (req: Request, res: Response, signedIn = false) => {
    const claims = await sessions.read(req, res);
    if (!claims || (signedIn && !claims.user.isLoggedIn))
      throw new DomainError(
        'SessionRequired',
        signedIn ? 'Sign in to start a bag from this link.' : 'Your session has ended. Reload the page and try again.',
      );
    return claims;
  };
  const discountsOn = async (res: Response) => {
    const { brand } = brandOf(res, catalog);
    if (!(await res.locals.flags.isOn('discounts')))
      throw new DomainError('FEATURE_DISABLED', `Promo codes are not offered on ${brand.config.name}.`);
  };
  /** The session forgets the earlier bag once it has been added back or dismissed. */
  const forgetPreviousBag = async (req: Request, res: Response, claims: SessionClaims) => {
    if (claims.previousCartId) await sessions.update(req, res, { ...claims, previousCartId: undefined }, claims.user);
  };

  router.get('/', async (req, res) => {
    const claims = await sessions.read(req, res);
    noStore(res).json(claims ? await cart.read(scopeOf(res, claims)) : emptyCart());
  });

  router.post('/lineItem', async (req, res) => {
    const body = parse(addLineItemSchema, req.body);
    const quantity = quantityOf(body.quantity);
    if (!ID.test(body.sku)) throw new DomainError('PRODUCT_NOT_FOUND', 'There is no product with this sku here.');
    const claims = await sessionOf(req, res);
    const scope = scopeOf(res, claims);
    if (
      !ID.test(body.inventoryListKey) ||
      !(await channelsOf(scope.storeKey, scope.correlationId)).includes(body.inventoryListKey)
    )
      throw new DomainError('INVALID_PARAMETER', 'inventoryListKey: is not an inventory of this store');
    noStore(res).json(
      await cart.addLine(scope, { sku: body.sku, quantity, inventoryListKey: body.inventoryListKey }, writeKeyOf(req)),
    );
  });

  const lineIdOf = (req: Request) => {
    const id = String(req.params.lineItemId);
    if (!ID.test(id)) throw new DomainError('LINE_ITEM_NOT_FOUND', 'Your bag has no such item.');
    return id;
  };
  const changeLine = async (req: Request, res: Response) => {
    const lineId = lineIdOf(req);
    const quantity = quantityOf(parse(changeLineItemSchema, req.body).quantity);
    const claims = await sessionOf(req, res);
    noStore(res).json(await cart.changeLine(scopeOf(res, claims), lineId, quantity, writeKeyOf(req)));
  };
  router.patch('/lineItem/:lineItemId', changeLine);
  router.put('/lineItem/:lineItemId', changeLine);

  router.delete('/lineItem/:lineItemId', async (req, res) => {
    const lineId = lineIdOf(req);
    const claims = await sessionOf(req, res);
    noStore(res).json(await cart.removeLine(scopeOf(res, claims), lineId, writeKeyOf(req)));
  });

  router.post('/discountCode', async (req, res) => {
    const { code } = parse(addDiscountCodeSchema, req.body);
    await discountsOn(res);
    if (!CODE_PATTERN.test(code))
      throw new DomainError('DISCOUNT_CODE_INVALID', "We don't recognise that code. Check it and try again.");
    const claims = await sessionOf(req, res);
    noStore(res).json(await cart.addCode(scopeOf(res, claims), code, writeKeyOf(req)));
  });

  router.delete('/discountCode/:id', async (req, res) => {
    const id = String(req.params.id);
    await discountsOn(res);
    if (!ID.test(id)) throw new DomainError('DISCOUNT_CODE_NOT_FOUND', 'Your bag has no such promo code.');
    const claims = await sessionOf(req, res);
    noStore(res).json(await cart.removeCode(scopeOf(res, claims), id, writeKeyOf(req)));
  });

  // A cart from a template (SPEC §2): signed-in shoppers only; a guest is sent to sign in first.
  router.post('/create', async (req, res) => {
    const { cartTemplate } = parse(createCartSchema, req.body);
    const claims = await sessionOf(req, res, true);
    const scope = scopeOf(res, claims) as CartScope & { owner: { customerId: string } };
    const { displaced, ...answer } = await cart.fromTemplate(scope, cartTemplate);
    if (displaced) await sessions.update(req, res, { ...claims, previousCartId: displaced }, claims.user);
    noStore(res).json(answer);
  });

  // The customer's earlier bag a sign-in set aside: add it back, or dismiss the offer.
  router.post('/previousBag', async (req, res) => {
    const claims = await sessionOf(req, res);
    const answer = await cart.addBackPreviousBag(scopeOf(res, claims));
    await forgetPreviousBag(req, res, claims);
    noStore(res).json(answer);
  });

  router.delete('/previousBag', async (req, res) => {
    const claims = await sessionOf(req, res);
    await forgetPreviousBag(req, res, claims);
    noStore(res).json(await cart.read({ ...scopeOf(res, claims), previousCartId: undefined }));
  });
  return router;
}
