import type {
  CardSummary,
  CartPriceChange,
  CartResponse,
  CheckoutAddress,
  CheckoutResponse,
  CheckoutUpdateRequest,
  CustomerEmailRequest,
} from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
import type {
  BagVariant,
  CheckoutAction,
  CheckoutCart,
  CommerceCartDetail,
  CommerceClient,
  ShippingMethodRecord,
} from '../../clients/commercetools';
import type { CheckoutVendors } from '../../clients/checkout-vendors';
import { UpstreamUnavailableError } from '../../clients/upstream-guard';
import { UpstreamAnswerError, VendorRefusal } from '../../clients/vendor-http';
import type { CategoryTree } from '../../shared/category-tree';
import { DomainError } from '../../shared/domain-error';
import { type ViewContext, cartView, priceChangesOf } from '../cart/cart-view';
import type { CartScope } from '../cart/cart-use-cases';
import { cartQueueKey } from '../cart/cart-use-cases';
import type { CartWriter } from '../cart/cart-writer';
import { type AddressRole, checkAddress } from './address-check';
import { type CheckoutScope, customerOf } from './checkout-scope';
import { loyaltyRedemption } from './loyalty-redemption';

export type { CheckoutScope } from './checkout-scope';
import { cardBindingOf } from './card-binding';
import { FIELDS, ORDER_TYPE } from './checkout-fields';
import {
  addressRecordOf,
  checkoutAddressOf,
  checkoutView,
  goodsTotalOf,
  type LoyaltyStanding,
  redemptionOf,
} from './checkout-view';
import { type ShippingChoice, defaultChoice, shippingChoices } from './shipping-options';
import {
  clearTaxActions,
  hasTaxSettings,
  quoteRequestOf,
  taxActionsOf,
  taxSettingsAction,
  taxState,
} from './tax-lines';

export interface CheckoutDeps {
  commerce: CommerceClient;
  vendors: CheckoutVendors;
  write: CartWriter;
  logger: Logger;
  treeOf: (storeKey: string, correlationId: string) => Promise<CategoryTree>;
  channelsOf: (storeKey: string, correlationId: string) => Promise<string[]>;
  shippingMethodsOf: (storeKey: string, correlationId: string) => Promise<ShippingMethodRecord[]>;
}

const EXPECTED = ['ConcurrentModification'];

/** What a checkout write decided: actions for the cart, whether taxes must be quoted again. */
interface Decision {
  actions: CheckoutAction[];
  /** Quote taxes even when nothing looks missing (POST /api/cart/taxes, an address or method change). */
  requote?: boolean;
}

/**
 * Checkout's use cases (SPEC §2, §3, §7, §9): the checkout view, the checkout data on the cart
 * (e-mail, verified addresses, shipping method, card token), taxes from the tax vendor, and the
 * loyalty redemption. Every write runs in the bag's turn of the cart write queue (the same key
 * as the bag's own writes), reads the cart, and updates it at its version.
 */
