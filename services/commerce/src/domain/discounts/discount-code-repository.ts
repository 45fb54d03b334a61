import type { Db } from '../../db/database';
import type { CartDiscount, DiscountCode } from './discount-types';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/**
 * The mailbox an e-mail (an SQL expression) reaches, as the first-order check compares addresses:
 * lower case, trimmed; without a +tag (me+1@example.com reaches me@example.com at every large
 * mail provider, so a shopper who ordered as me@ has ordered as me+anything@); and at gmail.com
 * or googlemail.com, which ignore dots in the name and are one service, without dots and as
 * gmail.com. Dots elsewhere are kept: other providers treat first.last@ and firstlast@ as two
 * people. The cost of the +tag rule is that a different person at a provider that does not use
 * tags, whose address only differs by one, gets no welcome discount.
 */
export function mailbox(expression: string): string {
  const tagless = `regexp_replace(lower(trim(${expression})), '^([^@+]+)\\+[^@]*@', '\\1@')`;
  return `(SELECT CASE WHEN split_part(m.e, '@', 2) IN ('gmail.com', 'googlemail.com')
    THEN replace(split_part(m.e, '@', 1), '.', '') || '@gmail.com' ELSE m.e END FROM (SELECT ${tagless} AS e) m)`;
}

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

  /**
   * Whether the customer, or anyone with this e-mail (a guest order, or the customer's own
   * address), already has an order in the store: what a first-order code asks.
   */
  async hasOrdered(tx: Db, storeKey: string, customerId?: string, email?: string): Promise<boolean> {
    const customer = customerId && isUuid(customerId) ? customerId : null;
    const ordered = mailbox(`o.data->>'customerEmail'`);
    const rows = await tx.query(
      `SELECT 1 FROM orders o WHERE o.store_key = $1 AND (
         ($2::uuid IS NOT NULL AND o.customer_id = $2::uuid)
         OR ${ordered} = ${mailbox('$3::text')}
         OR ${ordered} = (SELECT ${mailbox('email_lower')} FROM customers WHERE id = $2::uuid)
       ) LIMIT 1`,
      [storeKey, customer, email ?? null],
    );
    return rows.length > 0;
  }

  /** The e-mail of the store's customer with this id, if there is one. */
  async customerEmail(tx: Db, storeKey: string, customerId: string): Promise<string | undefined> {
    if (!isUuid(customerId)) return undefined;
    const [row] = await tx.query<{ email: string }>(
      'SELECT email_lower AS email FROM customers WHERE id = $1::uuid AND store_key = $2',
      [customerId, storeKey],
    );
    return row?.email;
  }

  /** How many times the customer redeemed codes of this group, other than `exceptCodeId`. */
  async groupApplications(tx: Db, group: string, customerId: string, exceptCodeId: string): Promise<number> {
    const [row] = await tx.query<{ applications: number | null }>(
      `SELECT sum(a.applications)::int AS applications FROM discount_code_customer_applications a
       JOIN discount_codes c ON c.id = a.discount_code_id
       WHERE a.customer_id::text = $1 AND c.id <> $2::uuid AND c.data->'groups' ? $3`,
      [customerId, exceptCodeId, group],
    );
    return row?.applications ?? 0;
  }

  /**
   * Serialises placements of one shopper in one store (by customer id and by e-mail, taken in
   * one order so two placements cannot wait on each other) until the transaction ends, so
   * first-order and one-per-customer checks see each other's orders.
   */
  async lockShopper(tx: Db, storeKey: string, customerId?: string, email?: string): Promise<void> {
    // The e-mail by its mailbox (as hasOrdered compares it), so me+1@ and me+2@ wait on each other.
    const [row] = email ? await tx.query<{ who: string }>(`SELECT ${mailbox('$1::text')} AS who`, [email]) : [];
    const names = [customerId, row?.who].filter((who): who is string => Boolean(who)).sort();
    for (const who of names)
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`discount-shopper:${storeKey}:${who}`]);
  }
}
