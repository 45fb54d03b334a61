import type {
  Cart,
  CustomLineItem,
  LineItem,
  PaymentReference,
  ShippingInfo,
  ShippingMethod,
  TaxedPrice,
} from '../domain/carts/cart-types';
import type { CatalogService, CategoryDocument } from '../domain/catalog/catalog-service';
import { type Product, type Variant, isPublished } from '../domain/catalog/catalog-types';
import type { Customer } from '../domain/customers/customer-repository';
import type { CartDiscount, DiscountCode } from '../domain/discounts/discount-types';
import type { Order } from '../domain/orders/order-service';
import type { Payment } from '../domain/payments/payment-types';
import type { CustomFields } from '../domain/platform/custom-types';
import type { Store } from '../domain/platform/store-repository';

/**
 * Domain documents -> GraphQL objects. Fields with arguments (localized names, raw attributes)
 * are functions, which graphql-js's default resolver calls with the field's arguments.
 */
type Localized = Record<string, string>;
type LocaleArgs = { locale?: string | null; acceptLanguage?: string[] | null };
const localized = (value: Localized | undefined) => (args: LocaleArgs) => {
  if (!value) return null;
  for (const locale of [args.locale, ...(args.acceptLanguage ?? []), 'en-US', 'en']) {
    if (locale && value[locale] !== undefined) return value[locale];
  }
  return Object.values(value)[0] ?? null;
};
const allLocales = (value: Localized) => Object.entries(value).map(([locale, text]) => ({ locale, value: text }));

const filterNames =
  <T extends { name: string }>(items: T[]) =>
  (args: { includeNames?: string[] | null; excludeNames?: string[] | null }) =>
    items.filter(
      (item) =>
        (!args.includeNames || args.includeNames.includes(item.name)) && !args.excludeNames?.includes(item.name),
    );

export function customShape(custom: CustomFields | undefined) {
  if (!custom) return null;
  return {
    type: { key: custom.type.key },
    typeRef: { typeId: 'type', key: custom.type.key },
    customFieldsRaw: filterNames(Object.entries(custom.fields).map(([name, value]) => ({ name, value }))),
  };
}

export const customerShape = (customer: Customer) => ({ ...customer, custom: customShape(customer.custom) });

export interface Availability {
  get(sku: string): Array<{ key: string; available: number }> | undefined;
}

export interface ShapeContext {
  catalog: CatalogService;
  imageBase: string;
  availability: Availability;
  /** A discount code by id, shaped, for DiscountCodeInfo.discountCode (loaded only when asked for). */
  discountCode?: (id: string) => Promise<unknown>;
  /** A payment by id, shaped, for PaymentInfo.payments (loaded only when asked for). */
  payment?: (id: string) => Promise<unknown>;
}

/** Taxed prices stored before tax portions existed read as having none. */
const taxedShape = (taxed: TaxedPrice | undefined) =>
  taxed ? { ...taxed, taxPortions: taxed.taxPortions ?? [] } : null;

function availabilityShape(ctx: ShapeContext, sku: string) {
  const entries = ctx.availability.get(sku);
  if (!entries) return null;
  const total = entries.reduce((sum, entry) => sum + entry.available, 0);
  return {
    noChannel: { isOnStock: total > 0, availableQuantity: total },
    channels: entries.map((entry) => ({
      channelRef: { typeId: 'channel', key: entry.key },
      availability: { isOnStock: entry.available > 0, availableQuantity: entry.available },
    })),
  };
}

function variantShape(ctx: ShapeContext, variant: Variant, matching?: Set<string>) {
  const price = variant.prices[0];
  return {
    id: variant.id,
    key: variant.key,
    sku: variant.sku,
    prices: variant.prices,
    price: () => price,
    images: variant.images.map((image) => ({
      url: /^https?:\/\//.test(image.url) ? image.url : `${ctx.imageBase}/${image.url}`,
      label: image.label,
      dimensions: { width: image.dimensions.w, height: image.dimensions.h },
    })),
    attributesRaw: filterNames(variant.attributes),
    availability: () => availabilityShape(ctx, variant.sku),
    isMatchingVariant: matching ? matching.has(variant.sku) : null,
  };
}

