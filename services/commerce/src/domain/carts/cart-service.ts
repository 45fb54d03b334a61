import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { CommerceError, concurrentModification, invalidField, invalidInput, notFound } from '../../errors';
import type { CatalogService } from '../catalog/catalog-service';
import type { DiscountCodeService } from '../discounts/discount-code-service';
import { toAddress } from '../platform/address';
import { type CustomFieldsDraftInput, customFromDraft, withCustomField } from '../platform/custom-types';
import type { StoreRepository } from '../platform/store-repository';
import { actionOf, checkActions, unknownAction } from '../platform/update';
import { recalculate, usd } from './cart-calculator';
import { CartRepository } from './cart-repository';
import type { Cart, ExternalTaxRate, LineItem, ShippingMethod } from './cart-types';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

export interface CartDraft {
  currency: string;
  customerId?: string | null;
  customerEmail?: string | null;
  anonymousId?: string | null;
  country?: string | null;
  taxMode?: string | null;
  lineItems?: Array<{ sku?: string | null; quantity?: number | null; custom?: CustomFieldsDraftInput | null }> | null;
  shippingAddress?: Record<string, unknown> | null;
  billingAddress?: Record<string, unknown> | null;
  custom?: CustomFieldsDraftInput | null;
}

const checkQuantity = (quantity: unknown) => {
  if (
    typeof quantity !== 'number' ||
    !Number.isInteger(quantity) ||
    quantity < MIN_QUANTITY ||
    quantity > MAX_QUANTITY
  ) {
    throw invalidField(
      'quantity',
      quantity ?? null,
      `quantity must be a whole number from ${MIN_QUANTITY} to ${MAX_QUANTITY}.`,
    );
  }
  return quantity;
};

const sameCustom = (a: LineItem['custom'], b: LineItem['custom']) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

export class CartService {
  readonly repository: CartRepository;

  constructor(
    private readonly db: Db,
    private readonly stores: StoreRepository,
    private readonly catalog: CatalogService,
    private readonly discounts: DiscountCodeService,
  ) {
    this.repository = new CartRepository(db);
  }

  async create(draft: CartDraft, storeKey: string | null | undefined): Promise<Cart> {
    const store = await this.stores.require(storeKey);
    if (draft.currency !== 'USD') throw invalidField('currency', draft.currency, 'The only currency is USD.');
    if (draft.taxMode && draft.taxMode !== 'External')
      throw invalidField('taxMode', draft.taxMode, 'Carts use the External tax mode.');
    const country = draft.country ?? 'US';
    if (country !== 'US') throw invalidField('country', country, 'The only country is US.');
    if (
      draft.customerId &&
      !(
        await this.db.query('SELECT 1 FROM customers WHERE id::text = $1 AND store_key = $2', [
          draft.customerId,
          store.key,
        ])
      ).length
    ) {
      throw new CommerceError(
        400,
        'ReferencedResourceNotFound',
        `The customer with ID '${draft.customerId}' was not found in this store.`,
        { typeId: 'customer' },
      );
    }
    const now = new Date().toISOString();
    let cart: Cart = {
      id: randomUUID(),
      version: 1,
      store: { typeId: 'store', key: store.key },
      ...(draft.customerId ? { customerId: draft.customerId } : {}),
      ...(draft.customerEmail ? { customerEmail: draft.customerEmail } : {}),
      ...(draft.anonymousId
        ? { anonymousId: draft.anonymousId }
        : draft.customerId
          ? {}
          : { anonymousId: randomUUID() }),
      cartState: 'Active',
      lineItems: [],
      totalPrice: usd(0),
      taxMode: 'External',
      taxRoundingMode: 'HalfUp',
      taxCalculationMode: 'UnitPriceLevel',
      inventoryMode: 'None',
      country,
      ...(draft.shippingAddress ? { shippingAddress: toAddress(draft.shippingAddress) } : {}),
      ...(draft.billingAddress ? { billingAddress: toAddress(draft.billingAddress) } : {}),
      discountCodes: [],
      ...(draft.custom ? { custom: customFromDraft(draft.custom, 'cart') } : {}),
      createdAt: now,
      lastModifiedAt: now,
    };
    for (const line of draft.lineItems ?? [])
      cart = this.addLineItem(
        cart,
        { sku: line.sku, quantity: line.quantity ?? 1, custom: line.custom },
        store.inventoryListKey,
      );
    cart = recalculate(cart);
    await this.repository.insert(this.db, cart);
    return cart;
  }

