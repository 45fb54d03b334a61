import type { Db } from '../../db/database';
import { concurrentModification, notFound } from '../../errors';
import type { CustomFields } from '../platform/custom-types';
import type { Address } from '../platform/address';

export interface Customer {
  id: string;
  version: number;
  key: string;
  email: string;
  lowercaseEmail: string;
  firstName?: string;
  lastName?: string;
  addresses: Address[];
  authenticationMode: 'Password';
  isEmailVerified: boolean;
  stores: Array<{ typeId: 'store'; key: string }>;
  custom?: CustomFields;
  externalId?: string;
  createdAt: string;
  lastModifiedAt: string;
}

interface CustomerRow {
  data: Customer;
  password_hash: string;
  store_key: string;
  [key: string]: unknown;
}

export const customerStore = (customer: Customer) => customer.stores[0]?.key;

export class CustomerRepository {
  constructor(private readonly db: Db) {}

  async insert(db: Db, customer: Customer, passwordHash: string): Promise<void> {
    await db.query(
      `INSERT INTO customers (id, store_key, email_lower, version, password_hash, data, created_at, last_modified_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [
        customer.id,
        customerStore(customer),
        customer.lowercaseEmail,
        customer.version,
        passwordHash,
        customer,
        customer.createdAt,
      ],
    );
  }

  async byId(
    id: string,
    db: Db = this.db,
    forUpdate = false,
  ): Promise<(Customer & { passwordHash: string }) | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const [row] = await db.query<CustomerRow>(
      `SELECT data, password_hash, store_key FROM customers WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return row && { ...row.data, passwordHash: row.password_hash };
  }

  async byEmail(
    storeKey: string,
    email: string,
    db: Db = this.db,
  ): Promise<(Customer & { passwordHash: string }) | undefined> {
    const [row] = await db.query<CustomerRow>(
      'SELECT data, password_hash, store_key FROM customers WHERE store_key = $1 AND email_lower = $2',
      [storeKey, email.toLowerCase()],
    );
    return row && { ...row.data, passwordHash: row.password_hash };
  }

  /** Candidates for a where predicate, narrowed by the e-mail or id it names, in creation order. */
  async candidates(hints: { email?: string; id?: string; storeKey?: string }): Promise<Customer[]> {
    const clauses: string[] = [];
    const params: unknown[] = [];
    if (hints.email) clauses.push(`email_lower = $${params.push(hints.email.toLowerCase())}`);
    if (hints.id) clauses.push(`id::text = $${params.push(hints.id)}`);
    if (hints.storeKey) clauses.push(`store_key = $${params.push(hints.storeKey)}`);
    const where = clauses.length ? `WHERE ${clauses.join(' AND ')}` : '';
    const rows = await this.db.query<CustomerRow>(
      `SELECT data FROM customers ${where} ORDER BY created_at, id LIMIT 10000`,
      params,
    );
    return rows.map((row) => row.data);
  }

  /** Writes a new version; fails with ConcurrentModification when someone else wrote first. */
  async update(db: Db, customer: Customer, expectedVersion: number, passwordHash?: string): Promise<void> {
    const params: unknown[] = [
      customer.id,
      expectedVersion,
      customer.version,
      customer,
      customer.lastModifiedAt,
      customer.lowercaseEmail,
    ];
    const setPassword = passwordHash ? `, password_hash = $${params.push(passwordHash)}` : '';
    const rows = await db.query(
      `UPDATE customers SET version = $3, data = $4, last_modified_at = $5, email_lower = $6${setPassword}
       WHERE id = $1 AND version = $2 RETURNING id`,
      params,
    );
    if (rows.length === 0) {
      const [current] = await db.query<{ version: number }>('SELECT version FROM customers WHERE id = $1', [
        customer.id,
      ]);
      if (!current) throw notFound(`The Customer with ID '${customer.id}'`);
      throw concurrentModification(expectedVersion, current.version);
    }
  }
}
