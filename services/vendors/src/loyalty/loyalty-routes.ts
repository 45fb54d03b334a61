import type { Logger } from '@shop/node-kit';
import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import { randomId } from '../http/ids';
import { reference, usd } from '../http/schemas';
import { VendorError, bodyErrors, handle, jsonBody, notFound, parseInput, requireBearer } from '../http/vendor-http';
import {
  type Hold,
  type LoyaltyRepository,
  type Member,
  NOT_A_MEMBER,
  ORDER_CANCELLED,
  WELCOME_BONUS,
} from './loyalty-repository';

/**
 * Loyalty stand-in, mounted at /loyalty/v1. Key: `LOYALTY_API_KEY` as `Authorization: Bearer <key>`.
 * One member per brand and customer; 1 point is worth 1 cent.
 *
 * GET    /programmes/:brand -> { brand, pointsPerDollar, centsPerPoint, welcomeBonus }: how the
 *        brand's programme earns, for a page that invites a customer to join.
 * PUT    /members/:brand/:customerId
 *        -> 201 { brand, customerId, balance, held, available, pending, owed, joinedAt, pointsPerDollar, centsPerPoint }
 *        Joins the programme with a welcome bonus of 1000 points; joining again answers 200 with
 *        the member as they are (no second bonus, however many joins race).
 * GET    /members/:brand/:customerId -> the member as above; 404 NOT_A_MEMBER before joining.
 * GET    /members/:brand/:customerId/history?limit=1..100 (default 50)
 *        -> { lines: [{ kind, points, orderNumber?, returnId?, owed?, at }] }, newest first; kind
 *        is welcome, earn (posted at once, before pending points), earn-pending, earn-posted,
 *        earn-reversed, redeem or redeem-reversed; points taken are negative.
 * POST   /members/:brand/:customerId/holds { points, reference }
 *        -> 201 { id: 'hold_…', points, amount: { centAmount, currencyCode: 'USD' }, reference, status: 'held' }
 *        Sets points aside for a cart; `held` never exceeds `balance`, however many holds race
 *        (400 INSUFFICIENT_POINTS, nothing held).
 * DELETE /holds/:id -> { id, status: 'released', points }: gives the points back; releasing a
 *        released hold answers the same; 409 HOLD_REDEEMED for a redeemed one.
 * POST   /holds/:id/redeem { reference } -> { id, status: 'redeemed', points, reference, balance }:
 *        the held points leave the balance. Idempotent: the same reference again answers the
 *        same (200, `Idempotent-Replayed: true`); 409 HOLD_REDEEMED for another reference,
 *        409 HOLD_RELEASED for a released hold.
 * POST   /members/:brand/:customerId/earn { reference, amount: { centAmount, currencyCode? } }
 *        -> { earned, balance, pending, posted }: the brand's points per whole dollar, PENDING
 *        (not redeemable) until the order is captured; posted at once when the capture came
 *        first; 0 for a cancelled order. Once per reference (the order number): a repeat answers
 *        what was earned (`Idempotent-Replayed: true`); the same reference with another amount is
 *        409 REFERENCE_REUSED.
 * POST   /members/:brand/:customerId/orders/:orderNumber/capture (no body)
 *        -> { order, member }: the order was captured; its pending points post (earn-posted),
 *        paying what the member owes first.
 * POST   /members/:brand/:customerId/orders/:orderNumber/cancel (no body)
 *        -> { order, member }: once per order, the earned points are taken back (earn-reversed:
 *        from pending, or from the balance once posted) and the redeemed ones given back
 *        (redeem-reversed); later earns and redemptions of the order take nothing (409
 *        ORDER_CANCELLED for a hold).
 * POST   /members/:brand/:customerId/orders/:orderNumber/returns
 *        { returnId, returned: { centAmount }, goods: { centAmount } } -> { reversed, order, member }:
 *        once per return id, the returned units' share of the earned points is taken back
 *        (earn-reversed with the return id).
 *        A take-back never makes the balance negative: it takes what the member can spend
 *        (balance - held) and records the rest in `owed`, which the next points to post pay.
 *        Repeats answer `Idempotent-Replayed: true`.
 * Holds and earning are for members only (404 NOT_A_MEMBER).
 * 404 UNKNOWN_BRAND, HOLD_NOT_FOUND; 400 INVALID_REQUEST naming the field; 401 UNAUTHORIZED.
 */