  async get(id: string, storeKey?: string | null): Promise<Cart | undefined> {
    const cart = await this.repository.byId(id);
    return cart && (!storeKey || cart.store.key === storeKey) ? cart : undefined;
  }

  activeCart(customerId: string, storeKey: string) {
    return this.repository.activeOf(customerId, storeKey);
  }

  /** Applies update actions atomically against the given version. */
  async update(id: string, version: number, actions: object[], storeKey?: string | null): Promise<Cart> {
    checkActions(actions);
    const parsed = actions.map(actionOf);
    return this.db.transaction(async (tx) => {
      const current = await this.repository.byId(id, tx, true);
      if (!current || (storeKey && current.store.key !== storeKey)) throw notFound(`The Cart with ID '${id}'`);
      if (current.version !== version) throw concurrentModification(version, current.version);
      if (current.cartState !== 'Active')
        throw new CommerceError(400, 'InvalidOperation', `The cart is ${current.cartState} and can no longer change.`);
      const store = await this.stores.require(current.store.key);
      let next = current;
      for (const { name, payload } of parsed) next = await this.apply(tx, next, name, payload, store.inventoryListKey);
      const updated = recalculate({ ...next, version: current.version + 1, lastModifiedAt: new Date().toISOString() });
      await this.repository.update(tx, updated, version);
      return updated;
    });
  }

  private async apply(
    tx: Db,
    cart: Cart,
    name: string,
    p: Record<string, unknown>,
    inventoryListKey: string,
  ): Promise<Cart> {
    const lineIndex = () => {
      const index = cart.lineItems.findIndex((line) => line.id === p.lineItemId);
      if (index < 0) throw invalidInput(`The cart has no line item with id '${String(p.lineItemId)}'.`);
      return index;
    };
    const replaceLine = (index: number, line: LineItem | undefined) => {
      const lineItems = [...cart.lineItems];
      if (line) lineItems[index] = line;
      else lineItems.splice(index, 1);
      return { ...cart, lineItems };
    };
    switch (name) {
      case 'addLineItem':
        return this.addLineItem(
          cart,
          p as { sku?: string; quantity?: number; custom?: CustomFieldsDraftInput },
          inventoryListKey,
        );
      case 'changeLineItemQuantity': {
        const index = lineIndex();
        return replaceLine(index, { ...cart.lineItems[index], quantity: checkQuantity(p.quantity) });
      }
      case 'removeLineItem': {
        const index = lineIndex();
        const line = cart.lineItems[index];
        if (p.quantity === undefined || p.quantity === null) return replaceLine(index, undefined);
        const remaining = line.quantity - checkQuantity(p.quantity);
        return replaceLine(index, remaining > 0 ? { ...line, quantity: remaining } : undefined);
      }
      case 'setLineItemCustomField': {
        const index = lineIndex();
        const line = cart.lineItems[index];
        return replaceLine(index, {
          ...line,
          custom: withCustomField(line.custom, String(p.name), p.value as string | null),
        });
      }
      case 'setCustomerEmail': {
        const email = p.email as string | null | undefined;
        if (
          email !== null &&
          email !== undefined &&
          (typeof email !== 'string' || !/^[^\s@]{1,64}@[^\s@]{1,255}$/.test(email))
        ) {
          throw invalidField('email', email, 'email must be a valid e-mail address.');
        }
        return { ...cart, customerEmail: email ?? undefined };
      }
      case 'setCustomerId': {
        const customerId = p.customerId as string | null | undefined;
        if (!customerId) return { ...cart, customerId: undefined };
        if (cart.customerId && cart.customerId !== customerId)
          throw new CommerceError(400, 'InvalidOperation', 'The cart belongs to another customer.');
        const [row] = await tx.query('SELECT 1 FROM customers WHERE id::text = $1 AND store_key = $2', [
          customerId,
          cart.store.key,
        ]);
        if (!row)
          throw new CommerceError(
            400,
            'ReferencedResourceNotFound',
            `The customer with ID '${customerId}' was not found in this store.`,
            { typeId: 'customer' },
          );
        return { ...cart, customerId, anonymousId: undefined };
      }
      case 'setShippingAddress':
        return { ...cart, shippingAddress: p.address ? toAddress(p.address as Record<string, unknown>) : undefined };
      case 'setBillingAddress':
        return { ...cart, billingAddress: p.address ? toAddress(p.address as Record<string, unknown>) : undefined };
      case 'setShippingMethod':
        return this.setShippingMethod(tx, cart, p.shippingMethod as { id?: string; key?: string } | null);
      case 'setLineItemTaxRate': {
        const index = lineIndex();
        return replaceLine(index, { ...cart.lineItems[index], taxRate: taxRate(p.externalTaxRate) });
      }
      case 'setShippingMethodTaxRate':
        if (!cart.shippingInfo)
          throw new CommerceError(400, 'InvalidOperation', 'Set a shipping method before its tax rate.');
        return { ...cart, shippingInfo: { ...cart.shippingInfo, taxRate: taxRate(p.externalTaxRate) } };
      case 'addDiscountCode':
        return this.addDiscountCode(tx, cart, String(p.code ?? ''));
      case 'removeDiscountCode': {
        const id = (p.discountCode as { id?: string } | undefined)?.id;
        if (!cart.discountCodes.some((d) => d.discountCode.id === id))
          throw invalidInput('The cart does not have that discount code.');
        return { ...cart, discountCodes: cart.discountCodes.filter((d) => d.discountCode.id !== id) };
      }
      case 'setCustomType':
        return {
          ...cart,
          custom: p.typeKey || p.type ? customFromDraft(p as CustomFieldsDraftInput, 'cart') : undefined,
        };
      case 'setCustomField':
        return { ...cart, custom: withCustomField(cart.custom, String(p.name), p.value as string | null) };
      default:
        throw unknownAction(name);
    }
  }

