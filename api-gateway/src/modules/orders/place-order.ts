import { type CardSummary, type OrderConfirmation, type PlaceOrderRequest, TAX_SETTINGS } from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
import {
  type CheckoutCart,
  type CommerceClient,
  type CommerceOrder,
  CommerceRequestError,
} from '../../clients/commercetools';
import type { CheckoutVendors } from '../../clients/checkout-vendors';
import type { JobQueue } from '../../data-access/job-queue';
import type { Mailer } from '../../data-access/mailer';
import { DomainError } from '../../shared/domain-error';
import { cartQueueKey } from '../cart/cart-use-cases';
import type { CartWriter } from '../cart/cart-writer';
import { discountCodeRefusal } from '../cart/discount-code-refusal';
import { FIELDS } from '../checkout/checkout-fields';
import type { CheckoutScope, CheckoutUseCases } from '../checkout/checkout-use-cases';
import { checkoutAddressOf, goodsTotalOf, missingOf, redemptionOf, totalsOf } from '../checkout/checkout-view';
import { quoteRequestOf, taxActionsOf } from '../checkout/tax-lines';
import { type IdempotencyRecord, type IdempotencyRecords, recordKeyOf, requestHashOf } from './idempotency-records';
import { cardFingerprintOf } from './card-fingerprint';
import { newOrderNumber } from './order-number';
import { orderCompletion } from './order-completion';
import type { DeclineLimits } from './decline-limits';
import type { CaptchaClient } from '../../clients/captcha/captcha-client';
import { orderPayments } from './order-payment';

export interface PlaceOrderDeps {
  commerce: CommerceClient;
  vendors: CheckoutVendors;
  checkout: CheckoutUseCases;
  records: IdempotencyRecords;
  write: CartWriter;
  mailer: Mailer;
  /** Loyalty points the vendor did not take at placement are posted from the `loyalty` queue. */
  jobs: Pick<JobQueue, 'send'>;
  logger: Logger;
  /** Declines counted per bag, address and card (card testing). */
  declines: DeclineLimits;
  /** The invisible captcha, asked for once the bag has had a card declined. */
  captcha: Pick<CaptchaClient, 'verify'>;
}

export interface Placement {
  confirmation: Omit<OrderConfirmation, 'viewableUntil'>;
  /** An earlier request with the same key placed it: answered again (200), nothing done twice. */
  replayed: boolean;
}

/**
 * One answer for every decline: naming the reason (declined, insufficient funds) would tell a card
 * tester which stolen numbers are live. The reason goes to the log and the attempt's record.
 */
const DECLINE_MESSAGE = 'Your card was declined. Nothing was charged; use another card.';

/** Order number clashes retried before giving up (ten random digits: a clash is already rare). */
const NUMBER_ATTEMPTS = 5;

const ownerIdOf = (scope: CheckoutScope) =>
  'customerId' in scope.owner ? scope.owner.customerId : scope.owner.anonymousId;

/**
 * POST /api/orders (SPEC §7, §9; docs/adr/0014). The whole placement runs in the bag's turn of the
 * cart write queue, so two requests for one cart never overlap; its steps are recorded under the
 * Idempotency-Key in a commerce custom object, so a repeat (a double click, a reload, a response
 * lost on the way) answers the same order and nothing is done twice:
 *
 * 1. the record: the same key with another cart or total is 409; a completed one is replayed;
 * 2. taxes quoted again, the total compared with what the shopper saw, and every line still sold
 *    by the brand (a product withdrawn from sale meanwhile is not ordered) (CHECKOUT_CHANGED);
 * 3. the fraud screen, with the card's fingerprint and the client address (reject: 403, nothing authorised);
 * 4. the card authorised for the total plus 1 cent per line (TAX_SETTINGS) under a key derived
 *    from the Idempotency-Key, token and amount (the vendor authorises once per key);
 *    a decline is 402 and no order, with one message whatever the reason (which is logged and
 *    recorded); past the decline limits of the bag, address or card, 429 before the card is tried;
 * 5. a commerce Payment with the Authorization transaction, added to the cart;
 * 6. the order from the cart with a number the gateway draws (a clash draws again); a refusal
 *    (stock, a code used up meanwhile) voids the authorisation and says why;
 * 7. loyalty redeemed and earned, the order e-mail, the record completed.
 */