export const categoryShape = (ctx: ShapeContext, category: CategoryDocument): Record<string, unknown> => ({
  ...category,
  name: localized(category.name),
  slug: localized(category.slug),
  nameAllLocales: allLocales(category.name),
  slugAllLocales: allLocales(category.slug),
  parentRef: category.parent ?? null,
  parent: () => (category.parent ? shapeCategoryById(ctx, category.parent.id) : null),
  ancestorsRef: category.ancestors,
  ancestors: () => category.ancestors.map((a) => shapeCategoryById(ctx, a.id)).filter(Boolean),
  children: () =>
    ctx.catalog.categoryQuery(`parent(id="${category.id}")`, 500, 0).results.map((c) => categoryShape(ctx, c)),
  childCount: () => ctx.catalog.categoryQuery(`parent(id="${category.id}")`, 500, 0).total,
});

const shapeCategoryById = (ctx: ShapeContext, id: string) => {
  const category = ctx.catalog.category({ id });
  return category ? categoryShape(ctx, category) : null;
};

const productCategories = (ctx: ShapeContext, product: Product) => () =>
  product.categories.map((c) => shapeCategoryById(ctx, c.id)).filter(Boolean);

export function productProjectionShape(ctx: ShapeContext, product: Product, matching?: Set<string>) {
  // Variants are shaped only when the query asks for them: listings usually want the master only.
  let shaped: ReturnType<typeof variantShape>[] | undefined;
  const all = () =>
    (shaped ??= [product.masterVariant, ...product.variants].map((v) => variantShape(ctx, v, matching)));
  // onlyMatching: the variants the search matched, when it marked them (commercetools does the same).
  const only = (list: ReturnType<typeof variantShape>[], args?: { onlyMatching?: boolean | null }) =>
    args?.onlyMatching && matching ? list.filter((v) => matching.has(v.sku)) : list;
  return {
    id: product.id,
    key: product.key,
    version: product.version ?? 1,
    productType: { typeId: 'product-type', key: product.productType },
    taxCategoryRef: product.taxCategory ?? null,
    taxCategory: () => (product.taxCategory ? (ctx.catalog.taxCategory(product.taxCategory.id) ?? null) : null),
    name: localized(product.name),
    description: localized(product.description),
    slug: localized(product.slug),
    categories: productCategories(ctx, product),
    categoriesRef: product.categories,
    masterVariant: () => all()[0],
    variants: (args?: { onlyMatching?: boolean | null }) => only(all().slice(1), args),
    allVariants: (args?: { onlyMatching?: boolean | null }) => only(all(), args),
    published: isPublished(product),
    createdAt: product.createdAt,
    lastModifiedAt: product.lastModifiedAt ?? product.createdAt,
  };
}

export function productShape(ctx: ShapeContext, product: Product) {
  const projection = productProjectionShape(ctx, product);
  const current = {
    ...projection,
    variants: () => projection.variants(),
    allVariants: () => projection.allVariants(),
    variant: ({ sku, key }: { sku?: string | null; key?: string | null }) =>
      projection.allVariants().find((v) => (sku ? v.sku === sku : v.key === key)) ?? null,
  };
  return {
    ...projection,
    masterData: { current, staged: current, published: isPublished(product), hasStagedChanges: false },
  };
}

