import {
  type CartDiscountCode,
  type CartLine,
  type CartPriceChange,
  type CartResponse,
  MAX_LINE_QUANTITY,
  type Money,
  type PreviousBag,
} from '@shop/contracts';
import type { BagVariant, CommerceCartDetail, CommerceCartLine, LinePrice } from '../../clients/commercetools';
import type { CategoryTree } from '../../shared/category-tree';
import { OPTION_LABELS, OPTION_ORDER, mediaUrl, productPagePath } from '../../shared/product-links';

export const usd = (centAmount: number): Money => ({ centAmount, currencyCode: 'USD', fractionDigits: 2 });

/** What the shopper pays for one item at this price: the sale price while there is one. */
export const payable = (price: LinePrice) => price.discountedCentAmount ?? price.centAmount;

/** Whether the line still has its variant's current price (list and sale). */
export const priceIsCurrent = (line: CommerceCartLine, variant: BagVariant | undefined) =>
  !variant?.price ||
  (variant.price.centAmount === line.price.centAmount &&
    variant.price.discountedCentAmount === line.price.discountedCentAmount);

/** The lines whose price changed since they were added: what the cart had, and what it has now. */
export function priceChangesOf(cart: CommerceCartDetail, variants: Map<string, BagVariant>): CartPriceChange[] {
  return cart.lines.flatMap((line) => {
    const variant = variants.get(line.sku);
    if (priceIsCurrent(line, variant) || !variant?.price) return [];
    return [
      {
        lineItemId: line.id,
        sku: line.sku,
        name: line.name,
        previous: usd(payable(line.price)),
        current: usd(payable(variant.price)),
      },
    ];
  });
}

export interface ViewContext {
  tree: CategoryTree;
  productBasePath: string;
  /** The store's inventory, for lines stored without one. */
  inventoryListKey: string;
}

/** Colour, then the size a shopper chose (band and cup stand for a bra's size). */
function attributesOf(attributes: Record<string, string>): CartLine['attributes'] {
  const hasBandCup = Boolean(attributes.bandSize && attributes.cupSize);
  return OPTION_ORDER.filter((name) => attributes[name] && !(hasBandCup && name === 'size')).map((name) => ({
    name,
    label: OPTION_LABELS[name] ?? name,
    value: attributes[name],
  }));
}

function urlOf(line: CommerceCartLine, variant: BagVariant | undefined, context: ViewContext) {
  return productPagePath(
    context.tree,
    { categoryIds: variant?.categoryIds ?? [], name: variant?.name ?? line.name },
    line.sku,
    context.productBasePath,
  );
}

function lineOf(line: CommerceCartLine, variant: BagVariant | undefined, context: ViewContext): CartLine {
  const each = payable(line.price);
  const subtotal = each * line.quantity;
  const discount = subtotal - line.totalCentAmount;
  const sale = line.price.discountedCentAmount;
  return {
    lineItemId: line.id,
    sku: line.sku,
    productKey: line.productKey,
    name: line.name,
    url: urlOf(line, variant, context),
    ...(line.image ? { image: { url: mediaUrl(line.image.url), alt: line.image.label ?? line.name } } : {}),
    attributes: attributesOf(line.attributes),
    quantity: line.quantity,
    inventoryListKey: line.inventoryListKey ?? context.inventoryListKey,
    unitPrice: usd(line.price.centAmount),
    ...(sale !== undefined && sale < line.price.centAmount ? { salePrice: usd(sale) } : {}),
    subtotal: usd(subtotal),
    total: usd(line.totalCentAmount),
    ...(discount > 0 ? { discount: usd(discount) } : {}),
    maxQuantity: Math.min(MAX_LINE_QUANTITY, variant?.available ?? 0),
    // The store's current assortment lacks it: a product withdrawn from sale since it was added.
    ...(variant ? {} : { noLongerSold: true as const }),
  };
}

/** What a code says about itself: its own name, else its cart discount's ("10% off"). */
const describe = (code: CommerceCartDetail['codes'][number]) =>
  code.name ?? code.cartDiscounts.find((discount) => discount.name)?.name ?? 'Promo code';

export const emptyCart = (): CartResponse => ({
  lines: [],
  itemCount: 0,
  subtotal: usd(0),
  discountCodes: [],
  discountTotal: usd(0),
  total: usd(0),
});

/** A commerce cart as the bag shows it (CartResponse in @shop/contracts). */
export function cartView(
  cart: CommerceCartDetail | undefined,
  variants: Map<string, BagVariant>,
  context: ViewContext,
  extra: { priceChanges?: CartPriceChange[]; previousBag?: PreviousBag } = {},
): CartResponse {
  const add = {
    ...(extra.priceChanges?.length ? { priceChanges: extra.priceChanges } : {}),
    ...(extra.previousBag ? { previousBag: extra.previousBag } : {}),
  };
  if (!cart) return { ...emptyCart(), ...add };
  const lines = cart.lines.map((line) => lineOf(line, variants.get(line.sku), context));
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal.centAmount, 0);
  const total = lines.reduce((sum, line) => sum + line.total.centAmount, 0);
  const discountCodes: CartDiscountCode[] = cart.codes.map((code) => {
    // A code that does not apply (stopped by a better one, say) takes nothing, even when it grants the same cart discount.
    const mine = new Set(code.state === 'MatchesCart' ? code.cartDiscounts.map((discount) => discount.id) : []);
    const amount = cart.lines.reduce(
      (sum, line) =>
        sum + Object.entries(line.discounts).reduce((off, [id, cents]) => off + (mine.has(id) ? cents : 0), 0),
      0,
    );
    return {
      id: code.id,
      code: code.code,
      state: code.state as CartDiscountCode['state'],
      description: describe(code),
      amount: usd(amount),
    };
  });
  return {
    id: cart.id,
    version: cart.version,
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: usd(subtotal),
    discountCodes,
    discountTotal: usd(subtotal - total),
    total: usd(total),
    ...add,
  };
}

/** The earlier bag as the offer to add it back shows it. */
export function previousBagView(
  cart: CommerceCartDetail,
  variants: Map<string, BagVariant>,
  context: ViewContext,
): PreviousBag {
  return {
    cartId: cart.id,
    lines: cart.lines.map((line) => {
      const { sku, name, quantity, image, attributes, url } = lineOf(line, variants.get(line.sku), context);
      return { sku, name, quantity, ...(image ? { image } : {}), attributes, url };
    }),
  };
}
