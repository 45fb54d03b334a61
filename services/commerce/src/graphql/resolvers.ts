import type { ShippingMethod } from '../domain/carts/cart-types';
import { page } from '../domain/customers/customer-service';
import type { DiscountCode } from '../domain/discounts/discount-types';
import { matches, parsePredicate } from '../domain/platform/predicate';
import { invalidInput } from '../errors';
import type { CommerceServices } from '../services';
import {
  type ShapeContext,
  cartShape,
  categoryShape,
  customerShape,
  discountCodeShape,
  orderShape,
  paymentShape,
  productProjectionShape,
  type ProductSelectionDocument,
  productSelectionShape,
  productShape,
  shippingMethodShape,
  storeShape,
} from './shapes';

type Args = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- GraphQL has validated the shapes

/** Shapes with the stock read model: listings never wait on the database for availability. */
async function shapeContext(services: CommerceServices, _skus: string[]): Promise<ShapeContext> {
  return {
    catalog: services.catalog,
    imageBase: services.imageBase,
    availability: { get: (sku) => services.catalog.stockOf(sku) },
    discountCode: async (id) => {
      const code = await services.discountCodes.find({ id });
      return code ? discountCodeShape(code, () => services.discountCodes.cartDiscountsOf(code)) : null;
    },
    payment: async (id) => {
      const payment = await services.payments.repository.byRef({ id });
      return payment ? paymentShape(payment) : null;
    },
  };
}

const productSkus = (p: { masterVariant: { sku: string }; variants: Array<{ sku: string }> }) => [
  p.masterVariant.sku,
  ...p.variants.map((v) => v.sku),
];
const filterStrings = (list: Array<{ string?: string | null }> | null | undefined) =>
  (list ?? []).map((f) => {
    if (!f.string) throw invalidInput('Only string filters and facets are supported.');
    return f.string;
  });