const lineItemShape = (ctx: ShapeContext, line: LineItem) => ({
  ...line,
  name: localized(line.name),
  variant: variantShape(ctx, {
    ...line.variant,
    key: line.variant.sku,
    prices: [line.price],
    images: line.variant.images.map((i) => ({ ...i, dimensions: { w: 600, h: 800 } })),
  }),
  taxedPrice: taxedShape(line.taxedPrice),
  custom: customShape(line.custom),
  supplyChannel: line.supplyChannel ? channelShape(line.supplyChannel.key) : null,
  supplyChannelRef: line.supplyChannel ? { typeId: 'channel', id: line.supplyChannel.key } : null,
  distributionChannel: line.distributionChannel ? channelShape(line.distributionChannel.key) : null,
  distributionChannelRef: line.distributionChannel ? { typeId: 'channel', id: line.distributionChannel.key } : null,
  discountedPricePerQuantity: (line.discountedPricePerQuantity ?? []).map((group) => ({
    quantity: group.quantity,
    discountedPrice: {
      value: group.discountedPrice.value,
      includedDiscounts: group.discountedPrice.includedDiscounts.map((portion) => ({
        discountRef: portion.discount,
        discountedAmount: portion.discountedAmount,
      })),
    },
  })),
});

const customLineItemShape = (line: CustomLineItem) => ({
  ...line,
  name: localized(line.name),
  nameAllLocales: allLocales(line.name),
  taxRate: line.taxRate ?? null,
  taxedPrice: taxedShape(line.taxedPrice),
  custom: customShape(line.custom),
  discountedPricePerQuantity: [],
});

/** A cart's or order's payments: references at once, the payments themselves only when asked for. */
const paymentInfoShape = (ctx: ShapeContext, info: { payments: PaymentReference[] } | undefined) =>
  info && info.payments.length > 0
    ? {
        paymentRefs: info.payments,
        payments: async () =>
          (await Promise.all(info.payments.map((ref) => ctx.payment?.(ref.id) ?? null))).filter(Boolean),
      }
    : null;

export const paymentShape = (payment: Payment) => ({
  ...payment,
  customerRef: payment.customer ?? null,
  paymentMethodInfo: {
    ...payment.paymentMethodInfo,
    name: localized(payment.paymentMethodInfo.name),
    nameAllLocales: payment.paymentMethodInfo.name ? allLocales(payment.paymentMethodInfo.name) : null,
  },
  custom: customShape(payment.custom),
});

/** A channel: here its id is its key (a store's inventory list). */
const channelShape = (key: string) => ({ id: key, key, version: 1, roles: ['InventorySupply'] });

const shippingInfoShape = (info: ShippingInfo | undefined) =>
  info
    ? {
        ...info,
        deliveries: (info.deliveries ?? []).map((d) => ({
          ...d,
          parcels: d.parcels.map((parcel) => ({ ...parcel, trackingData: parcel.trackingData ?? null })),
        })),
        taxedPrice: taxedShape(info.taxedPrice),
        shippingMethodRef: { typeId: 'shipping-method', id: info.shippingMethod.id },
        shippingMethod: {
          id: info.shippingMethod.id,
          key: info.shippingMethod.key,
          version: 1,
          name: info.shippingMethodName,
          localizedDescription: () => info.description,
          isDefault: false,
          active: true,
          zoneRates: [
            {
              zone: null,
              zoneRef: null,
              shippingRates: [
                { ...info.shippingRate, freeAbove: info.shippingRate.freeAbove ?? null, isMatching: true },
              ],
            },
          ],
        },
      }
    : null;

const discountCodesShape = (ctx: ShapeContext, codes: Cart['discountCodes']) =>
  codes.map((d) => ({
    discountCodeRef: { typeId: 'discount-code', id: d.discountCode.id },
    discountCode: () => ctx.discountCode?.(d.discountCode.id) ?? null,
    code: d.discountCode.code,
    state: d.state,
  }));

export const cartShape = (ctx: ShapeContext, cart: Cart) => ({
  ...cart,
  storeRef: cart.store,
  lineItems: cart.lineItems.map((line) => lineItemShape(ctx, line)),
  customLineItems: (cart.customLineItems ?? []).map(customLineItemShape),
  taxedPrice: taxedShape(cart.taxedPrice),
  taxedShippingPrice: taxedShape(cart.taxedShippingPrice),
  paymentInfo: paymentInfoShape(ctx, cart.paymentInfo),
  totalLineItemQuantity: cart.lineItems.reduce((sum, line) => sum + line.quantity, 0),
  shippingInfo: shippingInfoShape(cart.shippingInfo),
  discountCodes: discountCodesShape(ctx, cart.discountCodes),
  custom: customShape(cart.custom),
});