export function placeOrderUseCase({
  commerce,
  vendors,
  checkout,
  records,
  write,
  mailer,
  jobs,
  logger,
  declines,
  captcha,
}: PlaceOrderDeps) {
  const { authorize, paymentOf, voidAuthorization, releaseUnorderedHolds } = orderPayments({
    commerce,
    vendors,
    declines,
  });
  const finish = orderCompletion({ vendors, checkout, records, mailer, jobs, logger });
  const call = (scope: CheckoutScope, expected: string[] = []) => ({
    correlationId: scope.correlationId,
    expected: ['ConcurrentModification', ...expected],
  });

  /** Ends an attempt with nothing done: the same key may try again (after a decline, with another card). */
  const fail = async (
    scope: CheckoutScope,
    key: string,
    record: IdempotencyRecord,
    version: number,
    error: Error,
  ): Promise<never> => {
    // An authorisation an earlier attempt under this key made (it stopped before the order) is released.
    if (record.authorizationId)
      await vendors.payment.void(record.authorizationId, scope.correlationId).catch((reason: Error) =>
        logger.warn('Earlier authorisation not voided', {
          correlationId: scope.correlationId,
          reason: reason.message,
        }),
      );
    await records.put(
      key,
      { ...record, state: 'failed', fraud: undefined, authorizationId: undefined },
      version,
      scope.correlationId,
    );
    throw error;
  };

  const changed = async (scope: CheckoutScope, cart: CheckoutCart, message: string) =>
    new DomainError('CHECKOUT_CHANGED', message, undefined, { checkout: await checkout.respond(scope, cart) });

  /** The cart, priced and taxed as it will be ordered (line prices current, taxes quoted again for its goods). */
  const priced = async (scope: CheckoutScope, cart: CheckoutCart): Promise<CheckoutCart> => {
    if (!cart.shippingAddress) return cart;
    const goods = await commerce.getBagVariants(
      scope.storeKey,
      cart.lines.map((line) => line.sku),
      call(scope),
    );
    const request = quoteRequestOf(cart, goods, scope.correlationId);
    if (!request) return cart;
    const quote = await vendors.tax.quote(request);
    // Lines take their product's current price first: a price changed since they were added shows in the total.
    return commerce.updateCheckoutCart(
      scope.storeKey,
      cart,
      [{ recalculate: true }, ...taxActionsOf(cart, quote)],
      call(scope),
    );
  };

  /** Creates the order with a fresh number (drawn again on a clash); the number is recorded first. */
  const createOrder = async (
    scope: CheckoutScope,
    key: string,
    record: IdempotencyRecord,
    version: number,
    cart: CheckoutCart,
  ): Promise<{ order: CommerceOrder; version: number; record: IdempotencyRecord }> => {
    for (let attempt = 1; attempt <= NUMBER_ATTEMPTS; attempt += 1) {
      const orderNumber = newOrderNumber(scope.orderNumberPrefix);
      const next = { ...record, orderNumber };
      const nextVersion = await records.put(key, next, version, scope.correlationId);
      const made = await commerce.createOrderFromCart(
        scope.storeKey,
        cart,
        orderNumber,
        call(scope, ['OutOfStock', 'DiscountCodeNonApplicable', 'MatchingPriceNotFound']),
      );
      if (!('duplicate' in made)) return { order: made, version: nextVersion, record: next };
      record = next;
      version = nextVersion;
    }
    throw new Error('No free order number after several draws');
  };

  return async function placeOrder(
    scope: CheckoutScope,
    request: PlaceOrderRequest,
    idempotencyKey: string,
    ipAddress: string | undefined,
  ): Promise<Placement> {
    if (!('customerId' in scope.owner) && !scope.flags.guestOrdering)
      throw new DomainError('SIGN_IN_REQUIRED', `Sign in to place an order on ${scope.brandName}.`);
    const key = recordKeyOf(scope.storeKey, ownerIdOf(scope), idempotencyKey);
    const requestHash = requestHashOf(request);

    return write(cartQueueKey(scope), async (turn): Promise<Placement> => {
      const stored = await records.get(key, scope.correlationId);
      if (stored && stored.record.request !== requestHash)
        throw new DomainError(
          'IDEMPOTENCY_KEY_REUSED',
          'This order request was already used for another bag or total. Reload the checkout and try again.',
        );
      if (stored?.record.state === 'completed' && stored.record.confirmation)
        return { confirmation: stored.record.confirmation, replayed: true };

      // A placement that stopped after choosing its number (a crash, a lost answer): the order may exist.
      if (stored?.record.state === 'started' && stored.record.orderNumber) {
        const order = await commerce.orderByNumber(scope.storeKey, stored.record.orderNumber, call(scope));
        if (order)
          return { confirmation: await finish(scope, key, stored.record, stored.version, order), replayed: true };
      }

      const current = await checkout.load(scope);
      if (!current || current.id !== request.cartId) {
        const named = await commerce.checkoutCartById(scope.storeKey, request.cartId, call(scope));
        const mine =
          named &&
          ('customerId' in scope.owner
            ? named.customerId === scope.owner.customerId
            : named.anonymousId === scope.owner.anonymousId);
        if (mine && named.state === 'Ordered')
          throw new DomainError('CART_ALREADY_ORDERED', 'This bag has already been ordered. Your bag is now empty.');
        if (!current?.lines.length)
          throw new DomainError('CART_EMPTY', 'Your bag is empty. Add something to it before you check out.');
        throw await changed(scope, current, 'Your bag changed. Check the order again before you place it.');
      }
      // After a decline on this bag or from this address the captcha steps up: every further card
      // try needs a fresh answer (the checkout page sends one with each attempt).
      if ((await declines.declinedBefore(current.id, ipAddress)) && !(await captcha.verify(request.captchaToken)))
        throw new DomainError(
          'CAPTCHA_FAILED',
          'We could not confirm this attempt. Wait a moment, then place your order again. Nothing was charged.',
        );
      if (!current.lines.length)
        throw new DomainError('CART_EMPTY', 'Your bag is empty. Add something to it before you check out.');

      let record: IdempotencyRecord = {
        request: requestHash,
        cartId: current.id,
        state: 'started',
        ...(stored?.record.authorizationId ? { authorizationId: stored.record.authorizationId } : {}),
        ...(stored?.record.decline ? { decline: stored.record.decline } : {}),
      };
      turn.stillHeld();
      let version = await records.put(key, record, stored?.version ?? 0, scope.correlationId);

      // 2. Prices and taxes as they will be charged.
      const cart = await priced(scope, current);
      const card: CardSummary | undefined = await checkout.cardOf(scope, cart);
      const missing = missingOf(cart, card);
      if (missing.includes('payment')) {
        const released = await releaseUnorderedHolds(scope, cart);
        if (released.length)
          logger.warn('Card holds of an unfinished placement released', {
            correlationId: scope.correlationId,
            authorizationIds: released,
          });
      }
      if (missing.length)
        return fail(
          scope,
          key,
          record,
          version,
          new DomainError('CHECKOUT_INCOMPLETE', 'Some checkout details are missing.', undefined, { missing }),
        );
      const sold = await commerce.getBagVariants(
        scope.storeKey,
        cart.lines.map((line) => line.sku),
        call(scope),
      );
      const withdrawn = cart.lines.filter((line) => !sold.has(line.sku));
      if (withdrawn.length)
        return fail(
          scope,
          key,
          record,
          version,
          await changed(
            scope,
            cart,
            `${withdrawn.map((line) => line.name).join(', ')} ${withdrawn.length === 1 ? 'is' : 'are'} no longer sold. Remove ${withdrawn.length === 1 ? 'it' : 'them'} from your bag to place your order.`,
          ),
        );
      const redemption = redemptionOf(cart);
      if (redemption && (redemption.amount > goodsTotalOf(cart) || !redemption.holdId))
        return fail(
          scope,
          key,
          record,
          version,
          await changed(scope, cart, 'Your points no longer fit this bag. Check the order again.'),
        );
      const total = totalsOf(cart).total.centAmount;
      if (total !== request.expectedTotal)
        return fail(
          scope,
          key,
          record,
          version,
          await changed(scope, cart, 'The total changed since you reviewed your order. Check it before you place it.'),
        );

      // 3. The fraud screen.
      const shippingAddress = checkoutAddressOf(cart.shippingAddress);
      const billingAddress = checkoutAddressOf(cart.billingAddress);
      if (!shippingAddress || !billingAddress || !cart.email)
        throw new Error('missingOf let an incomplete cart through');
      // The card and the client address are what a script cannot cheaply change (fraud-rules.ts).
      const cardFingerprint = await cardFingerprintOf(vendors, scope, cart);
      const decision = await vendors.fraud.decide(
        {
          sessionId: scope.fraudSessionId,
          amount: total,
          email: cart.email,
          ...('customerId' in scope.owner ? { customerId: scope.owner.customerId } : {}),
          ...(ipAddress ? { ipAddress } : {}),
          ...(cardFingerprint ? { cardFingerprint } : {}),
          shippingAddress,
          billingAddress,
        },
        scope.correlationId,
      );
      record = { ...record, fraud: { id: decision.id, decision: decision.decision } };
      if (decision.decision === 'reject') {
        logger.warn('Order refused by the fraud screen', {
          correlationId: scope.correlationId,
          decisionId: decision.id,
          reasons: decision.reasons,
        });
        return fail(
          scope,
          key,
          record,
          version,
          new DomainError(
            'ORDER_REJECTED',
            'We could not accept this order. Nothing was charged. Contact customer service if you need help.',
          ),
        );
      }

      // 4. The card, for the total plus SPEC §9's cent per line.
      const amount = total + cart.lines.length * TAX_SETTINGS.authorizationAllowanceCentsPerLine;
      turn.stillHeld();
      const authorization = await authorize(scope, key, cart, amount, ipAddress);
      if (record.authorizationId && record.authorizationId !== authorization.id)
        // An earlier attempt under this key authorised another amount or card that never became an order.
        await vendors.payment.void(record.authorizationId, scope.correlationId).catch((error: Error) =>
          logger.warn('Earlier authorisation not voided', {
            correlationId: scope.correlationId,
            reason: error.message,
          }),
        );
      if (authorization.status === 'declined') {
        const reason = authorization.declineCode ?? 'card_declined';
        logger.warn('Card declined', {
          correlationId: scope.correlationId,
          authorizationId: authorization.id,
          reason,
          cartId: cart.id,
        });
        return fail(
          scope,
          key,
          { ...record, authorizationId: undefined, decline: { authorizationId: authorization.id, reason } },
          version,
          new DomainError('PAYMENT_DECLINED', DECLINE_MESSAGE),
        );
      }
      record = { ...record, authorizationId: authorization.id };
      version = await records.put(key, record, version, scope.correlationId);

      // 5. The commerce Payment, on the cart.
      const payment = await paymentOf(scope, key, authorization, total, decision.decision);
      let ready = cart;
      const fields = {
        [FIELDS.idempotencyKey]: key,
        [FIELDS.fraudDecision]: decision.decision,
      };
      ready = await commerce.updateCheckoutCart(
        scope.storeKey,
        ready,
        [
          ...(ready.paymentIds.includes(payment.id) ? [] : [{ addPayment: payment.id }]),
          ...Object.entries(fields).map(([name, value]) => ({ setCustomField: { name, value } })),
        ],
        call(scope),
      );

      // 6. The order.
      let placed: Awaited<ReturnType<typeof createOrder>>;
      try {
        turn.stillHeld();
        placed = await createOrder(scope, key, record, version, ready);
      } catch (error) {
        const refusal =
          error instanceof CommerceRequestError && error.code === 'OutOfStock'
            ? new DomainError('OUT_OF_STOCK', 'Something in your bag sold out meanwhile. Nothing was charged.')
            : discountCodeRefusal(error, codeOf(ready, error), scope.brandName);
        if (!refusal) throw error;
        await voidAuthorization(scope, authorization.id, ready);
        const latest = await records.get(key, scope.correlationId);
        return fail(scope, key, { ...record, authorizationId: undefined }, latest?.version ?? version, refusal);
      }
      const confirmation = await finish(scope, key, placed.record, placed.version, placed.order);
      return { confirmation, replayed: false };
    });
  };
}

/** The code a DiscountCodeNonApplicable names, for the shopper's message. */
function codeOf(cart: CheckoutCart, error: unknown): string {
  const extensions = error instanceof CommerceRequestError ? error.extensions : {};
  const id = String(extensions.discountCodeId ?? extensions.discountCode ?? '');
  return cart.codes.find((code) => code.id === id || code.code === id)?.code ?? cart.codes[0]?.code ?? '';
}
