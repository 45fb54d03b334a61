import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { concurrentModification, duplicateField, notFound } from '../../errors';
import type { Payment } from './payment-types';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Payments as JSON documents beside the columns that are looked up, constrained or versioned. */
export class PaymentRepository {
  constructor(private readonly db: Db) {}

  /** A key the project already has is DuplicateField (decided by the unique constraint). */
  async insert(db: Db, payment: Payment) {
    try {
      await db.query(
        `INSERT INTO payments (id, key, version, customer_id, data, created_at, last_modified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6)`,
        [payment.id, payment.key ?? null, payment.version, payment.customer?.id ?? null, payment, payment.createdAt],
      );
    } catch (error) {
      if (isUniqueViolation(error, 'payments_key_unique')) throw duplicateField('key', payment.key);
      throw error;
    }
  }

  /** A payment by id or key; `forUpdate` locks it until the transaction ends. */
  async byRef(
    ref: { id?: string | null; key?: string | null },
    db: Db = this.db,
    forUpdate = false,
  ): Promise<Payment | undefined> {
    const lock = forUpdate ? ' FOR UPDATE' : '';
    if (ref.id) {
      if (!isUuid(ref.id)) return undefined;
      const [row] = await db.query<{ data: Payment }>(`SELECT data FROM payments WHERE id = $1${lock}`, [ref.id]);
      return row?.data;
    }
    if (!ref.key) return undefined;
    const [row] = await db.query<{ data: Payment }>(`SELECT data FROM payments WHERE key = $1${lock}`, [ref.key]);
    return row?.data;
  }

  /** Writes the next version only if nobody else did first (optimistic concurrency). */
  async update(db: Db, payment: Payment, expectedVersion: number) {
    let rows: unknown[];
    try {
      rows = await db.query(
        `UPDATE payments SET key = $3, version = $4, data = $5, last_modified_at = $6
         WHERE id = $1 AND version = $2 RETURNING id`,
        [payment.id, expectedVersion, payment.key ?? null, payment.version, payment, payment.lastModifiedAt],
      );
    } catch (error) {
      if (isUniqueViolation(error, 'payments_key_unique')) throw duplicateField('key', payment.key);
      throw error;
    }
    if (rows.length === 0) {
      const [current] = await db.query<{ version: number }>('SELECT version FROM payments WHERE id = $1', [payment.id]);
      if (!current) throw notFound(`The Payment with ID '${payment.id}'`);
      throw concurrentModification(expectedVersion, current.version);
    }
  }
}