export const orderShape = (ctx: ShapeContext, order: Order) => ({
  ...order,
  storeRef: order.store,
  cartRef: order.cart,
  lineItems: order.lineItems.map((line) => lineItemShape(ctx, line)),
  customLineItems: (order.customLineItems ?? []).map(customLineItemShape),
  returnInfo: order.returnInfo.map((info) => ({
    ...info,
    items: info.items.map((item) => ({
      ...item,
      __typename: 'LineItemReturnItem',
      type: 'LineItemReturnItem',
      lastModifiedAt: item.lastModifiedAt ?? item.createdAt,
    })),
  })),
  taxedPrice: taxedShape(order.taxedPrice),
  taxedShippingPrice: taxedShape(order.taxedShippingPrice),
  paymentInfo: paymentInfoShape(ctx, order.paymentInfo),
  shippingInfo: shippingInfoShape(order.shippingInfo),
  discountCodes: discountCodesShape(ctx, order.discountCodes),
  custom: customShape(order.custom),
});

export interface ProductSelectionDocument {
  id: string;
  key: string;
  version: number;
  name: Record<string, string>;
  mode: string;
}

export const productSelectionShape = (selection: ProductSelectionDocument, productCount: () => Promise<number>) => ({
  ...selection,
  name: localized(selection.name),
  productCount,
});

/** A store as commercetools has it: its assortment as product selections, its inventory as a supply channel. */
export const storeShape = (
  store: Store,
  selections: () => Promise<Map<string, ReturnType<typeof productSelectionShape>>>,
) => ({
  id: store.key,
  key: store.key,
  version: 1,
  name: localized(store.name),
  // Read only when a query asks for them.
  productSelections: async () => {
    const byKey = await selections();
    return (store.productSelections ?? []).flatMap((setting) => {
      const selection = byKey.get(setting.productSelection.key);
      return selection
        ? [
            {
              active: setting.active,
              productSelectionRef: { typeId: 'product-selection', id: selection.id },
              productSelection: selection,
            },
          ]
        : [];
    });
  },
  supplyChannels: [channelShape(store.inventoryListKey)],
  supplyChannelsRef: [{ typeId: 'channel', id: store.inventoryListKey }],
});

export const shippingMethodShape = (
  method: ShippingMethod,
  zone: (id: string) => Promise<Record<string, unknown> | null>,
) => ({
  id: method.id,
  key: method.key,
  version: 1,
  name: method.name,
  localizedDescription: localized(method.localizedDescription),
  isDefault: method.isDefault,
  active: method.active,
  zoneRates: method.zoneRates.map((zoneRate) => ({
    zoneRef: { typeId: 'zone', id: zoneRate.zone.id },
    zone: () => zone(zoneRate.zone.id),
    shippingRates: zoneRate.shippingRates.map((rate) => ({
      price: rate.price,
      freeAbove: rate.freeAbove ?? null,
      isMatching: null,
    })),
  })),
});

export const cartDiscountShape = (discount: CartDiscount) => ({
  ...discount,
  name: localized(discount.name),
  nameAllLocales: allLocales(discount.name),
  value: { ...discount.value, __typename: 'RelativeDiscountValue' },
  storesRef: discount.stores,
});

/** Cart discounts are loaded only when the query asks for them. */
export const discountCodeShape = (code: DiscountCode, cartDiscounts: () => Promise<CartDiscount[]>) => ({
  ...code,
  name: localized(code.name),
  nameAllLocales: code.name ? allLocales(code.name) : null,
  description: localized(code.description),
  descriptionAllLocales: code.description ? allLocales(code.description) : null,
  cartDiscountsRef: code.cartDiscounts,
  cartDiscounts: async () => (await cartDiscounts()).map(cartDiscountShape),
  storesRef: code.stores,
});
