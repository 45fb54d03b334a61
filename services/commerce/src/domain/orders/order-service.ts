import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { CommerceError, concurrentModification, duplicateField, invalidInput, notFound } from '../../errors';
import { page } from '../customers/customer-service';
import type { CartRepository } from '../carts/cart-repository';
import { announce } from '../catalog/catalog-changes';
import type { StockRow } from '../catalog/catalog-service';
import type { Cart } from '../carts/cart-types';
import type { DiscountCodeService } from '../discounts/discount-code-service';
import type { PaymentService } from '../payments/payment-service';
import { withCustomField } from '../platform/custom-types';
import { equalities, matches, parsePredicate } from '../platform/predicate';
import { actionOf, checkActions, unknownAction } from '../platform/update';
import { missingTaxRates } from './order-checks';
import { applyDeliveryAction } from './order-deliveries';

export type OrderState = 'Open' | 'Confirmed' | 'Complete' | 'Cancelled';
export type ShipmentState =
  'Pending' | 'Ready' | 'Shipped' | 'Delivered' | 'Delayed' | 'Partial' | 'Backorder' | 'Canceled';
export type PaymentState = 'Pending' | 'Paid' | 'Failed' | 'BalanceDue' | 'CreditOwed';

export interface ReturnItem {
  id: string;
  lineItemId: string;
  quantity: number;
  comment?: string;
  shipmentState: 'Advised' | 'Returned' | 'BackInStock' | 'Unusable';
  paymentState: 'NonRefundable' | 'Initial' | 'Refunded' | 'NotRefunded';
  createdAt: string;
  lastModifiedAt?: string;
}

const RETURN_SHIPMENT_STATES: ReturnItem['shipmentState'][] = ['Advised', 'Returned', 'BackInStock', 'Unusable'];
const RETURN_PAYMENT_STATES: ReturnItem['paymentState'][] = ['NonRefundable', 'Initial', 'Refunded', 'NotRefunded'];

export type Order = Omit<Cart, 'cartState' | 'anonymousId'> & {
  /** Only the caller numbers an order (commercetools never generates one): an order placed without one has none. */
  orderNumber?: string;
  cart: { typeId: 'cart'; id: string };
  orderState: OrderState;
  shipmentState?: ShipmentState;
  paymentState?: PaymentState;
  returnInfo: Array<{ items: ReturnItem[]; returnTrackingId?: string; returnDate?: string }>;
  anonymousId?: string;
};

const ORDER_NUMBER = /^[A-Za-z0-9_-]{1,100}$/;
const ORDER_STATES: OrderState[] = ['Open', 'Confirmed', 'Complete', 'Cancelled'];
const SHIPMENT_STATES: ShipmentState[] = [
  'Pending',
  'Ready',
  'Shipped',
  'Delivered',
  'Delayed',
  'Partial',
  'Backorder',
  'Canceled',
];
const PAYMENT_STATES: PaymentState[] = ['Pending', 'Paid', 'Failed', 'BalanceDue', 'CreditOwed'];
const SORTS = /^\s*(lastModifiedAt|createdAt)\s+(asc|desc)\s*$/;

/** An order stored before custom line items has none. */
const withDefaults = (order: Order): Order => (order.customLineItems ? order : { ...order, customLineItems: [] });

/** What createOrderFromCart takes besides the cart (commercetools OrderCartCommand). */
export interface OrderCartCommand {
  id?: string | null;
  cart?: { id?: string | null } | null;
  version: number;
  orderNumber?: string | null;
  orderState?: string | null;
  paymentState?: string | null;
  shipmentState?: string | null;
}

const oneOf = <T extends string>(field: string, values: T[], value: unknown): T => {
  if (!values.includes(value as T)) throw invalidInput(`${field} must be one of ${values.join(', ')}.`);
  return value as T;
};

export class OrderService {
  constructor(
    private readonly db: Db,
    private readonly carts: CartRepository,
    private readonly discounts: DiscountCodeService,
    private readonly payments: PaymentService,
    /** Called with the inventory rows an order changed, after it commits, so listings show them at once here. */
    private readonly onStockChanged: (rows: StockRow[]) => void = () => undefined,
  ) {}

