import { BAG_PAGE, type BagVariant, bagVariantsSearch, collectBagVariants } from './catalog';
import { CommerceRequestError } from './commerce-request-error';
import type { RawBagProduct, RawCart, RawCartDetail, RawCartLine, RawSearch, RawStoreChannels } from './ctp-types';
import {
  ACTIVE_CUSTOMER_CART,
  ANONYMOUS_CART,
  BAG_WITH_VARIANTS,
  CUSTOMER_BAG_WITH_VARIANTS,
  CART_BY_ID,
  CREATE_CART,
  DELETE_CART,
  FIND_CART,
  STORE_CHANNELS,
  TAKE_CART,
  UPDATE_CART,
} from './documents';
import { predicateLiteral } from './predicate-literal';
import type { CallOptions, Graphql } from './transport';

export interface CommerceCart {
  id: string;
  version: number;
  customerId?: string;
  anonymousId?: string;
  /** Active, Merged, Ordered or Frozen. */
  state: string;
}

/** A price in cents: the list price and, while a product discount runs, the sale price. */
export interface LinePrice {
  centAmount: number;
  discountedCentAmount?: number;
}

export interface CommerceCartLine {
  id: string;
  sku: string;
  productKey: string;
  name: string;
  quantity: number;
  /** The chosen options (colour, size, ...) as text. */
  attributes: Record<string, string>;
  image?: { url: string; label?: string };
  /** The price the line was added at (or last recalculated at). */
  price: LinePrice;
  /** What the line costs after discount codes. */
  totalCentAmount: number;
  /** The inventory (supply channel key) the line draws on. */
  inventoryListKey?: string;
  /** Cents the line's discount codes take off the whole line, per cart discount id. */
  discounts: Record<string, number>;
  /** What each unit costs after discount codes, one entry per unit (what tax is computed on). */
  unitNets: number[];
}

/** A code on the cart: its state now (commercetools DiscountCodeState) and the cart discounts it grants. */
export interface CommerceCartCode {
  id: string;
  code: string;
  name?: string;
  state: string;
  cartDiscounts: Array<{ id: string; name?: string }>;
}

export interface CommerceCartDetail extends CommerceCart {
  lines: CommerceCartLine[];
  codes: CommerceCartCode[];
  /** Whether the cart has its custom type (order-b2c) yet: a field is then set, not the type. */
  hasCustomType?: boolean;
  /** The bag's last writes by their hashed Idempotency-Key, newest last (see noteWrites). */
  appliedWrites?: string[];
}

/** The custom type carts and orders carry (SPEC §3). */
const ORDER_TYPE = 'order-b2c';
/** How many of a bag's last writes are remembered: far more than a retry ever reaches back. */
export const APPLIED_WRITES_KEPT = 20;

/** Which of the store's carts to find: a guest's active one, one by key, or a customer's active one other than a given cart. */
export type CartLookup = { anonymousId: string } | { key: string } | { customerId: string; exceptId: string };

/** What a write does, in our terms; the adapter turns each into a commercetools update action. */
export type CartAction =
  | { addLine: { sku: string; quantity: number; inventoryListKey: string } }
  | { changeQuantity: { lineId: string; quantity: number } }
  | { removeLine: { lineId: string } }
  | { addDiscountCode: { code: string } }
  | { removeDiscountCode: { id: string } }
  /** Every line takes its variant's current price and product data. */
  | { recalculate: true }
  /**
   * Notes these writes as done on the cart, in the same update as the write itself (so a write
   * retried after its answer was lost finds it done); `typed` says the cart has its custom type.
   */
  | { noteWrites: { writes: string[]; typed: boolean } };

export interface NewCart {
  /** Unique across the project: creating a second cart with it answers `{ duplicate: true }`. */
  key?: string;
  customerId?: string;
  anonymousId?: string;
  lines: Array<{ sku: string; quantity: number; inventoryListKey: string }>;
  /** The write that creates the cart, noted on it (see CartAction noteWrites). */
  appliedWrites?: string[];
}

type Call = CallOptions & { correlationId: string };

