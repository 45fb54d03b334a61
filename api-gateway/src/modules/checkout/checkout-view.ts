import type {
  CardSummary,
  CartResponse,
  CheckoutAddress,
  CheckoutDetails,
  CheckoutStep,
  CheckoutTotals,
  UsState,
} from '@shop/contracts';
import type {
  AddressRecord,
  CartShipping,
  CheckoutCart,
  CommerceCartLine,
  CustomLine,
} from '../../clients/commercetools';
import { payable, usd } from '../cart/cart-view';
import { FIELDS, LOYALTY_SLUG } from './checkout-fields';
import type { ShippingChoice } from './shipping-options';
import { taxState } from './tax-lines';

/** A stored address as the contract shows it; undefined when it lacks what checkout requires. */
export function checkoutAddressOf(record: AddressRecord | undefined): CheckoutAddress | undefined {
  if (
    !record?.firstName ||
    !record.lastName ||
    !record.streetName ||
    !record.city ||
    !record.state ||
    !record.postalCode ||
    record.country !== 'US'
  )
    return undefined;
  return {
    firstName: record.firstName,
    lastName: record.lastName,
    streetName: record.streetName,
    ...(record.additionalStreetInfo ? { additionalStreetInfo: record.additionalStreetInfo } : {}),
    city: record.city,
    state: record.state as UsState,
    postalCode: record.postalCode,
    country: 'US',
    ...(record.phone ? { phone: record.phone } : {}),
  };
}

export const addressRecordOf = (address: CheckoutAddress): AddressRecord => ({ ...address });

/** What carts and orders share for their money. */
export interface Priced {
  lines: CommerceCartLine[];
  customLines: CustomLine[];
  shipping?: CartShipping;
  taxedPrice?: { net: number; gross: number; tax: number };
  custom: Record<string, unknown>;
}

/** The loyalty redemption on a cart (or order): its custom line and the hold behind it. */
export function redemptionOf(cart: Pick<Priced, 'customLines' | 'custom'>) {
  const line = cart.customLines.find((custom) => custom.slug === LOYALTY_SLUG);
  if (!line) return undefined;
  const holdId = cart.custom[FIELDS.loyaltyHoldId];
  const points = cart.custom[FIELDS.loyaltyPoints];
  return {
    line,
    holdId: typeof holdId === 'string' ? holdId : undefined,
    points: typeof points === 'number' ? points : 0,
    amount: -line.total,
  };
}

/** The goods after discount codes: what free shipping is measured against and loyalty may take off. */
export const goodsTotalOf = (cart: Pick<Priced, 'lines'>) =>
  cart.lines.reduce((sum, line) => sum + line.totalCentAmount, 0);

/**
 * The money of a cart or order as the review shows it (CheckoutTotals): tax only when `taxed`
 * (for a cart: its taxes are current for its address, never a stale figure), and the total as
 * subtotal - discount - loyalty + shipping + tax.
 */
export function moneyOf(priced: Priced, taxed: boolean): CheckoutTotals {
  const subtotal = priced.lines.reduce((sum, line) => sum + payable(line.price) * line.quantity, 0);
  const goods = goodsTotalOf(priced);
  const redemption = redemptionOf(priced);
  const others = priced.customLines.filter((line) => line.slug !== LOYALTY_SLUG).reduce((s, l) => s + l.total, 0);
  const loyalty = redemption?.amount ?? 0;
  const shipping = priced.shipping?.price;
  const tax = taxed ? priced.taxedPrice?.tax : undefined;
  return {
    subtotal: usd(subtotal),
    discount: usd(subtotal - goods),
    ...(redemption ? { loyalty: usd(loyalty) } : {}),
    ...(shipping !== undefined ? { shipping: usd(shipping) } : {}),
    ...(tax !== undefined ? { tax: usd(tax) } : {}),
    total: usd(goods + others - loyalty + (shipping ?? 0) + (tax ?? 0)),
  };
}

