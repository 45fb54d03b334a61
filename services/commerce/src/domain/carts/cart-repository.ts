import type { Db } from '../../db/database';
import { concurrentModification, notFound } from '../../errors';
import type { Cart } from './cart-types';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export class CartRepository {
  constructor(private readonly db: Db) {}

  async insert(db: Db, cart: Cart) {
    await db.query(
      `INSERT INTO carts (id, version, store_key, customer_id, anonymous_id, cart_state, data, created_at, last_modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8)`,
      [
        cart.id,
        cart.version,
        cart.store.key,
        cart.customerId ?? null,
        cart.anonymousId ?? null,
        cart.cartState,
        cart,
        cart.createdAt,
      ],
    );
  }

  async byId(id: string, db: Db = this.db, forUpdate = false): Promise<Cart | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.query<{ data: Cart }>(
      `SELECT data FROM carts WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row?.data;
  }

  /** The customer's active cart in a store: the most recently modified one. */
  async activeOf(customerId: string, storeKey: string, db: Db = this.db): Promise<Cart | undefined> {
    if (!isUuid(customerId)) return undefined;
    const [row] = await db.query<{ data: Cart }>(
      `SELECT data FROM carts WHERE customer_id = $1 AND store_key = $2 AND cart_state = 'Active'
       ORDER BY last_modified_at DESC, id LIMIT 1`,
      [customerId, storeKey],
    );
    return row?.data;
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
  }
}