const reshapeCart = (raw: RawCart): CommerceCart => ({
  id: raw.id,
  version: raw.version,
  ...(raw.customerId ? { customerId: raw.customerId } : {}),
  ...(raw.anonymousId ? { anonymousId: raw.anonymousId } : {}),
  state: raw.cartState,
});

export function reshapeLine(raw: RawCartLine): CommerceCartLine {
  const discounts: Record<string, number> = {};
  const unitNets: number[] = [];
  const payable = raw.price.discounted?.value.centAmount ?? raw.price.value.centAmount;
  for (const group of raw.discountedPricePerQuantity) {
    for (let unit = 0; unit < group.quantity; unit += 1) unitNets.push(group.discountedPrice.value.centAmount);
    for (const portion of group.discountedPrice.includedDiscounts) {
      const id = portion.discountRef.id;
      discounts[id] = (discounts[id] ?? 0) + portion.discountedAmount.centAmount * group.quantity;
    }
  }
  const image = raw.variant?.images[0];
  return {
    id: raw.id,
    sku: raw.variant?.sku ?? '',
    productKey: raw.productKey ?? '',
    name: raw.name ?? '',
    quantity: raw.quantity,
    attributes: Object.fromEntries(
      (raw.variant?.attributesRaw ?? []).flatMap((a) => (typeof a.value === 'string' ? [[a.name, a.value]] : [])),
    ),
    ...(image ? { image: { url: image.url, ...(image.label ? { label: image.label } : {}) } } : {}),
    price: {
      centAmount: raw.price.value.centAmount,
      ...(raw.price.discounted ? { discountedCentAmount: raw.price.discounted.value.centAmount } : {}),
    },
    totalCentAmount: raw.totalPrice?.centAmount ?? 0,
    ...(raw.supplyChannel?.key ? { inventoryListKey: raw.supplyChannel.key } : {}),
    discounts,
    unitNets: [...unitNets, ...Array<number>(Math.max(0, raw.quantity - unitNets.length)).fill(payable)],
  };
}

export const reshapeCodes = (codes: RawCartDetail['discountCodes']): CommerceCartCode[] =>
  codes.map((info) => ({
    id: info.discountCodeRef.id,
    code: info.discountCode?.code ?? '',
    ...(info.discountCode?.name ? { name: info.discountCode.name } : {}),
    state: info.state ?? 'MatchesCart',
    cartDiscounts: (info.discountCode?.cartDiscounts ?? []).map((d) => ({
      id: d.id,
      ...(d.name ? { name: d.name } : {}),
    })),
  }));

/** The noted writes: a JSON string of comma-separated hashed keys. */
const appliedWritesOf = (raw: RawCartDetail): string[] => {
  const value: unknown = raw.custom?.appliedWrites?.find((field) => field.name === 'appliedWrites')?.value;
  return typeof value === 'string' && value ? value.split(',') : [];
};

export const reshapeCartDetail = (raw: RawCartDetail): CommerceCartDetail => ({
  ...reshapeCart(raw),
  lines: raw.lineItems.map(reshapeLine),
  codes: reshapeCodes(raw.discountCodes),
  hasCustomType: Boolean(raw.custom?.type?.key),
  appliedWrites: appliedWritesOf(raw),
});

/** The custom field's value, newest last, the oldest dropped beyond APPLIED_WRITES_KEPT. */
const writesValue = (writes: string[]) => JSON.stringify(writes.slice(-APPLIED_WRITES_KEPT).join(','));

export function whereOf(lookup: CartLookup): string {
  if ('key' in lookup) return `key=${predicateLiteral(lookup.key)}`;
  if ('anonymousId' in lookup) return `anonymousId=${predicateLiteral(lookup.anonymousId)} and cartState="Active"`;
  return `customerId=${predicateLiteral(lookup.customerId)} and cartState="Active" and id != ${predicateLiteral(lookup.exceptId)}`;
}

