import type { Db } from '../../db/database';
import type { CartDiscount, DiscountCode } from './discount-types';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

export interface StoredCode {
  code: DiscountCode;
  applicationCount: number;
}

type CodeRow = { data: DiscountCode; application_count: number };
const stored = (row: CodeRow | undefined): StoredCode | undefined =>
  row ? { code: row.data, applicationCount: row.application_count } : undefined;

/**
 * Discount codes and the cart discounts they grant. As in commercetools, both belong to the
 * project: codes, code keys and cart discount keys are unique across every store, and the
 * stores a code works in are those of its cart discounts.
 */
export class DiscountCodeRepository {
  constructor(private readonly db: Db) {}

  /** Fails with a unique violation when the project already has the code or the key. */
  async insert(code: DiscountCode, db: Db = this.db) {
    await db.query(
      `INSERT INTO discount_codes (id, code, key, version, max_applications, data, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [code.id, code.code, code.key ?? null, code.version, code.maxApplications ?? null, code, code.createdAt],
    );
  }

  async byCode(code: string, db: Db = this.db): Promise<StoredCode | undefined> {
    const [row] = await db.query<CodeRow>('SELECT data, application_count FROM discount_codes WHERE code = $1', [code]);
    return stored(row);
  }

  async byKey(key: string): Promise<StoredCode | undefined> {
    const [row] = await this.db.query<CodeRow>('SELECT data, application_count FROM discount_codes WHERE key = $1', [
      key,
    ]);
    return stored(row);
  }

  async byId(id: string, db: Db = this.db): Promise<StoredCode | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await db.query<CodeRow>('SELECT data, application_count FROM discount_codes WHERE id = $1', [id]);
    return stored(row);
  }

  async cartDiscounts(ids: string[], db: Db = this.db): Promise<CartDiscount[]> {
    const rows = await db.query<{ data: CartDiscount }>(
      "SELECT data FROM cart_discounts WHERE id::text = ANY($1) ORDER BY data->>'sortOrder' DESC",
      [ids],
    );
    return rows.map((row) => row.data);
  }

  async cartDiscountByRef(ref: { id?: string | null; key?: string | null }): Promise<CartDiscount | undefined> {
    const [row] = await this.db.query<{ data: CartDiscount }>(
      'SELECT data FROM cart_discounts WHERE id::text = $1 OR key = $2',
      [ref.id ?? '', ref.key ?? ''],
    );
    return row?.data;
  }

  async customerApplications(codeId: string, customerId: string, db: Db = this.db): Promise<number> {
    const [row] = await db.query<{ applications: number }>(
      'SELECT applications FROM discount_code_customer_applications WHERE discount_code_id = $1 AND customer_id::text = $2',
      [codeId, customerId],
    );
    return row?.applications ?? 0;
  }

  /**
   * Counts one application unless that would pass maxApplications. A single conditional
   * UPDATE, so two orders racing for the last application cannot both get it.
   */
  async countApplication(tx: Db, codeId: string): Promise<boolean> {
    const rows = await tx.query(
      `UPDATE discount_codes SET application_count = application_count + 1
       WHERE id = $1 AND (max_applications IS NULL OR application_count < max_applications) RETURNING id`,
      [codeId],
    );
    return rows.length > 0;
  }

  /** The same for one customer's applications against maxApplicationsPerCustomer (null: no limit). */
  async countCustomerApplication(tx: Db, codeId: string, customerId: string, limit: number | null): Promise<boolean> {
    const rows = await tx.query(
      `INSERT INTO discount_code_customer_applications (discount_code_id, customer_id, applications) VALUES ($1, $2, 1)
       ON CONFLICT (discount_code_id, customer_id) DO UPDATE SET applications = discount_code_customer_applications.applications + 1
       WHERE $3::int IS NULL OR discount_code_customer_applications.applications < $3::int
       RETURNING applications`,
      [codeId, customerId, limit],
    );
    return rows.length > 0;
  }
}