  /** Adds by sku, merging into an existing line with the same sku and custom fields. */
  private addLineItem(
    cart: Cart,
    p: { sku?: string | null; quantity?: number | null; custom?: CustomFieldsDraftInput | null },
    inventoryListKey: string,
  ): Cart {
    const quantity = checkQuantity(p.quantity ?? 1);
    const found = typeof p.sku === 'string' ? this.catalog.index.variantBySku(p.sku) : undefined;
    if (!found || !this.catalog.index.inStore(cart.store.key, found.product.id)) {
      throw new CommerceError(
        400,
        'InvalidInput',
        `No product variant with sku '${String(p.sku ?? '')}' is sold in store '${cart.store.key}'.`,
      );
    }
    const custom = customFromDraft(
      p.custom ?? {
        typeKey: 'lineItem-b2c',
        fields: [{ name: 'inventoryListKey', value: JSON.stringify(inventoryListKey) }],
      },
      'line-item',
    );
    const existing = cart.lineItems.findIndex((line) => line.variant.sku === p.sku && sameCustom(line.custom, custom));
    if (existing >= 0) {
      const line = cart.lineItems[existing];
      const lineItems = [...cart.lineItems];
      lineItems[existing] = { ...line, quantity: checkQuantity(line.quantity + quantity) };
      return { ...cart, lineItems };
    }
    if (cart.lineItems.length >= 250)
      throw new CommerceError(400, 'InvalidOperation', 'A cart can hold at most 250 line items.');
    const { product, variant } = found;
    const line: LineItem = {
      id: randomUUID(),
      productId: product.id,
      productKey: product.key,
      name: product.name,
      variant: { id: variant.id, sku: variant.sku, attributes: variant.attributes, images: variant.images },
      price: variant.prices[0],
      quantity,
      totalPrice: usd(0),
      ...(custom ? { custom } : {}),
      addedAt: new Date().toISOString(),
      lineItemMode: 'Standard',
      priceMode: 'Platform',
    };
    return { ...cart, lineItems: [...cart.lineItems, line] };
  }

  private async setShippingMethod(tx: Db, cart: Cart, ref: { id?: string; key?: string } | null): Promise<Cart> {
    if (!ref) return { ...cart, shippingInfo: undefined };
    const [row] = await tx.query<{ data: ShippingMethod }>(
      'SELECT data FROM shipping_methods WHERE (id::text = $1 OR key = $2) AND store_key = $3',
      [ref.id ?? '', ref.key ?? '', cart.store.key],
    );
    if (!row)
      throw new CommerceError(400, 'ReferencedResourceNotFound', 'The shipping method was not found for this store.', {
        typeId: 'shipping-method',
      });
    const method = row.data;
    // The rate of the zone the cart ships to (its shipping address, else its country).
    const country = cart.shippingAddress?.country ?? cart.country;
    const zones = await tx.query<{ id: string; data: { locations: Array<{ country: string }> } }>(
      'SELECT id::text AS id, data FROM zones',
    );
    const zoneIds = new Set(zones.filter((z) => z.data.locations.some((l) => l.country === country)).map((z) => z.id));
    const rate = method.zoneRates.find((zoneRate) => zoneIds.has(zoneRate.zone.id))?.shippingRates[0];
    if (!rate)
      throw new CommerceError(
        400,
        'ShippingMethodDoesNotMatchCart',
        `The shipping method has no rate for the cart's country ${country}.`,
      );
    return {
      ...cart,
      shippingInfo: {
        shippingMethodName: method.name,
        shippingMethod: { typeId: 'shipping-method', id: method.id, key: method.key },
        description: method.localizedDescription['en-US'] ?? '',
        price: rate.price,
        shippingRate: { price: rate.price, ...(rate.freeAbove ? { freeAbove: rate.freeAbove } : {}) },
      },
    };
  }