function reshapeAction(action: CartAction): Record<string, unknown> {
  if ('addLine' in action) {
    const { sku, quantity, inventoryListKey } = action.addLine;
    return { addLineItem: { sku, quantity, supplyChannel: { typeId: 'channel', key: inventoryListKey } } };
  }
  if ('changeQuantity' in action)
    return {
      changeLineItemQuantity: { lineItemId: action.changeQuantity.lineId, quantity: action.changeQuantity.quantity },
    };
  if ('removeLine' in action) return { removeLineItem: { lineItemId: action.removeLine.lineId } };
  if ('addDiscountCode' in action) return { addDiscountCode: { code: action.addDiscountCode.code } };
  if ('removeDiscountCode' in action)
    return { removeDiscountCode: { discountCode: { typeId: 'discount-code', id: action.removeDiscountCode.id } } };
  if ('noteWrites' in action) {
    const value = writesValue(action.noteWrites.writes);
    // The type is set once, with the source checkout would have set (setCustomType replaces every field).
    return action.noteWrites.typed
      ? { setCustomField: { name: 'appliedWrites', value } }
      : {
          setCustomType: {
            typeKey: ORDER_TYPE,
            fields: [
              { name: 'appliedWrites', value },
              { name: 'orderSource', value: JSON.stringify('web') },
            ],
          },
        };
  }
  return { recalculate: { updateProductData: true } };
}