  /**
   * Places an order from a cart in one transaction: the cart version must match, its stock is
   * taken, its discount codes are counted (and refused if no longer usable), the cart becomes
   * Ordered and one cart can never become two orders. The order number is the caller's (unique
   * in the project) or none; the order copies the cart's lines, custom lines, taxes, payments
   * and custom fields. As commercetools, a cart in the External tax mode is ordered only once
   * every line, custom line and the shipping have a tax rate.
   */
  async createFromCart(command: OrderCartCommand, storeKey?: string | null): Promise<Order> {
    const { orderNumber } = command;
    const cartId = command.id ?? command.cart?.id;
    if (!cartId) throw invalidInput('createOrderFromCart needs the cart id.');
    if (orderNumber !== null && orderNumber !== undefined && !ORDER_NUMBER.test(orderNumber)) {
      throw invalidInput('orderNumber may hold letters, digits, _ and - only (at most 100).');
    }
    const states = {
      orderState: command.orderState ? oneOf('orderState', ORDER_STATES, command.orderState) : ('Open' as const),
      ...(command.paymentState ? { paymentState: oneOf('paymentState', PAYMENT_STATES, command.paymentState) } : {}),
      ...(command.shipmentState
        ? { shipmentState: oneOf('shipmentState', SHIPMENT_STATES, command.shipmentState) }
        : {}),
    };
    try {
      const { order, taken } = await this.db.transaction(async (tx) => {
        const cart = await this.carts.byId(cartId, tx, true);
        if (!cart || (storeKey && cart.store.key !== storeKey)) throw notFound(`The Cart with ID '${cartId}'`);
        if (cart.version !== command.version) throw concurrentModification(command.version, cart.version);
        if (cart.cartState !== 'Active')
          throw new CommerceError(
            400,
            'InvalidOperation',
            `The cart is ${cart.cartState}; only active carts can be ordered.`,
          );
        if (cart.lineItems.length === 0)
          throw new CommerceError(400, 'InvalidOperation', 'The cart has no line items.');
        const missing = missingTaxRates(cart);
        if (missing.length > 0)
          throw new CommerceError(
            400,
            'InvalidOperation',
            `The cart's taxMode is External and these have no external tax rate: ${missing.join(', ')}.`,
            { missingTaxRates: missing },
          );
        if (cart.totalPrice.centAmount < 0)
          throw new CommerceError(400, 'InvalidOperation', 'The cart total is below zero; it cannot be ordered.');
        const taken = await this.takeStock(tx, cart);
        await this.discounts.recordApplications(tx, cart);
        const now = new Date().toISOString();
        const { cartState: _state, ...rest } = cart;
        const order: Order = {
          ...rest,
          id: randomUUID(),
          version: 1,
          ...(orderNumber ? { orderNumber } : {}),
          cart: { typeId: 'cart', id: cart.id },
          ...states,
          returnInfo: [],
          createdAt: now,
          lastModifiedAt: now,
        };
        await tx.query(
          `INSERT INTO orders (id, order_number, version, store_key, customer_id, cart_id, data, created_at) VALUES ($1, $2, 1, $3, $4, $5, $6, $7)`,
          [order.id, orderNumber ?? null, cart.store.key, cart.customerId ?? null, cart.id, order, now],
        );
        await this.carts.update(
          tx,
          { ...cart, cartState: 'Ordered', version: cart.version + 1, lastModifiedAt: now },
          cart.version,
        );
        return { order, taken };
      });
      this.onStockChanged(taken);
      return order;
    } catch (error) {
      if (isUniqueViolation(error, 'order_number')) throw duplicateField('orderNumber', orderNumber);
      if (isUniqueViolation(error, 'cart_id'))
        throw new CommerceError(400, 'InvalidOperation', 'An order already exists for this cart.');
      throw error;
    }
  }

  /** Takes the cart's stock and announces it to the other instances (on commit); returns the rows as left. */
  private async takeStock(tx: Db, cart: Cart): Promise<StockRow[]> {
    const short: string[] = [];
    const taken: StockRow[] = [];
    // Rows are taken in one order (list, then sku) by every placement: two orders sharing skus
    // then wait for each other instead of deadlocking, whatever order their bags list them in.
    const wanted = cart.lineItems
      .map((line) => ({
        sku: line.variant.sku,
        quantity: line.quantity,
        list:
          line.supplyChannel?.key ??
          (line.custom?.fields.inventoryListKey as string | undefined) ??
          `${cart.store.key}-online`,
      }))
      .sort((a, b) => (a.list === b.list ? (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0) : a.list < b.list ? -1 : 1));
    for (const { sku, quantity, list } of wanted) {
      const rows = await tx.query<StockRow>(
        'UPDATE inventory SET available = available - $1, version = version + 1, changed_at = now() WHERE sku = $2 AND inventory_list_key = $3 AND available >= $1 RETURNING sku, inventory_list_key, available, version',
        [quantity, sku, list],
      );
      if (rows.length === 0) short.push(sku);
      taken.push(...rows);
    }
    if (short.length)
      throw new CommerceError(400, 'OutOfStock', `Not enough stock for: ${short.join(', ')}.`, {
        skus: short,
        lineItems: short,
      });
    await announce(tx, { stock: taken.map((row) => [row.sku, row.inventory_list_key, row.version]) });
    return taken;
  }

