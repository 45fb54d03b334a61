import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { CommerceError, concurrentModification, invalidField, invalidInput, notFound } from '../../errors';
import type { CatalogService } from '../catalog/catalog-service';
import { isPublished } from '../catalog/catalog-types';
import type { DiscountCodeService } from '../discounts/discount-code-service';
import type { PaymentService } from '../payments/payment-service';
import { toAddress } from '../platform/address';
import { type CustomFieldsDraftInput, customFromDraft, withCustomField } from '../platform/custom-types';
import type { StoreRepository } from '../platform/store-repository';
import { actionOf, checkActions, unknownAction } from '../platform/update';
import { recalculate, usd } from './cart-calculator';
import { CartRepository } from './cart-repository';
import { calculationMode, externalTaxRate, requireExternalMode, roundingMode, taxMode, withTaxMode } from './cart-tax';
import type { Cart, ChannelReference, LineItem, ShippingMethod } from './cart-types';
import {
  addCustomLineItem,
  customLineIndex,
  customLineMoney,
  customLineQuantity,
  replaceCustomLine,
} from './custom-line-items';
import { sameLine } from './line-identity';

export const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 99;

type ResourceIdentifier = { typeId?: string | null; id?: string | null; key?: string | null };

interface LineDraft {
  sku?: string | null;
  quantity?: number | null;
  custom?: CustomFieldsDraftInput | null;
  supplyChannel?: ResourceIdentifier | null;
  distributionChannel?: ResourceIdentifier | null;
}

export interface CartDraft {
  currency: string;
  key?: string | null;
  customerId?: string | null;
  customerEmail?: string | null;
  anonymousId?: string | null;
  country?: string | null;
  taxMode?: string | null;
  taxRoundingMode?: string | null;
  taxCalculationMode?: string | null;
  lineItems?: LineDraft[] | null;
  customLineItems?: object[] | null;
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

const CART_KEY = /^[A-Za-z0-9_-]{2,256}$/;

/** The store's supply channel a line names (by key, or by id: here a channel's id is its key). */
function supplyChannelOf(ref: ResourceIdentifier | null | undefined, inventoryListKey: string): ChannelReference {
  if (!ref) return { typeId: 'channel', key: inventoryListKey };
  const named = ref.key ?? ref.id;
  if ((ref.typeId && ref.typeId !== 'channel') || named !== inventoryListKey) {
    throw new CommerceError(
      400,
      'ReferencedResourceNotFound',
      `The channel '${String(named ?? '')}' is not a supply channel of the cart's store.`,
      { typeId: 'channel' },
    );
  }
  return { typeId: 'channel', key: inventoryListKey };
}

export class CartService {
  readonly repository: CartRepository;

  constructor(
    private readonly db: Db,
    private readonly stores: StoreRepository,
    private readonly catalog: CatalogService,
    private readonly discounts: DiscountCodeService,
    private readonly payments: PaymentService,
  ) {
    this.repository = new CartRepository(db);
  }