/** Carts of a store. */
export function cartOperations(graphql: Graphql) {
  return {
    /** The store's cart with this id, or undefined. */
    async getCart(storeKey: string, id: string, call: Call): Promise<CommerceCart | undefined> {
      const { inStore } = await graphql<{ inStore: { cart: RawCart | null } }>(
        'AnonymousCart',
        ANONYMOUS_CART,
        { id, storeKey },
        call,
      );
      return inStore.cart ? reshapeCart(inStore.cart) : undefined;
    },

    /** Makes the cart the customer's (setCustomerId at the cart's version). */
    async assignCartToCustomer(
      cart: Pick<CommerceCart, 'id' | 'version'>,
      customerId: string,
      call: Call,
    ): Promise<void> {
      await graphql(
        'TakeCart',
        TAKE_CART,
        { id: cart.id, version: cart.version, actions: [{ setCustomerId: { customerId } }] },
        call,
      );
    },

    /** The store's cart with this id, with its lines and codes, or undefined. */
    async cartById(storeKey: string, id: string, call: Call): Promise<CommerceCartDetail | undefined> {
      const { inStore } = await graphql<{ inStore: { cart: RawCartDetail | null } }>(
        'CartById',
        CART_BY_ID,
        { storeKey, id },
        call,
      );
      return inStore.cart ? reshapeCartDetail(inStore.cart) : undefined;
    },

    /** The customer's active cart in the store (the most recently modified), or undefined. */
    async activeCustomerCart(
      storeKey: string,
      customerId: string,
      call: Call,
    ): Promise<CommerceCartDetail | undefined> {
      const { inStore } = await graphql<{ inStore: { customerActiveCart: RawCartDetail | null } }>(
        'ActiveCustomerCart',
        ACTIVE_CUSTOMER_CART,
        { storeKey, customerId },
        call,
      );
      return inStore.customerActiveCart ? reshapeCartDetail(inStore.customerActiveCart) : undefined;
    },

    /**
     * A shopper's active cart and the current price and stock of `skus` (at most BAG_PAGE of
     * them: the rest are left out), in one request: what a bag write decides on. `searched` says
     * which skus were looked up; a sku searched and not found is not sold by the store.
     */
    async bagWithVariants(
      storeKey: string,
      owner: { anonymousId: string } | { customerId: string },
      skus: string[],
      call: Call,
    ): Promise<{ cart?: CommerceCartDetail; variants: Map<string, BagVariant>; searched: string[] }> {
      const searched = [...new Set(skus)].slice(0, BAG_PAGE);
      const search = bagVariantsSearch(storeKey, searched);
      type Search = { productProjectionSearch: RawSearch<RawBagProduct> };
      const [raw, results] =
        'customerId' in owner
          ? await graphql<{ inStore: { customerActiveCart: RawCartDetail | null } } & Search>(
              'CustomerBagWithVariants',
              CUSTOMER_BAG_WITH_VARIANTS,
              { storeKey, customerId: owner.customerId, ...search },
              call,
            ).then((data) => [data.inStore.customerActiveCart, data.productProjectionSearch.results] as const)
          : await graphql<{ inStore: { carts: { results: RawCartDetail[] } } } & Search>(
              'BagWithVariants',
              BAG_WITH_VARIANTS,
              { storeKey, where: whereOf(owner), ...search },
              call,
            ).then((data) => [data.inStore.carts.results[0], data.productProjectionSearch.results] as const);
      return {
        ...(raw ? { cart: reshapeCartDetail(raw) } : {}),
        variants: collectBagVariants(results, searched, new Map()),
        searched,
      };
    },

    /** The newest of the store's carts the lookup names, or undefined. */
    async findCart(storeKey: string, lookup: CartLookup, call: Call): Promise<CommerceCartDetail | undefined> {
      const { inStore } = await graphql<{ inStore: { carts: { results: RawCartDetail[] } } }>(
        'FindCart',
        FIND_CART,
        { storeKey, where: whereOf(lookup) },
        call,
      );
      const [found] = inStore.carts.results;
      return found ? reshapeCartDetail(found) : undefined;
    },

    /** A new cart in the store; a key the project already has answers `{ duplicate: true }`. */
    async createCart(storeKey: string, cart: NewCart, call: Call): Promise<CommerceCartDetail | { duplicate: true }> {
      const draft = {
        currency: 'USD',
        ...(cart.key ? { key: cart.key } : {}),
        ...(cart.customerId ? { customerId: cart.customerId } : {}),
        ...(cart.anonymousId ? { anonymousId: cart.anonymousId } : {}),
        lineItems: cart.lines.map(({ sku, quantity, inventoryListKey }) => ({
          sku,
          quantity,
          supplyChannel: { typeId: 'channel', key: inventoryListKey },
        })),
        ...(cart.appliedWrites?.length
          ? {
              custom: {
                typeKey: ORDER_TYPE,
                fields: [
                  { name: 'appliedWrites', value: writesValue(cart.appliedWrites) },
                  { name: 'orderSource', value: JSON.stringify('web') },
                ],
              },
            }
          : {}),
      };
      try {
        const data = await graphql<{ createCart: RawCartDetail }>(
          'CreateCart',
          CREATE_CART,
          { storeKey, draft },
          { ...call, expected: [...(call.expected ?? []), 'DuplicateField'] },
        );
        return reshapeCartDetail(data.createCart);
      } catch (error) {
        if (error instanceof CommerceRequestError && error.code === 'DuplicateField') return { duplicate: true };
        throw error;
      }
    },

    /**
     * Applies the actions at the cart's version: a write that lost a race throws
     * ConcurrentModification (a CommerceRequestError), and the caller reads the cart again.
     */
    async updateCart(
      storeKey: string,
      cart: Pick<CommerceCart, 'id' | 'version'>,
      actions: CartAction[],
      call: Call,
    ): Promise<CommerceCartDetail> {
      const data = await graphql<{ updateCart: RawCartDetail }>(
        'UpdateCart',
        UPDATE_CART,
        { storeKey, id: cart.id, version: cart.version, actions: actions.map(reshapeAction) },
        call,
      );
      return reshapeCartDetail(data.updateCart);
    },

    /** Deletes the cart at its version. */
    async deleteCart(storeKey: string, cart: Pick<CommerceCart, 'id' | 'version'>, call: Call): Promise<void> {
      await graphql('DeleteCart', DELETE_CART, { storeKey, id: cart.id, version: cart.version }, call);
    },

    /** The keys of the store's inventories (its supply channels). */
    async storeChannels(storeKey: string, call: Call): Promise<string[]> {
      const { store } = await graphql<RawStoreChannels>('StoreChannels', STORE_CHANNELS, { key: storeKey }, call);
      return (store?.supplyChannels ?? []).map((channel) => channel.key);
    },
  };
}