export function checkoutUseCases(deps: CheckoutDeps) {
  const { commerce, vendors, write, logger } = deps;
  /** What reading lines needs of a scope: its store and product pages. */
  type ViewScope = Pick<CartScope, 'storeKey' | 'correlationId' | 'productBasePath'>;
  const call = (scope: Pick<CartScope, 'correlationId'>) => ({
    correlationId: scope.correlationId,
    expected: EXPECTED,
  });

  const load = (scope: CartScope) => commerce.checkoutCart(scope.storeKey, scope.owner, call(scope));

  const variantsOf = (scope: CartScope, cart: CheckoutCart | undefined): Promise<Map<string, BagVariant>> =>
    cart?.lines.length
      ? commerce.getBagVariants(
          scope.storeKey,
          cart.lines.map((line) => line.sku),
          call(scope),
        )
      : Promise.resolve(new Map());

  const contextOf = async (scope: ViewScope): Promise<ViewContext> => {
    const [tree, channels] = await Promise.all([
      deps.treeOf(scope.storeKey, scope.correlationId),
      deps.channelsOf(scope.storeKey, scope.correlationId),
    ]);
    return { tree, productBasePath: scope.productBasePath, inventoryListKey: channels[0] ?? '' };
  };

  const choicesFor = async (scope: CartScope, cart: CheckoutCart | undefined): Promise<ShippingChoice[]> =>
    shippingChoices(await deps.shippingMethodsOf(scope.storeKey, scope.correlationId), scope.storeKey, {
      goods: cart ? goodsTotalOf(cart) : 0,
      state: cart?.shippingAddress?.state,
    });

  /**
   * The card the cart's token stands for; none once the token expired, paid, or belongs to
   * another bag or session (a sign-in starts a new one): the shopper enters the card again.
   */
  const cardOf = async (scope: CartScope, cart: CheckoutCart | undefined): Promise<CardSummary | undefined> => {
    const token = cart?.custom[FIELDS.paymentToken];
    if (!cart || typeof token !== 'string') return undefined;
    const found = await vendors.payment.token(token, cardBindingOf(scope, cart.id), scope.correlationId);
    return typeof found === 'string' ? undefined : found.card;
  };

  /** The member's points, when the brand has loyalty on and the shopper is a signed-in member; left out while loyalty is down. */
  const loyaltyOf = async (scope: CheckoutScope): Promise<LoyaltyStanding | undefined> => {
    const customerId = customerOf(scope);
    if (!scope.flags.loyalty || !customerId) return undefined;
    try {
      const member = await vendors.loyalty.member(scope.storeKey, customerId, scope.correlationId);
      if (!member) return undefined;
      return {
        free: Math.max(0, member.balance - member.held),
        centsPerPoint: member.centsPerPoint,
        pointsPerDollar: member.pointsPerDollar,
      };
    } catch (error) {
      if (!(error instanceof UpstreamUnavailableError)) throw error;
      logger.warn('Loyalty left out of the checkout', { correlationId: scope.correlationId, reason: error.reason });
      return undefined;
    }
  };

  /**
   * The hosted card field's address, with the bag's client secret (the vendor binds the tokens it
   * makes to this bag, session and brand). Without a bag there is no card to enter, and no secret.
   * When the payment vendor cannot give one, the rest of the checkout is still answered: the field
   * (the same vendor's page) says itself that it cannot take a card, and placing waits for one.
   */
  const cardFieldUrl = async (scope: CheckoutScope, cart: CheckoutCart | undefined) => {
    const { hostedUrl, publishableKey } = vendors.settings.payment;
    const url = new URL('/hosted/card-field', hostedUrl);
    url.searchParams.set('pk', publishableKey);
    url.searchParams.set('origin', scope.origin);
    if (cart?.lines.length) {
      try {
        const binding = cardBindingOf(scope, cart.id);
        const { clientSecret } = await vendors.payment.clientSecret(binding, scope.correlationId);
        url.searchParams.set('clientSecret', clientSecret);
      } catch (error) {
        if (!(error instanceof UpstreamUnavailableError)) throw error;
        logger.warn('Card field left without a client secret', {
          correlationId: scope.correlationId,
          reason: error.reason,
        });
      }
    }
    return url.toString();
  };

  /** The answer of every checkout route: the bag and the checkout. */
  const respond = async (
    scope: CheckoutScope,
    cart: CheckoutCart | undefined,
    priceChanges: CartPriceChange[] = [],
  ): Promise<CheckoutResponse> => {
    const [variants, context, choices, card, loyalty, fieldUrl] = await Promise.all([
      variantsOf(scope, cart),
      contextOf(scope),
      choicesFor(scope, cart),
      cardOf(scope, cart),
      loyaltyOf(scope),
      cardFieldUrl(scope, cart),
    ]);
    return {
      cart: cartView(cart, variants, context, { priceChanges }),
      checkout: checkoutView({
        cart,
        bag: cartView(cart, variants, context),
        signedIn: 'customerId' in scope.owner,
        guestOrdering: scope.flags.guestOrdering,
        ...(scope.customer ? { customer: scope.customer } : {}),
        choices,
        ...(card ? { card } : {}),
        ...(loyalty ? { loyalty } : {}),
        vendors: {
          cardFieldUrl: fieldUrl,
          fraudCollectorUrl: vendors.settings.fraud.collectorUrl,
          fraudOrgId: vendors.settings.fraud.orgId,
          fraudSessionId: scope.fraudSessionId,
        },
      }),
    };
  };

  /** What every write brings along: SPEC §9 tax settings, the order-b2c type, a customer's e-mail. */
  const groundwork = (scope: CheckoutScope, cart: CheckoutCart): CheckoutAction[] => [
    ...(hasTaxSettings(cart) ? [] : [taxSettingsAction()]),
    ...(cart.hasCustomType
      ? cart.custom[FIELDS.fraudSessionId] === scope.fraudSessionId
        ? []
        : [{ setCustomField: { name: FIELDS.fraudSessionId, value: scope.fraudSessionId } }]
      : [
          {
            setCustomType: {
              key: ORDER_TYPE,
              fields: { [FIELDS.fraudSessionId]: scope.fraudSessionId, [FIELDS.orderSource]: 'web' },
            },
          },
        ]),
    ...(!cart.email && scope.customer?.email ? [{ setEmail: scope.customer.email }] : []),
  ];

  /**
   * Quotes taxes for the cart's shipping address and its goods (each line's tax category from
   * the catalogue, `variants`) and sets the rates on every line, the shipping and the custom lines.
   * When the quote cannot be had after the address changed, the old rates are removed (taxes
   * missing, never stale) before the failure is reported.
   */
  const withTaxes = async (
    scope: CheckoutScope,
    cart: CheckoutCart,
    variants: Map<string, BagVariant>,
    clearOnFailure: boolean,
  ) => {
    const request = quoteRequestOf(cart, variants, scope.correlationId);
    if (!request) return clearTaxActions(cart).length && clearOnFailure ? clear(scope, cart) : cart;
    try {
      const quote = await vendors.tax.quote(request);
      return await commerce.updateCheckoutCart(scope.storeKey, cart, taxActionsOf(cart, quote), call(scope));
    } catch (error) {
      if (clearOnFailure && clearTaxActions(cart).length) await clear(scope, cart).catch(() => undefined);
      if (error instanceof VendorRefusal && error.code === 'UNKNOWN_ZIP')
        throw new DomainError('ADDRESS_INVALID', `Check the shipping address: ${error.message}`, {
          'shippingAddress.postalCode': error.message,
        });
      throw error;
    }
  };
  const clear = (scope: CheckoutScope, cart: CheckoutCart) =>
    commerce.updateCheckoutCart(scope.storeKey, cart, clearTaxActions(cart), call(scope));

  /**
   * One checkout write, in the bag's turn: read the cart (it must have lines), bring line prices
   * up to date, decide, apply with the groundwork, preselect the standard shipping method once
   * there is an address, and quote taxes again when something they depend on changed after they
   * were computed.
   */
  const change = (
    scope: CheckoutScope,
    decide: (cart: CheckoutCart) => Decision | Promise<Decision>,
  ): Promise<{ cart: CheckoutCart; priceChanges: CartPriceChange[] }> =>
    write(cartQueueKey(scope), async (turn) => {
      const before = await load(scope);
      if (!before?.lines.length)
        throw new DomainError('CART_EMPTY', 'Your bag is empty. Add something to it before you check out.');
      const variants = await variantsOf(scope, before);
      const priceChanges = priceChangesOf(before, variants);
      const decision = await decide(before);
      const actions: CheckoutAction[] = [
        ...(priceChanges.length ? [{ recalculate: true } as const] : []),
        ...groundwork(scope, before),
        ...decision.actions,
      ];
      const addressChanged = decision.actions.some((a) => 'setShippingAddress' in a);
      const methodSet = decision.actions.some((a) => 'setShippingMethod' in a);
      const willHaveAddress = addressChanged
        ? decision.actions.some((a) => 'setShippingAddress' in a && a.setShippingAddress)
        : Boolean(before.shippingAddress);
      // SPEC §9: the standard method, preselected once there is an address and no method yet.
      if (willHaveAddress && !before.shipping && !methodSet) {
        const standard = defaultChoice(await choicesFor(scope, before));
        if (standard) actions.push({ setShippingMethod: { key: standard.methodKey } });
      }
      turn.stillHeld();
      let cart = actions.length
        ? await commerce.updateCheckoutCart(scope.storeKey, before, actions, call(scope))
        : before;
      const computed = taxState(before) !== 'none';
      const stateNow = taxState(cart);
      if (cart.shippingAddress && (decision.requote || stateNow === 'partial' || (addressChanged && computed)))
        cart = await withTaxes(scope, cart, variants, addressChanged && computed);
      else if (!cart.shippingAddress && stateNow !== 'none') cart = await clear(scope, cart);
      return { cart, priceChanges };
    });

  /** Verifies the addresses of an update before its turn (vendor calls do not hold the bag). */
  const verified = async (scope: CheckoutScope, update: CheckoutUpdateRequest) => {
    const check = (role: AddressRole, address: CheckoutAddress) =>
      checkAddress(vendors.address, role, address, update.verification?.[role], scope.correlationId);
    const shipping = update.shippingAddress ? await check('shippingAddress', update.shippingAddress) : undefined;
    const billing =
      update.billingAddress && update.billingAddress !== 'sameAsShipping'
        ? await check('billingAddress', update.billingAddress)
        : update.billingAddress;
    return { shipping, billing };
  };

  /**
   * The card token, checked with the payment vendor: made for this bag in this session and brand,
   * not yet used; its public details are kept, never a card number.
   */
  const tokenCard = async (scope: CheckoutScope, token: string): Promise<CardSummary> => {
    const cart = await load(scope);
    if (!cart?.lines.length)
      throw new DomainError('CART_EMPTY', 'Your bag is empty. Add something to it before you check out.');
    const found = await vendors.payment.token(token, cardBindingOf(scope, cart.id), scope.correlationId);
    if (found === 'foreign' || found === 'used')
      throw new DomainError('PAYMENT_TOKEN_INVALID', 'We could not use that card here. Enter it again.', {
        'payment.token': found === 'used' ? 'card token already used' : 'card token made for another bag or session',
      });
    if (found === 'missing')
      throw new DomainError('PAYMENT_TOKEN_INVALID', 'We could not read that card. Enter it again.', {
        'payment.token': 'unknown card token',
      });
    if (found === 'expired')
      throw new DomainError('PAYMENT_TOKEN_INVALID', 'The card details expired. Enter the card again.', {
        'payment.token': 'expired card token',
      });
    return found.card;
  };

  const fieldActions = (_cart: CheckoutCart, fields: Record<string, unknown>): CheckoutAction[] =>
    Object.entries(fields).map(([name, value]) => ({ setCustomField: { name, value } }));

  return {
    /** GET /api/checkout: the bag and checkout; a price change or taxes left behind by a bag change are brought up to date first. */
    async read(scope: CheckoutScope): Promise<CheckoutResponse> {
      const cart = await load(scope);
      if (!cart?.lines.length) return respond(scope, cart);
      const variants = await variantsOf(scope, cart);
      const stale =
        priceChangesOf(cart, variants).length > 0 ||
        (cart.shippingAddress !== undefined && taxState(cart) === 'partial') ||
        (cart.shippingAddress !== undefined && !cart.shipping);
      if (!stale) return respond(scope, cart);
      try {
        const settled = await change(scope, () => ({ actions: [] }));
        return await respond(scope, settled.cart, settled.priceChanges);
      } catch (error) {
        // The page still opens while the tax vendor is away: taxes show as missing, never as a stale figure.
        if (!(error instanceof UpstreamUnavailableError || error instanceof UpstreamAnswerError)) throw error;
        logger.warn('Checkout shown unsettled', { correlationId: scope.correlationId, upstream: error.upstream });
        return respond(scope, await load(scope));
      }
    },

    /** POST /api/cart: sets what the body holds (SPEC §7); addresses verified first, the token checked. */
    async update(scope: CheckoutScope, update: CheckoutUpdateRequest): Promise<CheckoutResponse> {
      const { shipping, billing } = await verified(scope, update);
      const card = update.payment ? await tokenCard(scope, update.payment.token) : undefined;
      const methods = update.shippingMethod ? await choicesFor(scope, undefined) : [];
      const { cart, priceChanges } = await change(scope, (current) => {
        const actions: CheckoutAction[] = [];
        if (update.email) actions.push({ setEmail: update.email });
        if (shipping) actions.push({ setShippingAddress: addressRecordOf(shipping) });
        const sameAsShipping =
          billing === 'sameAsShipping' ||
          (billing === undefined && current.custom[FIELDS.billingSameAsShipping] !== 'false');
        const shippingNow = shipping ?? checkoutAddressOf(current.shippingAddress);
        if (billing && billing !== 'sameAsShipping') actions.push({ setBillingAddress: addressRecordOf(billing) });
        else if (sameAsShipping && shippingNow && (shipping || billing === 'sameAsShipping'))
          actions.push({ setBillingAddress: addressRecordOf(shippingNow) });
        if (billing !== undefined)
          actions.push({ setCustomField: { name: FIELDS.billingSameAsShipping, value: String(sameAsShipping) } });
        if (update.shippingMethod) {
          const choice = methods.find((m) => m.key === update.shippingMethod);
          if (!choice)
            throw new DomainError('INVALID_PARAMETER', 'shippingMethod: not a shipping method of this shop', {
              shippingMethod: 'not a shipping method of this shop',
            });
          if (current.shipping?.methodKey !== choice.methodKey)
            actions.push({ setShippingMethod: { key: choice.methodKey } });
        }
        if (update.payment && card)
          actions.push(
            ...fieldActions(current, {
              [FIELDS.paymentToken]: update.payment.token,
              [FIELDS.cardBrand]: card.brand,
              [FIELDS.cardLast4]: card.last4,
            }),
          );
        return { actions };
      });
      return respond(scope, cart, priceChanges);
    },

    /** POST /api/cart/customerEmail (SPEC §7). */
    async setEmail(scope: CheckoutScope, { email }: CustomerEmailRequest): Promise<CheckoutResponse> {
      const { cart, priceChanges } = await change(scope, () => ({ actions: [{ setEmail: email }] }));
      return respond(scope, cart, priceChanges);
    },

    /** POST /api/cart/taxes: the tax vendor's quote for the shipping address, as rates on every line. */
    async computeTaxes(scope: CheckoutScope): Promise<CheckoutResponse> {
      const { cart, priceChanges } = await change(scope, (current) => {
        if (!checkoutAddressOf(current.shippingAddress))
          throw new DomainError(
            'CHECKOUT_INCOMPLETE',
            'Enter the shipping address first: tax depends on it.',
            undefined,
            {
              missing: ['shippingAddress'],
            },
          );
        return { actions: [], requote: true };
      });
      return respond(scope, cart, priceChanges);
    },

    /**
     * PUT /api/cart (SPEC §7 "resets checkout forms"): addresses, e-mail, method, card, loyalty
     * redemption (its hold released) and tax rates are removed; the bag's lines and codes stay.
     */
    async reset(scope: CheckoutScope): Promise<CheckoutResponse> {
      let holdId: string | undefined;
      const { cart, priceChanges } = await change(scope, (current) => {
        const redemption = redemptionOf(current);
        holdId = redemption?.holdId;
        const kept = { ...current, customLines: current.customLines.filter((line) => line !== redemption?.line) };
        const actions: CheckoutAction[] = [
          { setEmail: undefined },
          { setShippingAddress: undefined },
          { setBillingAddress: undefined },
          ...(current.shipping ? [{ setShippingMethod: { key: undefined } }] : []),
          ...clearTaxActions({ ...kept, shipping: undefined }),
          ...(redemption ? [{ removeCustomLine: redemption.line.id }] : []),
        ];
        if (current.hasCustomType)
          actions.push(
            ...fieldActions(current, {
              [FIELDS.paymentToken]: undefined,
              [FIELDS.cardBrand]: undefined,
              [FIELDS.cardLast4]: undefined,
              [FIELDS.billingSameAsShipping]: undefined,
              [FIELDS.loyaltyHoldId]: undefined,
              [FIELDS.loyaltyPoints]: undefined,
            }),
          );
        return { actions };
      });
      if (holdId) await vendors.loyalty.release(holdId, scope.correlationId);
      return respond(scope, cart, priceChanges);
    },

    ...loyaltyRedemption({ vendors, change, respond }),
    /** The checkout answer for a cart already read (the order routes' CHECKOUT_CHANGED). */
    respond,
    load,
    /** Lines (of a cart or an order) as the bag shows them. */
    async bagOf(scope: ViewScope, detail: CommerceCartDetail): Promise<CartResponse> {
      const variants = detail.lines.length
        ? await commerce.getBagVariants(
            scope.storeKey,
            detail.lines.map((line) => line.sku),
            call(scope),
          )
        : new Map<string, BagVariant>();
      return cartView(detail, variants, await contextOf(scope));
    },
    cardOf,
    loyaltyOf,
  };
}
export type CheckoutUseCases = ReturnType<typeof checkoutUseCases>;
