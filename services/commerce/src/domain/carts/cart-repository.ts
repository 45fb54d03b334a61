import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { concurrentModification, duplicateField, invalidInput, notFound } from '../../errors';
import { page } from '../customers/customer-service';
import { equalities, matches, parsePredicate } from '../platform/predicate';
import type { Cart } from './cart-types';

/** The columns a carts query can be narrowed by: each is an indexed lookup. */
const LOOKUPS: Record<string, string> = {
  id: 'id::text',
  key: 'key',
  customerId: 'customer_id::text',
  anonymousId: 'anonymous_id',
};
const SORTS = /^\s*(lastModifiedAt|createdAt)\s+(asc|desc)\s*$/;

/** A stored cart in today's shape: carts stored before custom line items have none. */
export const withDefaults = (cart: Cart): Cart => (cart.customLineItems ? cart : { ...cart, customLineItems: [] });

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** How many carts the repository keeps as last read or written (a few MB at most). */
const RECENT_CARTS = 5_000;

export class CartRepository {
  /**
   * Each cart as this instance last read or wrote it. A cart's version names its content: every
   * write stores the next version, only if the stored one is still the version it read. So the
   * copy kept at version n is what the database holds at n, on any instance, and an update at n
   * can start from it without reading the row again (the write's version check still decides).
   */
  private readonly recent = new LRUCache<string, Cart>({ max: RECENT_CARTS });

  constructor(private readonly db: Db) {}

  /**
   * Keeps the newest copy of a cart this instance saw, when it was read or written outside a
   * transaction: inside one, the copy might be rolled back.
   */
  private remember(cart: Cart, db: Db = this.db) {
    if (db !== this.db) return cart;
    const kept = this.recent.get(cart.id);
    if (!kept || kept.version <= cart.version) this.recent.set(cart.id, cart);
    return cart;
  }

  /** The cart at exactly this version, if this instance read or wrote that version. */
  atVersion(id: string, version: number): Cart | undefined {
    const kept = this.recent.get(id);
    return kept?.version === version ? kept : undefined;
  }

  /** A key the project already has (keys are unique across stores) is DuplicateField. */
  async insert(db: Db, cart: Cart) {
    try {
      await db.query(
        `INSERT INTO carts (id, key, version, store_key, customer_id, anonymous_id, cart_state, data, created_at, last_modified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
        [
          cart.id,
          cart.key ?? null,
          cart.version,
          cart.store.key,
          cart.customerId ?? null,
          cart.anonymousId ?? null,
          cart.cartState,
          cart,
          cart.createdAt,
        ],
      );
    } catch (error) {
      if (isUniqueViolation(error, 'carts_key_unique')) throw duplicateField('key', cart.key);
      throw error;
    }
    this.remember(cart, db);
  }

  /**
   * Carts for a where predicate (commercetools `carts(where, sort, limit, offset)`), within a
   * store when one is given. The predicate must narrow by id, key, customerId or anonymousId
   * with `=`, which is looked up by index; the rest of it is evaluated on those carts.
   */
  async query(
    where: string | null | undefined,
    sort: string[] | null | undefined,
    limit: number,
    offset: number,
    storeKey?: string,
  ) {
    const predicate = where ? parsePredicate(where) : undefined;
    const hints = predicate ? equalities(predicate) : new Map();
    const lookups = Object.keys(LOOKUPS).filter((field) => typeof hints.get(field) === 'string');
    if (lookups.length === 0) {
      throw invalidInput('carts needs id, key, customerId or anonymousId = "..." in its where predicate.');
    }
    const params: unknown[] = [];
    const conditions = lookups.map((field) => `${LOOKUPS[field]} = $${params.push(hints.get(field))}`);
    if (storeKey) conditions.push(`store_key = $${params.push(storeKey)}`);
    const rows = await this.db.query<{ data: Cart }>(
      `SELECT data FROM carts WHERE ${conditions.join(' AND ')} ORDER BY last_modified_at DESC, id LIMIT 10000`,
      params,
    );
    const found = rows
      .map((row) => this.remember(withDefaults(row.data)))
      .filter((cart) => !predicate || matches(cart, predicate));
    const rules = (sort ?? []).map((text) => {
      const match = SORTS.exec(text);
      if (!match) throw invalidInput(`Unsupported sort "${text}": use lastModifiedAt or createdAt with asc or desc.`);
      return { field: match[1] as 'lastModifiedAt' | 'createdAt', direction: match[2] === 'asc' ? 1 : -1 };
    });
    found.sort((a, b) => {
      for (const { field, direction } of rules) {
        if (a[field] !== b[field]) return (a[field] < b[field] ? -1 : 1) * direction;
      }
      return 0;
    });
    return page(found, limit, offset);
  }

  /** Deletes the cart at this version (optimistic concurrency, as every write). */
  async remove(db: Db, cart: Cart, expectedVersion: number) {
    const rows = await db.query('DELETE FROM carts WHERE id = $1 AND version = $2 RETURNING id', [
      cart.id,
      expectedVersion,
    ]);
    if (rows.length === 0) throw concurrentModification(expectedVersion, cart.version);
    this.recent.delete(cart.id);
  }

  async byId(id: string, db: Db = this.db, forUpdate = false): Promise<Cart | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.query<{ data: Cart }>(
      `SELECT data FROM carts WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row && this.remember(withDefaults(row.data), db);
  }

  /** The customer's active cart (in a store, when one is given): the most recently modified one. */
  async activeOf(customerId: string, storeKey?: string, db: Db = this.db): Promise<Cart | undefined> {
    if (!isUuid(customerId)) return undefined;
    const [row] = await db.query<{ data: Cart }>(
      `SELECT data FROM carts WHERE customer_id = $1 AND ($2::text IS NULL OR store_key = $2) AND cart_state = 'Active'
       ORDER BY last_modified_at DESC, id LIMIT 1`,
      [customerId, storeKey ?? null],
    );
    return row && this.remember(withDefaults(row.data), db);
  }

  /** Writes the next version only if nobody else did first (optimistic concurrency). */
  async update(db: Db, cart: Cart, expectedVersion: number) {
    const rows = await db.query(
      `UPDATE carts SET version = $3, customer_id = $4, anonymous_id = $5, cart_state = $6, data = $7, last_modified_at = $8
       WHERE id = $1 AND version = $2 RETURNING id`,
      [
        cart.id,
        expectedVersion,
        cart.version,
        cart.customerId ?? null,
        cart.anonymousId ?? null,
        cart.cartState,
        cart,
        cart.lastModifiedAt,
      ],
    );
    if (rows.length === 0) {
      const [current] = await db.query<{ version: number }>('SELECT version FROM carts WHERE id = $1', [cart.id]);
      if (!current) throw notFound(`The Cart with ID '${cart.id}'`);
      throw concurrentModification(expectedVersion, current.version);
    }
    this.remember(cart, db);
  }
}