  private async addDiscountCode(tx: Db, cart: Cart, code: string): Promise<Cart> {
    const entry = await this.discounts.redeem(tx, cart, code);
    if (cart.discountCodes.some((d) => d.discountCode.id === entry.discountCode.id)) return cart;
    return { ...cart, discountCodes: [...cart.discountCodes, entry] };
  }

  /** In-store sign-in with an anonymous cart: merge it into the customer's cart, or make it theirs. */
  async signInCart(
    tx: Db,
    customerId: string,
    storeKey: string,
    anonymousCartId: string | undefined,
    mode: string,
  ): Promise<Cart | undefined> {
    const existing = await this.repository.activeOf(customerId, storeKey, tx);
    if (!anonymousCartId) return existing;
    const anonymous = await this.repository.byId(anonymousCartId, tx, true);
    if (!anonymous || anonymous.store.key !== storeKey) throw notFound(`The Cart with ID '${anonymousCartId}'`);
    if (anonymous.customerId && anonymous.customerId !== customerId) {
      throw new CommerceError(400, 'InvalidOperation', 'The anonymous cart belongs to another customer.');
    }
    if (anonymous.cartState !== 'Active') return existing;
    const now = new Date().toISOString();
    if (mode === 'UseAsNewActiveCustomerCart' || !existing || existing.id === anonymous.id) {
      const taken = recalculate({
        ...anonymous,
        customerId,
        anonymousId: undefined,
        version: anonymous.version + 1,
        lastModifiedAt: now,
      });
      await this.repository.update(tx, taken, anonymous.version);
      return taken;
    }
    let merged = existing;
    const store = await this.stores.require(storeKey);
    for (const line of anonymous.lineItems) {
      const at = merged.lineItems.findIndex(
        (l) => l.variant.sku === line.variant.sku && sameCustom(l.custom, line.custom),
      );
      if (at >= 0) {
        const lineItems = [...merged.lineItems];
        lineItems[at] = { ...lineItems[at], quantity: Math.min(MAX_QUANTITY, lineItems[at].quantity + line.quantity) };
        merged = { ...merged, lineItems };
      } else {
        merged = this.addLineItem(
          merged,
          {
            sku: line.variant.sku,
            quantity: line.quantity,
            custom: line.custom
              ? {
                  typeKey: line.custom.type.key,
                  fields: Object.entries(line.custom.fields).map(([name, value]) => ({
                    name,
                    value: JSON.stringify(value),
                  })),
                }
              : null,
          },
          store.inventoryListKey,
        );
      }
    }
    merged = recalculate({ ...merged, version: existing.version + 1, lastModifiedAt: now });
    await this.repository.update(tx, merged, existing.version);
    await this.repository.update(
      tx,
      { ...anonymous, cartState: 'Merged', version: anonymous.version + 1, lastModifiedAt: now },
      anonymous.version,
    );
    return merged;
  }
}

function taxRate(input: unknown): ExternalTaxRate | undefined {
  if (input === null || input === undefined) return undefined;
  const rate = input as Record<string, unknown>;
  if (typeof rate.amount !== 'number' || rate.amount < 0 || rate.amount > 1)
    throw invalidField('amount', rate.amount ?? null, 'amount must be a number between 0 and 1.');
  if (typeof rate.name !== 'string' || !rate.name || rate.name.length > 100)
    throw invalidField('name', rate.name ?? null, 'A tax rate needs a name.');
  if (typeof rate.country !== 'string' || !/^[A-Z]{2}$/.test(rate.country))
    throw invalidField('country', rate.country ?? null, 'country must be an ISO 3166-1 code.');
  return {
    name: rate.name,
    amount: rate.amount,
    country: rate.country,
    ...(typeof rate.state === 'string' ? { state: rate.state } : {}),
    includedInPrice: rate.includedInPrice === true,
  };
}