  async create(draft: CartDraft, storeKey: string | null | undefined): Promise<Cart> {
    const store = await this.stores.require(storeKey);
    if (draft.currency !== 'USD') throw invalidField('currency', draft.currency, 'The only currency is USD.');
    // commercetools defaults to Platform, which needs tax categories this service does not have:
    // a cart without a taxMode is External here (ADR 0010). Rounding and level default as commercetools.
    const taxes = {
      taxMode: taxMode(draft.taxMode ?? 'External'),
      taxRoundingMode: roundingMode(draft.taxRoundingMode ?? 'HalfEven'),
      taxCalculationMode: calculationMode(draft.taxCalculationMode ?? 'LineItemLevel'),
    };
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
    if (draft.key !== undefined && draft.key !== null && !CART_KEY.test(draft.key))
      throw invalidField('key', draft.key, 'key must be 2 to 256 letters, digits, - or _.');
    const now = new Date().toISOString();
    let cart: Cart = {
      id: randomUUID(),
      version: 1,
      ...(draft.key ? { key: draft.key } : {}),
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
      customLineItems: [],
      totalPrice: usd(0),
      ...taxes,
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
      cart = this.addLineItem(cart, { ...line, quantity: line.quantity ?? 1 }, store.inventoryListKey);
    for (const line of draft.customLineItems ?? []) cart = addCustomLineItem(cart, line);
    cart = recalculate(cart);
    await this.repository.insert(this.db, cart);
    return cart;
  }

  async get(id: string, storeKey?: string | null): Promise<Cart | undefined> {
    const cart = await this.repository.byId(id);
    return cart && (!storeKey || cart.store.key === storeKey) ? cart : undefined;
  }

  /** The customer's most recently modified active cart, in the store when one is given. */
  activeCart(customerId: string, storeKey?: string) {
    return this.repository.activeOf(customerId, storeKey);
  }

  /**
   * Applies update actions against the given version. The cart is taken as this instance last
   * saw it at that version, or read; the write stores the next version only if the stored one is
   * still the version read (otherwise ConcurrentModification), so no lock or transaction is held
   * while the actions are worked out, and nothing else is written.
   */
  async update(id: string, version: number, actions: object[], storeKey?: string | null): Promise<Cart> {
    checkActions(actions);
    const parsed = actions.map(actionOf);
    const current = this.repository.atVersion(id, version) ?? (await this.repository.byId(id));
    if (!current || (storeKey && current.store.key !== storeKey)) throw notFound(`The Cart with ID '${id}'`);
    if (current.version !== version) throw concurrentModification(version, current.version);
    if (current.cartState !== 'Active')
      throw new CommerceError(400, 'InvalidOperation', `The cart is ${current.cartState} and can no longer change.`);
    const store = await this.stores.require(current.store.key);
    let next = current;
    for (const { name, payload } of parsed)
      next = await this.apply(this.db, next, name, payload, store.inventoryListKey);
    // Every recalculation evaluates the codes again, as commercetools does: one that stopped applying stays, taking nothing off.
    const discountCodes = [];
    for (const entry of next.discountCodes) discountCodes.push(await this.discounts.refresh(this.db, next, entry));
    const updated = recalculate({
      ...next,
      discountCodes,
      version: current.version + 1,
      lastModifiedAt: new Date().toISOString(),
    });
    await this.repository.update(this.db, updated, version);
    return updated;
  }

  /** deleteCart: only at the current version, and only an active cart (an ordered one belongs to its order). */
  async remove(id: string, version: number, storeKey?: string | null): Promise<Cart> {
    return this.db.transaction(async (tx) => {
      const current = await this.repository.byId(id, tx, true);
      if (!current || (storeKey && current.store.key !== storeKey)) throw notFound(`The Cart with ID '${id}'`);
      if (current.version !== version) throw concurrentModification(version, current.version);
      if (current.cartState === 'Ordered')
        throw new CommerceError(400, 'InvalidOperation', 'An ordered cart belongs to its order and stays.');
      await this.repository.remove(tx, current, version);
      return current;
    });
  }

  /** Carts matching a where predicate, within a store when one is given. */
  query(
    where: string | null | undefined,
    sort: string[] | null | undefined,
    limit = 20,
    offset = 0,
    storeKey?: string,
  ) {
    return this.repository.query(where, sort, limit, offset, storeKey);
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
        return this.addLineItem(cart, p as LineDraft, inventoryListKey);
      case 'recalculate':
        return this.refreshLines(cart, p.updateProductData === true);
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
        requireExternalMode(cart, 'setLineItemTaxRate');
        const index = lineIndex();
        return replaceLine(index, { ...cart.lineItems[index], taxRate: externalTaxRate(p.externalTaxRate) });
      }
      case 'setShippingMethodTaxRate':
        requireExternalMode(cart, 'setShippingMethodTaxRate');
        if (!cart.shippingInfo)
          throw new CommerceError(400, 'InvalidOperation', 'Set a shipping method before its tax rate.');
        return { ...cart, shippingInfo: { ...cart.shippingInfo, taxRate: externalTaxRate(p.externalTaxRate) } };
      case 'addCustomLineItem':
        return addCustomLineItem(cart, p);
      case 'removeCustomLineItem':
        return replaceCustomLine(cart, customLineIndex(cart, p), undefined);
      case 'changeCustomLineItemQuantity': {
        const index = customLineIndex(cart, p);
        return replaceCustomLine(cart, index, {
          ...cart.customLineItems[index],
          quantity: customLineQuantity(p.quantity),
        });
      }
      case 'changeCustomLineItemMoney': {
        const index = customLineIndex(cart, p);
        return replaceCustomLine(cart, index, { ...cart.customLineItems[index], money: customLineMoney(p.money) });
      }
      case 'setCustomLineItemCustomField': {
        const index = customLineIndex(cart, p);
        const line = cart.customLineItems[index];
        return replaceCustomLine(cart, index, {
          ...line,
          custom: withCustomField(line.custom, String(p.name), p.value as string | null),
        });
      }
      case 'setCustomLineItemTaxRate': {
        requireExternalMode(cart, 'setCustomLineItemTaxRate');
        const index = customLineIndex(cart, p);
        return replaceCustomLine(cart, index, {
          ...cart.customLineItems[index],
          taxRate: externalTaxRate(p.externalTaxRate),
        });
      }
      case 'changeTaxMode':
        return withTaxMode(cart, taxMode(p.taxMode));
      case 'changeTaxRoundingMode':
        return { ...cart, taxRoundingMode: roundingMode(p.taxRoundingMode) };
      case 'changeTaxCalculationMode':
        return { ...cart, taxCalculationMode: calculationMode(p.taxCalculationMode) };
      case 'addPayment': {
        const payment = await this.payments.require(tx, p.payment as { id?: string; key?: string } | null);
        const payments = cart.paymentInfo?.payments ?? [];
        // Adding a payment the cart already has changes nothing (a retried request stays harmless).
        if (payments.some((ref) => ref.id === payment.id)) return cart;
        return { ...cart, paymentInfo: { payments: [...payments, { typeId: 'payment', id: payment.id }] } };
      }
      case 'removePayment': {
        const payment = await this.payments.require(tx, p.payment as { id?: string; key?: string } | null);
        const payments = cart.paymentInfo?.payments ?? [];
        if (!payments.some((ref) => ref.id === payment.id))
          throw invalidInput(`The cart does not reference the payment '${payment.id}'.`);
        const rest = payments.filter((ref) => ref.id !== payment.id);
        const { paymentInfo: _info, ...withoutInfo } = cart;
        return rest.length ? { ...cart, paymentInfo: { payments: rest } } : withoutInfo;
      }
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

  /**
   * Adds by sku, merging as commercetools does into a line of the same variant with the same
   * supply and distribution channels and custom fields; the quantity limit holds per line.
   */
  private addLineItem(cart: Cart, p: LineDraft, inventoryListKey: string): Cart {
    const quantity = checkQuantity(p.quantity ?? 1);
    const found = typeof p.sku === 'string' ? this.catalog.index.variantBySku(p.sku) : undefined;
    if (!found || !this.catalog.index.inStore(cart.store.key, found.product.id)) {
      throw new CommerceError(
        400,
        'InvalidInput',
        `No product variant with sku '${String(p.sku ?? '')}' is sold in store '${cart.store.key}'.`,
      );
    }
    if (!isPublished(found.product))
      throw new CommerceError(400, 'InvalidOperation', `The product '${found.product.key}' is not published.`);
    const supplyChannel = supplyChannelOf(p.supplyChannel, inventoryListKey);
    if (p.distributionChannel) {
      throw new CommerceError(400, 'ReferencedResourceNotFound', "The cart's store has no distribution channels.", {
        typeId: 'channel',
      });
    }
    const custom = customFromDraft(
      p.custom ?? {
        typeKey: 'lineItem-b2c',
        fields: [{ name: 'inventoryListKey', value: JSON.stringify(supplyChannel.key) }],
      },
      'line-item',
    );
    const identity = { sku: found.variant.sku, custom, supplyChannel };
    const existing = cart.lineItems.findIndex((line) => sameLine(line, identity, inventoryListKey));
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
      supplyChannel,
      totalPrice: usd(0),
      ...(custom ? { custom } : {}),
      addedAt: new Date().toISOString(),
      lineItemMode: 'Standard',
      priceMode: 'Platform',
    };
    return { ...cart, lineItems: [...cart.lineItems, line] };
  }

  /**
   * commercetools `recalculate`: each line takes its variant's current price (a line keeps the
   * price it was added at until then); with updateProductData also the product's current name
   * and the variant's attributes and images. A variant no longer sold keeps its line as it was.
   */
  private refreshLines(cart: Cart, updateProductData: boolean): Cart {
    const lineItems = cart.lineItems.map((line) => {
      const found = this.catalog.index.variantBySku(line.variant.sku);
      if (!found?.variant.prices[0]) return line;
      const { product, variant } = found;
      return {
        ...line,
        price: variant.prices[0],
        ...(updateProductData
          ? {
              name: product.name,
              productKey: product.key,
              variant: { id: variant.id, sku: variant.sku, attributes: variant.attributes, images: variant.images },
            }
          : {}),
      };
    });
    return { ...cart, lineItems };
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
      const at = merged.lineItems.findIndex((l) =>
        sameLine(l, { sku: line.variant.sku, ...line }, store.inventoryListKey),
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
            supplyChannel: line.supplyChannel ?? null,
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