  async byNumberOrId(
    by: { id?: string | null; orderNumber?: string | null },
    storeKey?: string | null,
  ): Promise<Order | undefined> {
    const [row] = by.orderNumber
      ? await this.db.query<{ data: Order }>('SELECT data FROM orders WHERE order_number = $1', [by.orderNumber])
      : by.id && /^[0-9a-f-]{36}$/i.test(by.id)
        ? await this.db.query<{ data: Order }>('SELECT data FROM orders WHERE id = $1', [by.id])
        : [];
    return row && (!storeKey || row.data.store.key === storeKey) ? withDefaults(row.data) : undefined;
  }

  /**
   * Orders for a where predicate (within a store when one is given), newest first unless sorted
   * by createdAt or lastModifiedAt. The predicate must name the customer (`customerId = "..."`),
   * the order (`orderNumber = "..."`) or its cart (`cart(id = "...")`), each an indexed lookup;
   * the rest of it is evaluated on those orders.
   */
  async query(
    where: string | null | undefined,
    sort: string[] | null | undefined,
    limit = 20,
    offset = 0,
    storeKey?: string,
  ) {
    const predicate = where ? parsePredicate(where) : undefined;
    const hints = predicate ? equalities(predicate) : new Map();
    const customerId = hints.get('customerId');
    const orderNumber = hints.get('orderNumber');
    const cartId = hints.get('cart.id');
    if (typeof customerId !== 'string' && typeof orderNumber !== 'string' && typeof cartId !== 'string')
      throw invalidInput('orders needs customerId="...", orderNumber="..." or cart(id="...") in its where predicate.');
    const rules = (sort ?? []).map((text) => {
      const match = SORTS.exec(text);
      if (!match) throw invalidInput(`Unsupported sort "${text}": use createdAt or lastModifiedAt with asc or desc.`);
      return { field: match[1] as 'lastModifiedAt' | 'createdAt', direction: match[2] === 'asc' ? 1 : -1 };
    });
    const params: unknown[] = [];
    const conditions: string[] = [];
    if (typeof customerId === 'string') conditions.push(`customer_id::text = $${params.push(customerId)}`);
    if (typeof orderNumber === 'string') conditions.push(`order_number = $${params.push(orderNumber)}`);
    if (typeof cartId === 'string') conditions.push(`cart_id::text = $${params.push(cartId)}`);
    if (storeKey) conditions.push(`store_key = $${params.push(storeKey)}`);
    const rows = await this.db.query<{ data: Order }>(
      `SELECT data FROM orders WHERE ${conditions.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT 10000`,
      params,
    );
    const all = rows.map((row) => withDefaults(row.data)).filter((order) => !predicate || matches(order, predicate));
    all.sort((a, b) => {
      for (const { field, direction } of rules) {
        if (a[field] !== b[field]) return (a[field] < b[field] ? -1 : 1) * direction;
      }
      return 0;
    });
    return { ...page(all, limit, offset), exists: all.length > 0 };
  }

  async update(id: string, version: number, actions: object[], storeKey?: string | null): Promise<Order> {
    checkActions(actions);
    const parsed = actions.map(actionOf);
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ data: Order }>('SELECT data FROM orders WHERE id::text = $1 FOR UPDATE', [id]);
      if (!row || (storeKey && row.data.store.key !== storeKey)) throw notFound(`The Order with ID '${id}'`);
      if (row.data.version !== version) throw concurrentModification(version, row.data.version);
      let order = withDefaults(row.data);
      for (const { name, payload } of parsed) order = await this.apply(tx, order, name, payload);
      const updated = { ...order, version: version + 1, lastModifiedAt: new Date().toISOString() };
      await tx.query('UPDATE orders SET version = $2, data = $3 WHERE id = $1', [updated.id, updated.version, updated]);
      return updated;
    });
  }

  /** Payment actions read the payment in the order's transaction; the rest need nothing else. */
  private async apply(tx: Db, order: Order, name: string, p: Record<string, unknown>): Promise<Order> {
    const payments = order.paymentInfo?.payments ?? [];
    switch (name) {
      case 'addPayment': {
        const payment = await this.payments.require(tx, p.payment as { id?: string; key?: string } | null);
        if (payments.some((ref) => ref.id === payment.id)) return order;
        return { ...order, paymentInfo: { payments: [...payments, { typeId: 'payment', id: payment.id }] } };
      }
      case 'removePayment': {
        const payment = await this.payments.require(tx, p.payment as { id?: string; key?: string } | null);
        if (!payments.some((ref) => ref.id === payment.id))
          throw invalidInput(`The order does not reference the payment '${payment.id}'.`);
        const rest = payments.filter((ref) => ref.id !== payment.id);
        const { paymentInfo: _info, ...withoutInfo } = order;
        return rest.length ? { ...order, paymentInfo: { payments: rest } } : withoutInfo;
      }
      default:
        return applyOrderAction(order, name, p);
    }
  }
}

