import { readSession, writeSession } from './session-store';

/**
 * Orders this tab has just placed and not yet shown. The confirmation tracks ORDER for an order it
 * finds here and takes it off the list, so the event is sent once per order: a reload of the
 * confirmation, or opening it again, does not count the order twice.
 */
const STORAGE_KEY = 'shop:checkout:placed';

const placed = (): string[] => {
  const stored = readSession<unknown>(STORAGE_KEY);
  return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
};

export function notePlaced(orderNumber: string): void {
  const list = placed().filter((n) => n !== orderNumber);
  writeSession(STORAGE_KEY, [...list, orderNumber].slice(-10));
}

/** True once for an order this tab placed: the caller tracks it now. */
export function takePlaced(orderNumber: string): boolean {
  const list = placed();
  if (!list.includes(orderNumber)) return false;
  writeSession(
    STORAGE_KEY,
    list.filter((n) => n !== orderNumber),
  );
  return true;
}