export function createRootValue(services: CommerceServices) {
  const { customers, catalog, carts, orders, payments, stores, customObjects, discountCodes, db } = services;
  const shapeCode = (code: DiscountCode) => discountCodeShape(code, () => discountCodes.cartDiscountsOf(code));
  const selections = async () => {
    const rows = await db.query<{ data: ProductSelectionDocument }>('SELECT data FROM product_selections ORDER BY key');
    const count = (id: string) => async () =>
      Number(
        (
          await db.query<{ n: number | string }>(
            'SELECT count(*) AS n FROM product_selection_products WHERE product_selection_id = $1',
            [id],
          )
        )[0]?.n ?? 0,
      );
    return new Map(rows.map(({ data }) => [data.key, productSelectionShape(data, count(data.id))]));
  };
  /** A loader run at most once per call site, so a list of stores reads the selections once. */
  const once = <T>(load: () => Promise<T>) => {
    let loaded: Promise<T> | undefined;
    return () => (loaded ??= load());
  };
  const zone = async (id: string) =>
    (await db.query<{ data: Record<string, unknown> }>('SELECT data FROM zones WHERE id::text = $1', [id]))[0]?.data ??
    null;
  const withStock = async <T>(skus: string[], build: (ctx: ShapeContext) => T) =>
    build(await shapeContext(services, skus));
  const orderPage = async (where: string, sort: string[], limit: number, offset: number, storeKey?: string) => {
    const result = await orders.query(where, sort, limit ?? 20, offset ?? 0, storeKey);
    return withStock([], (ctx) => ({ ...result, results: result.results.map((o) => orderShape(ctx, o)) }));
  };
  const cartPage = async (where: string, sort: string[], limit: number, offset: number, storeKey?: string) => {
    const result = await carts.query(where, sort, limit ?? 20, offset ?? 0, storeKey);
    return withStock([], (ctx) => ({
      ...result,
      exists: result.total > 0,
      results: result.results.map((cart) => cartShape(ctx, cart)),
    }));
  };

  return {
    // customers
    customer: async ({ id, key, storeKey }: Args) => {
      const found = id
        ? await customers.repository.byId(id)
        : (await customers.query(`key="${String(key).replace(/"/g, '')}"`, 1, 0, storeKey)).results[0];
      if (!found || (storeKey && found.stores[0]?.key !== storeKey)) return null;
      const { passwordHash: _omit, ...customer } = found as typeof found & { passwordHash?: string };
      return customerShape(customer);
    },
    customers: async ({ where, limit, offset, storeKey }: Args) => {
      const result = await customers.query(where, limit ?? 20, offset ?? 0, storeKey);
      return { ...result, results: result.results.map(customerShape) };
    },
    customerSignUp: async ({ draft, storeKey }: Args) => ({
      customer: customerShape(await customers.signUp(draft, storeKey)),
      cart: null,
    }),
    customerCreatePasswordResetToken: ({ email, ttlMinutes, storeKey }: Args) =>
      customers.createPasswordResetToken(email, ttlMinutes, storeKey),
    customerResetPassword: async ({ tokenValue, newPassword, version, storeKey }: Args) =>
      customerShape(await customers.resetPassword(tokenValue, newPassword, storeKey, version)),
    customerChangePassword: async ({ id, version, currentPassword, newPassword, storeKey }: Args) =>
      customerShape(await customers.changePassword(id, version, currentPassword, newPassword, storeKey)),
    updateCustomer: async ({ id, key, version, actions, storeKey }: Args) => {
      const target =
        id ??
        (key
          ? (await customers.query(`key="${String(key).replace(/"/g, '')}"`, 1, 0, storeKey)).results[0]?.id
          : undefined);
      if (!target) throw invalidInput('updateCustomer needs an id or an existing key.');
      return customerShape(await customers.update(target, version, actions, storeKey));
    },

    // catalog
    category: ({ id, key }: Args) => {
      const category = catalog.category({ id, key });
      return category
        ? categoryShape({ catalog, imageBase: services.imageBase, availability: { get: () => [] } }, category)
        : null;
    },
    categories: ({ where, limit, offset }: Args) => {
      const result = catalog.categoryQuery(where, limit ?? 20, offset ?? 0);
      const ctx = { catalog, imageBase: services.imageBase, availability: { get: () => [] } };
      return { ...result, results: result.results.map((c) => categoryShape(ctx, c)) };
    },
    updateProduct: async ({ id, key, version, actions }: Args) => {
      const product = await catalog.updateProduct({ id, key }, version, actions);
      return withStock(productSkus(product), (ctx) => productShape(ctx, product));
    },
    product: async ({ id, key, sku }: Args) => {
      const product = catalog.index.product({ id, key, sku });
      return product ? withStock(productSkus(product), (ctx) => productShape(ctx, product)) : null;
    },
    productProjectionSearch: async (args: Args) => {
      const result = catalog.search({
        storeProjection: args.storeProjection,
        text: args.text,
        fuzzy: args.fuzzy,
        filters: filterStrings(args.filters),
        queryFilters: filterStrings(args.queryFilters),
        facetFilters: filterStrings(args.facetFilters),
        facets: filterStrings(args.facets),
        sorts: args.sorts ?? [],
        limit: args.limit,
        offset: args.offset,
        staged: args.staged,
      });
      const skus = result.results.flatMap((r) => productSkus(r.product));
      return withStock(skus, (ctx) => ({
        ...result,
        results: result.results.map((r) =>
          productProjectionShape(ctx, r.product, args.markMatchingVariants ? r.matchingSkus : undefined),
        ),
        facets: result.facets.map((f) => ({
          facet: f.facet,
          value: { ...f.value, __typename: f.value.type === 'terms' ? 'TermsFacetResult' : 'RangeFacetResult' },
        })),
      }));
    },
    inventoryEntries: ({ where, limit, offset }: Args) => catalog.inventoryQuery(where, limit ?? 20, offset ?? 0),

    // carts and orders
    cart: async ({ id }: Args) => {
      const cart = await carts.get(id);
      return cart
        ? withStock(
            cart.lineItems.map((l) => l.variant.sku),
            (ctx) => cartShape(ctx, cart),
          )
        : null;
    },
    carts: ({ where, sort, limit, offset }: Args) => cartPage(where, sort, limit, offset),
    inStore: async ({ key }: Args) => {
      const store = await stores.require(key);
      return {
        cart: async ({ id }: Args) => {
          const cart = await carts.get(id, store.key);
          return cart
            ? withStock(
                cart.lineItems.map((l) => l.variant.sku),
                (ctx) => cartShape(ctx, cart),
              )
            : null;
        },
        carts: ({ where, sort, limit, offset }: Args) => cartPage(where, sort, limit, offset, store.key),
        order: async ({ id, orderNumber }: Args) => {
          if (!id && !orderNumber) throw invalidInput('order needs an id or an orderNumber.');
          const order = await orders.byNumberOrId({ id, orderNumber }, store.key);
          return order ? withStock([], (ctx) => orderShape(ctx, order)) : null;
        },
        orders: ({ where, sort, limit, offset }: Args) => orderPage(where, sort, limit, offset, store.key),
        customerActiveCart: async ({ customerId }: Args) => {
          const cart = await carts.activeCart(customerId, store.key);
          return cart
            ? withStock(
                cart.lineItems.map((l) => l.variant.sku),
                (ctx) => cartShape(ctx, cart),
              )
            : null;
        },
      };
    },
    customerActiveCart: async ({ customerId }: Args) => {
      const cart = await carts.activeCart(customerId);
      return cart
        ? withStock(
            cart.lineItems.map((l) => l.variant.sku),
            (ctx) => cartShape(ctx, cart),
          )
        : null;
    },
    createCart: async ({ draft, storeKey }: Args) =>
      withStock([], async (ctx) => cartShape(ctx, await carts.create(draft, storeKey))),
    updateCart: async ({ id, version, actions, storeKey }: Args) => {
      const cart = await carts.update(id, version, actions, storeKey);
      return withStock(
        cart.lineItems.map((l) => l.variant.sku),
        (ctx) => cartShape(ctx, cart),
      );
    },
    deleteCart: async ({ id, version, storeKey }: Args) => {
      const cart = await carts.remove(id, version, storeKey);
      return withStock([], (ctx) => cartShape(ctx, cart));
    },
    createOrderFromCart: async ({ draft, storeKey }: Args) => {
      const order = await orders.createFromCart(draft, storeKey);
      return withStock([], (ctx) => orderShape(ctx, order));
    },
    order: async ({ id, orderNumber }: Args) => {
      if (!id && !orderNumber) throw invalidInput('order needs an id or an orderNumber.');
      const order = await orders.byNumberOrId({ id, orderNumber });
      return order ? withStock([], (ctx) => orderShape(ctx, order)) : null;
    },
    orders: ({ where, sort, limit, offset }: Args) => orderPage(where, sort, limit, offset),
    updateOrder: async ({ id, orderNumber, version, actions, storeKey }: Args) => {
      const target = id ?? (orderNumber ? (await orders.byNumberOrId({ orderNumber }, storeKey))?.id : undefined);
      if (!target) throw invalidInput('updateOrder needs the id or number of an existing order.');
      const order = await orders.update(target, version, actions, storeKey);
      return withStock([], (ctx) => orderShape(ctx, order));
    },

    // payments
    createPayment: async ({ draft }: Args) => paymentShape(await payments.create(draft)),
    payment: async ({ id, key }: Args) => {
      const payment = await payments.get({ id, key });
      return payment ? paymentShape(payment) : null;
    },
    updatePayment: async ({ id, key, version, actions }: Args) =>
      paymentShape(await payments.update({ id, key }, version, actions)),

    // discount codes
    createDiscountCode: async ({ draft }: Args) => shapeCode(await discountCodes.create(draft)),
    discountCode: async ({ id, key }: Args) => {
      const code = await discountCodes.find({ id, key });
      return code ? shapeCode(code) : null;
    },

    // stores, shipping methods, custom objects
    store: async ({ id, key }: Args) => {
      const store = await stores.get(key ?? id ?? '');
      return store ? storeShape(store, once(selections)) : null;
    },
    productSelection: async ({ id, key }: Args) =>
      [...(await selections()).values()].find((s) => (id ? s.id === id : s.key === key)) ?? null,
    stores: async ({ where, limit, offset }: Args) => {
      const byKey = once(selections);
      const all = (await stores.all()).map((store) => storeShape(store, byKey));
      const predicate = where ? parsePredicate(where) : undefined;
      return page(predicate ? all.filter((s) => matches(s, predicate)) : all, limit ?? 20, offset ?? 0);
    },
    shippingMethods: async ({ where, limit, offset }: Args) => {
      const rows = await db.query<{ data: ShippingMethod }>('SELECT data FROM shipping_methods ORDER BY key');
      const predicate = where ? parsePredicate(where) : undefined;
      const all = rows.map((r) => r.data).filter((m) => !predicate || matches(m, predicate));
      const result = page(all, limit ?? 20, offset ?? 0);
      return { ...result, results: result.results.map((m) => shippingMethodShape(m, zone)) };
    },
    shippingMethodsByCart: async ({ id }: Args) => {
      const cart = await carts.get(id);
      if (!cart) return [];
      const rows = await db.query<{ data: ShippingMethod }>(
        'SELECT data FROM shipping_methods WHERE store_key = $1 ORDER BY key',
        [cart.store.key],
      );
      const cheapest = (m: ShippingMethod) =>
        Math.min(...m.zoneRates.flatMap((z) => z.shippingRates.map((r) => r.price.centAmount)));
      return rows
        .map((r) => r.data)
        .sort((a, b) => Number(b.isDefault) - Number(a.isDefault) || cheapest(a) - cheapest(b))
        .map((m) => shippingMethodShape(m, zone));
    },
    customObject: ({ container, key }: Args) => customObjects.get(container, key),
    customObjects: ({ container, where, limit, offset }: Args) => {
      if (where)
        throw invalidInput('customObjects supports container, limit and offset; filter by key with customObject.');
      return customObjects.list(container, limit ?? 20, offset ?? 0);
    },
    createOrUpdateCustomObject: ({ draft }: Args) =>
      customObjects.upsert(draft.container, draft.key, draft.value, draft.version),
    deleteCustomObject: ({ container, key, version }: Args) => customObjects.remove(container, key, version),
  };
}