function applyOrderAction(order: Order, name: string, p: Record<string, unknown>): Order {
  const delivered = applyDeliveryAction(order, name, p);
  if (delivered) return delivered;
  switch (name) {
    case 'changePaymentState':
      return { ...order, paymentState: oneOf('paymentState', PAYMENT_STATES, p.paymentState) };
    case 'changeOrderState':
      if (!ORDER_STATES.includes(p.orderState as OrderState))
        throw invalidInput(`orderState must be one of ${ORDER_STATES.join(', ')}.`);
      return { ...order, orderState: p.orderState as OrderState };
    case 'changeShipmentState':
      if (!SHIPMENT_STATES.includes(p.shipmentState as ShipmentState))
        throw invalidInput(`shipmentState must be one of ${SHIPMENT_STATES.join(', ')}.`);
      return { ...order, shipmentState: p.shipmentState as ShipmentState };
    case 'addReturnInfo': {
      const items =
        (p.items as
          Array<{ lineItemId: string; quantity: number; comment?: string; shipmentState?: string }> | undefined) ?? [];
      if (items.length === 0) throw invalidInput('A return needs at least one item.');
      const returned = items.map((item) => {
        const line = order.lineItems.find((l) => l.id === item.lineItemId);
        if (!line) throw invalidInput(`The order has no line item with id '${item.lineItemId}'.`);
        const already = order.returnInfo
          .flatMap((r) => r.items)
          .filter((r) => r.lineItemId === line.id)
          .reduce((s, r) => s + r.quantity, 0);
        if (!Number.isInteger(item.quantity) || item.quantity < 1 || item.quantity + already > line.quantity) {
          throw new CommerceError(400, 'InvalidField', 'The return quantity exceeds what was ordered.', {
            field: 'quantity',
            invalidValue: item.quantity,
          });
        }
        return {
          id: randomUUID(),
          lineItemId: line.id,
          quantity: item.quantity,
          ...(item.comment ? { comment: String(item.comment).slice(0, 500) } : {}),
          shipmentState: oneOf('shipmentState', RETURN_SHIPMENT_STATES, item.shipmentState ?? 'Advised'),
          paymentState: 'Initial' as const,
          createdAt: new Date().toISOString(),
        };
      });
      const info = {
        items: returned,
        ...(p.returnTrackingId ? { returnTrackingId: String(p.returnTrackingId) } : {}),
        returnDate: new Date().toISOString(),
      };
      return { ...order, returnInfo: [...order.returnInfo, info] };
    }
    case 'setReturnShipmentState':
    case 'setReturnPaymentState': {
      const field = name === 'setReturnShipmentState' ? 'shipmentState' : 'paymentState';
      const value =
        field === 'shipmentState'
          ? oneOf('shipmentState', RETURN_SHIPMENT_STATES, p.shipmentState)
          : oneOf('paymentState', RETURN_PAYMENT_STATES, p.paymentState);
      if (!order.returnInfo.some((info) => info.items.some((item) => item.id === p.returnItemId)))
        throw invalidInput(`The order has no return item with id '${String(p.returnItemId)}'.`);
      const at = new Date().toISOString();
      return {
        ...order,
        returnInfo: order.returnInfo.map((info) => ({
          ...info,
          items: info.items.map((item) =>
            item.id === p.returnItemId ? { ...item, [field]: value, lastModifiedAt: at } : item,
          ),
        })),
      };
    }
    case 'setCustomField':
      return { ...order, custom: withCustomField(order.custom, String(p.name), p.value as string | null) };
    default:
      throw unknownAction(name);
  }
}