export const POINTS_PER_DOLLAR: Readonly<Record<string, number>> = {
  vanityfair: 1,
  everwear: 2,
  rallyathletic: 1,
  hoopcraft: 1,
};
export const CENTS_PER_POINT = 1;
export { WELCOME_BONUS };

const customerId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _');
const HOLD_ID = /^hold_[A-Za-z0-9]{24}$/;
const points = z.number().int('must be whole points').min(1).max(10_000_000);
const holdSchema = z.strictObject({ points, reference });
const redeemSchema = z.strictObject({ reference });
const earnSchema = z.strictObject({
  reference,
  amount: z.strictObject({ centAmount: z.number().int().min(0).max(100_000_000), currencyCode: usd.optional() }),
});

const historyQuery = z.strictObject({
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .optional(),
});
const returnSchema = z.strictObject({
  returnId: reference,
  returned: z.strictObject({ centAmount: z.number().int().min(0).max(100_000_000), currencyCode: usd.optional() }),
  goods: z.strictObject({ centAmount: z.number().int().min(1).max(100_000_000), currencyCode: usd.optional() }),
});
const emptySchema = z.strictObject({}).optional();
const notAMember = () => new VendorError(404, 'NOT_A_MEMBER', 'The customer has not joined the programme.');

const memberView = (member: Member) => ({
  ...member,
  available: member.balance - member.held,
  pointsPerDollar: POINTS_PER_DOLLAR[member.brand],
  centsPerPoint: CENTS_PER_POINT,
});

const holdView = (hold: Hold) => ({
  id: hold.id,
  points: hold.points,
  amount: { centAmount: hold.points * CENTS_PER_POINT, currencyCode: 'USD' },
  reference: hold.reference,
  status: hold.status,
});

