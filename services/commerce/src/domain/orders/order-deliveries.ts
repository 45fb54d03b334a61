import { randomUUID } from 'node:crypto';
import { CommerceError, invalidInput } from '../../errors';
import type { ShippingInfo } from '../carts/cart-types';

/** commercetools TrackingData: where a parcel can be followed. */
export interface TrackingData {
  trackingId?: string;
  carrier?: string;
  provider?: string;
  providerTransaction?: string;
  isReturn: boolean;
}

export interface DeliveryItem {
  id: string;
  quantity: number;
}

export interface Parcel {
  id: string;
  key?: string;
  createdAt: string;
  items: DeliveryItem[];
  trackingData?: TrackingData;
}

export interface Delivery {
  id: string;
  key?: string;
  createdAt: string;
  items: DeliveryItem[];
  parcels: Parcel[];
}

/** What the deliveries actions need of an order. */
export interface DeliveringOrder {
  lineItems: Array<{ id: string; quantity: number }>;
  shippingInfo?: ShippingInfo;
}

const TEXT = 256;
const KEY = /^[A-Za-z0-9_-]{2,256}$/;

const text = (field: string, value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string' || value.length > TEXT)
    throw invalidInput(`${field} must be a string of at most ${TEXT}.`);
  return value;
};

const key = (field: string, value: unknown): string | undefined => {
  const k = text(field, value);
  if (k !== undefined && !KEY.test(k)) throw invalidInput(`${field} may hold letters, digits, _ and - (2 to 256).`);
  return k;
};

function trackingDataOf(raw: unknown): TrackingData | undefined {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw !== 'object') throw invalidInput('trackingData must be an object.');
  const r = raw as Record<string, unknown>;
  const fields = {
    trackingId: text('trackingData.trackingId', r.trackingId),
    carrier: text('trackingData.carrier', r.carrier),
    provider: text('trackingData.provider', r.provider),
    providerTransaction: text('trackingData.providerTransaction', r.providerTransaction),
  };
  return {
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    isReturn: r.isReturn === true,
  };
}

/** Delivery items name the order's line items, each at most its ordered quantity. */
function itemsOf(order: DeliveringOrder, raw: unknown): DeliveryItem[] {
  if (raw === null || raw === undefined) return [];
  if (!Array.isArray(raw)) throw invalidInput('items must be a list.');
  return raw.map((item: { id?: unknown; quantity?: unknown }) => {
    const line = order.lineItems.find((l) => l.id === item?.id);
    if (!line) throw invalidInput(`The order has no line item with id '${String(item?.id)}'.`);
    const quantity = Number(item.quantity);
    if (!Number.isInteger(quantity) || quantity < 0 || quantity > line.quantity)
      throw new CommerceError(400, 'InvalidField', 'The delivery quantity exceeds what was ordered.', {
        field: 'quantity',
        invalidValue: item.quantity,
      });
    return { id: line.id, quantity };
  });
}

const deliveriesOf = (order: DeliveringOrder) => order.shippingInfo?.deliveries ?? [];

function withDeliveries<T extends DeliveringOrder>(order: T, deliveries: Delivery[]): T {
  if (!order.shippingInfo)
    throw new CommerceError(400, 'InvalidOperation', 'The order has no shipping info to deliver with.');
  return { ...order, shippingInfo: { ...order.shippingInfo, deliveries } };
}

function parcelOf(order: DeliveringOrder, raw: Record<string, unknown>, keyField: string, now: string): Parcel {
  const parcelKey = key(keyField, raw[keyField]);
  if (parcelKey && deliveriesOf(order).some((d) => d.parcels.some((p) => p.key === parcelKey)))
    throw new CommerceError(400, 'DuplicateField', `A parcel with key '${parcelKey}' exists.`, {
      field: 'key',
      duplicateValue: parcelKey,
    });
  const trackingData = trackingDataOf(raw.trackingData);
  return {
    id: randomUUID(),
    ...(parcelKey ? { key: parcelKey } : {}),
    createdAt: now,
    items: itemsOf(order, raw.items),
    ...(trackingData ? { trackingData } : {}),
  };
}

/**
 * The commercetools order actions on `shippingInfo.deliveries`: addDelivery (with its parcels),
 * addParcelToDelivery and setParcelTrackingData. Undefined for any other action.
 */
export function applyDeliveryAction<T extends DeliveringOrder>(
  order: T,
  name: string,
  p: Record<string, unknown>,
  now = new Date().toISOString(),
): T | undefined {
  switch (name) {
    case 'addDelivery': {
      const deliveryKey = key('deliveryKey', p.deliveryKey);
      if (deliveryKey && deliveriesOf(order).some((d) => d.key === deliveryKey))
        throw new CommerceError(400, 'DuplicateField', `A delivery with key '${deliveryKey}' exists.`, {
          field: 'key',
          duplicateValue: deliveryKey,
        });
      const parcelDrafts = p.parcels ?? [];
      if (!Array.isArray(parcelDrafts)) throw invalidInput('parcels must be a list.');
      const parcels: Parcel[] = [];
      for (const draft of parcelDrafts as Array<Record<string, unknown>>) {
        const parcel = parcelOf(withDeliveries(order, [...deliveriesOf(order)]), draft ?? {}, 'key', now);
        if (parcel.key && parcels.some((other) => other.key === parcel.key))
          throw invalidInput(`Two parcels have the key '${parcel.key}'.`);
        parcels.push(parcel);
      }
      const delivery: Delivery = {
        id: randomUUID(),
        ...(deliveryKey ? { key: deliveryKey } : {}),
        createdAt: now,
        items: itemsOf(order, p.items),
        parcels,
      };
      return withDeliveries(order, [...deliveriesOf(order), delivery]);
    }
    case 'addParcelToDelivery': {
      const deliveries = deliveriesOf(order);
      const target = deliveries.find((d) =>
        p.deliveryId ? d.id === p.deliveryId : p.deliveryKey ? d.key === p.deliveryKey : false,
      );
      if (!target) throw invalidInput('addParcelToDelivery needs the deliveryId or deliveryKey of a delivery.');
      const parcel = parcelOf(order, p, 'parcelKey', now);
      return withDeliveries(
        order,
        deliveries.map((d) => (d === target ? { ...d, parcels: [...d.parcels, parcel] } : d)),
      );
    }
    case 'setParcelTrackingData': {
      const deliveries = deliveriesOf(order);
      const matches = (parcel: Parcel) =>
        p.parcelId ? parcel.id === p.parcelId : p.parcelKey ? parcel.key === p.parcelKey : false;
      if (!deliveries.some((d) => d.parcels.some(matches)))
        throw invalidInput('setParcelTrackingData needs the parcelId or parcelKey of a parcel.');
      const trackingData = trackingDataOf(p.trackingData);
      return withDeliveries(
        order,
        deliveries.map((d) => ({
          ...d,
          parcels: d.parcels.map((parcel) => {
            if (!matches(parcel)) return parcel;
            const { trackingData: _old, ...rest } = parcel;
            return trackingData ? { ...rest, trackingData } : rest;
          }),
        })),
      );
    }
    default:
      return undefined;
  }
}