/** A cart's money: taxed only while its taxes are current. */
export const totalsOf = (cart: CheckoutCart | undefined): CheckoutTotals =>
  cart ? moneyOf(cart, taxState(cart) === 'complete') : { subtotal: usd(0), discount: usd(0), total: usd(0) };

export interface LoyaltyStanding {
  /** Points the member may still hold (not held by any cart). */
  free: number;
  centsPerPoint: number;
  pointsPerDollar: number;
}

/** Points an order of `cents` (goods after codes and points, before shipping and tax) earns: per whole dollar. */
export const pointsEarned = (cents: number, pointsPerDollar: number) =>
  Math.max(0, Math.floor(cents / 100) * pointsPerDollar);

export interface CheckoutViewInput {
  cart: CheckoutCart | undefined;
  bag: CartResponse;
  signedIn: boolean;
  guestOrdering: boolean;
  customer?: CheckoutDetails['customer'];
  choices: ShippingChoice[];
  /** The card of the cart's token, or undefined when there is none (or it expired). */
  card?: CardSummary;
  loyalty?: LoyaltyStanding;
  vendors: CheckoutDetails['vendors'];
}

/** What is still missing before "Place order" can work (CheckoutStep order). */
export function missingOf(cart: CheckoutCart | undefined, card: CardSummary | undefined): CheckoutStep[] {
  const missing: CheckoutStep[] = [];
  if (!cart?.email) missing.push('email');
  if (!checkoutAddressOf(cart?.shippingAddress)) missing.push('shippingAddress');
  if (!cart?.shipping) missing.push('shippingMethod');
  if (!card) missing.push('payment');
  if (!checkoutAddressOf(cart?.billingAddress)) missing.push('billingAddress');
  if (!cart || taxState(cart) !== 'complete') missing.push('tax');
  return missing;
}

/** The checkout as the browser shows it (CheckoutDetails), built on the bag's view. */
export function checkoutView(input: CheckoutViewInput): CheckoutDetails {
  const { cart, card, loyalty } = input;
  const totals = totalsOf(cart);
  const shippingAddress = checkoutAddressOf(cart?.shippingAddress);
  const billingAddress = checkoutAddressOf(cart?.billingAddress);
  const chosen = cart?.shipping?.methodKey
    ? input.choices.find((choice) => choice.methodKey === cart.shipping?.methodKey)
    : undefined;
  const redemption = cart ? redemptionOf(cart) : undefined;
  const goods = cart ? goodsTotalOf(cart) : 0;
  const loyaltyView = (() => {
    if (!loyalty) return undefined;
    const held = redemption?.points ?? 0;
    const byGoods = Math.floor(goods / loyalty.centsPerPoint);
    return {
      balance: loyalty.free + held,
      redeemable: Math.max(0, Math.min(loyalty.free + held, byGoods)),
      centsPerPoint: loyalty.centsPerPoint,
      pointsPerDollar: loyalty.pointsPerDollar,
      earns: pointsEarned(goods - (redemption?.amount ?? 0), loyalty.pointsPerDollar),
      ...(redemption ? { redemption: { points: redemption.points, amount: usd(redemption.amount) } } : {}),
    };
  })();
  return {
    signedIn: input.signedIn,
    guestOrdering: input.guestOrdering,
    ...(cart?.email ? { email: cart.email } : {}),
    ...(input.customer ? { customer: input.customer } : {}),
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    billingSameAsShipping: cart?.custom[FIELDS.billingSameAsShipping] !== 'false',
    shippingMethods: input.choices.map(({ methodKey: _key, ...choice }) => choice),
    ...(chosen ? { shippingMethod: chosen.key } : {}),
    ...(card ? { payment: card } : {}),
    ...(loyaltyView ? { loyalty: loyaltyView } : {}),
    totals,
    missing: missingOf(cart, card),
    vendors: input.vendors,
  };
}