export function loyaltyRoutes({
  apiKey,
  repository,
  logger,
}: {
  apiKey: string;
  repository: LoyaltyRepository;
  logger: Logger;
}): Router {
  const router = Router();
  const json = jsonBody('4kb');
  const run = (work: (req: Request, res: Response) => Promise<unknown>) => handle(logger, 'loyalty', work);
  router.use(requireBearer(apiKey, 'loyalty'));

  const brandOf = (req: Request) => {
    const brand = String(req.params.brand);
    if (!Object.hasOwn(POINTS_PER_DOLLAR, brand))
      throw new VendorError(404, 'UNKNOWN_BRAND', `No programme for ${brand}.`);
    return brand;
  };
  const memberOf = (req: Request) => ({
    brand: brandOf(req),
    customerId: parseInput(customerId, String(req.params.customerId)),
  });

  router.get(
    '/programmes/:brand',
    run(async (req, res) => {
      const brand = brandOf(req);
      res.json({
        brand,
        pointsPerDollar: POINTS_PER_DOLLAR[brand],
        centsPerPoint: CENTS_PER_POINT,
        welcomeBonus: WELCOME_BONUS,
      });
    }),
  );
  const holdId = (req: Request) => {
    const id = String(req.params.id);
    if (!HOLD_ID.test(id)) throw new VendorError(404, 'HOLD_NOT_FOUND', 'No such hold.');
    return id;
  };

  router.get(
    '/members/:brand/:customerId',
    run(async (req, res) => {
      const who = memberOf(req);
      const member = await repository.member(who.brand, who.customerId);
      if (!member) throw notAMember();
      res.json(memberView(member));
    }),
  );

  router.put(
    '/members/:brand/:customerId',
    run(async (req, res) => {
      const who = memberOf(req);
      const { member, joined } = await repository.join(who.brand, who.customerId);
      if (joined) logger.info('Loyalty member joined', { brand: who.brand });
      res.status(joined ? 201 : 200).json(memberView(member));
    }),
  );

  router.get(
    '/members/:brand/:customerId/history',
    run(async (req, res) => {
      const who = memberOf(req);
      const { limit = 50 } = parseInput(historyQuery, req.query);
      const lines = await repository.history(who.brand, who.customerId, limit);
      if (!lines) throw notAMember();
      res.json({ lines });
    }),
  );

  router.post(
    '/members/:brand/:customerId/holds',
    json,
    run(async (req, res) => {
      const who = memberOf(req);
      const body = parseInput(holdSchema, req.body);
      const hold = await repository.hold({ id: randomId('hold_'), ...who, ...body });
      if (hold === NOT_A_MEMBER) throw notAMember();
      if (!hold) {
        throw new VendorError(400, 'INSUFFICIENT_POINTS', `points: fewer than ${body.points} points are available`);
      }
      res.status(201).json(holdView(hold));
    }),
  );

  router.delete(
    '/holds/:id',
    run(async (req, res) => {
      const result = await repository.release(holdId(req));
      if (!result) throw new VendorError(404, 'HOLD_NOT_FOUND', 'No such hold.');
      if (result.hold.status === 'redeemed') {
        throw new VendorError(409, 'HOLD_REDEEMED', 'The hold was redeemed: its points are spent.');
      }
      res.json({ id: result.hold.id, status: 'released', points: result.hold.points });
    }),
  );

  router.post(
    '/holds/:id/redeem',
    json,
    run(async (req, res) => {
      const id = holdId(req);
      const body = parseInput(redeemSchema, req.body);
      const result = await repository.redeem(id, body.reference);
      if (!result) throw new VendorError(404, 'HOLD_NOT_FOUND', 'No such hold.');
      if (result === ORDER_CANCELLED)
        throw new VendorError(409, 'ORDER_CANCELLED', `Order ${body.reference} was cancelled: it redeems nothing.`);
      const { hold } = result;
      if (hold.status === 'released') throw new VendorError(409, 'HOLD_RELEASED', 'The hold was released.');
      if (hold.redeemReference !== body.reference) {
        throw new VendorError(409, 'HOLD_REDEEMED', 'The hold was redeemed for another reference.');
      }
      if (!result.changed) res.set('Idempotent-Replayed', 'true');
      else logger.info('Loyalty redemption', { hold: hold.id, points: hold.points, reference: body.reference });
      res.json({
        id: hold.id,
        status: 'redeemed',
        points: hold.points,
        reference: body.reference,
        balance: result.balance,
      });
    }),
  );

  router.post(
    '/members/:brand/:customerId/earn',
    json,
    run(async (req, res) => {
      const who = memberOf(req);
      const body = parseInput(earnSchema, req.body);
      const earned = Math.floor(body.amount.centAmount / 100) * POINTS_PER_DOLLAR[who.brand];
      const result = await repository.earn({
        ...who,
        reference: body.reference,
        points: earned,
        amount: body.amount.centAmount,
      });
      if (result === NOT_A_MEMBER) throw notAMember();
      if (!result.changed && result.amount !== body.amount.centAmount) {
        throw new VendorError(409, 'REFERENCE_REUSED', `Points were earned for ${body.reference} on another amount.`);
      }
      if (!result.changed) res.set('Idempotent-Replayed', 'true');
      res.json({
        earned: result.earned,
        balance: result.member.balance,
        pending: result.member.pending,
        posted: result.posted,
      });
    }),
  );

  const orderOf = (req: Request) => ({
    ...memberOf(req),
    orderNumber: parseInput(reference, String(req.params.orderNumber)),
  });

  router.post(
    '/members/:brand/:customerId/orders/:orderNumber/capture',
    json,
    run(async (req, res) => {
      const { orderNumber, ...who } = orderOf(req);
      parseInput(emptySchema, req.body);
      const result = await repository.capture(who, orderNumber);
      if (result === NOT_A_MEMBER) throw notAMember();
      res.json({ order: result.order, member: memberView(result.member) });
    }),
  );

  router.post(
    '/members/:brand/:customerId/orders/:orderNumber/cancel',
    json,
    run(async (req, res) => {
      const { orderNumber, ...who } = orderOf(req);
      parseInput(emptySchema, req.body);
      const result = await repository.cancel(who, orderNumber);
      if (result === NOT_A_MEMBER) throw notAMember();
      if (!result.changed) res.set('Idempotent-Replayed', 'true');
      else logger.info('Loyalty order cancelled', { orderNumber, reversed: result.order.reversed });
      res.json({ order: result.order, member: memberView(result.member) });
    }),
  );

  router.post(
    '/members/:brand/:customerId/orders/:orderNumber/returns',
    json,
    run(async (req, res) => {
      const { orderNumber, ...who } = orderOf(req);
      const body = parseInput(returnSchema, req.body);
      const result = await repository.returned(who, {
        orderNumber,
        returnId: body.returnId,
        returnedCents: body.returned.centAmount,
        goodsCents: body.goods.centAmount,
      });
      if (result === NOT_A_MEMBER) throw notAMember();
      if (!result.changed) res.set('Idempotent-Replayed', 'true');
      res.json({ reversed: result.reversed, order: result.order, member: memberView(result.member) });
    }),
  );

  router.use(notFound);
  router.use(bodyErrors);
  return router;
}
