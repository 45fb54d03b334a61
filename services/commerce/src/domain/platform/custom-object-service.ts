import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import { CommerceError, concurrentModification, invalidInput, notFound } from '../../errors';
import { page } from '../customers/customer-service';

export interface CustomObject {
  id: string;
  version: number;
  container: string;
  key: string;
  value: unknown;
  createdAt: string;
  lastModifiedAt: string;
}

const NAME = /^[-_~.a-zA-Z0-9]{1,256}$/;

interface Row {
  id: string;
  version: number;
  container: string;
  key: string;
  value: unknown;
  created_at: Date | string;
  last_modified_at: Date | string;
  [k: string]: unknown;
}
const toObject = (row: Row): CustomObject => ({
  id: row.id,
  version: row.version,
  container: row.container,
  key: row.key,
  value: row.value,
  createdAt: new Date(row.created_at).toISOString(),
  lastModifiedAt: new Date(row.last_modified_at).toISOString(),
});

/** Custom objects: versioned JSON values under container/key, for platform data such as flag overrides. */
export class CustomObjectService {
  constructor(private readonly db: Db) {}

  async get(container: string, key: string): Promise<CustomObject | undefined> {
    const [row] = await this.db.query<Row>('SELECT * FROM custom_objects WHERE container = $1 AND key = $2', [
      container,
      key,
    ]);
    return row && toObject(row);
  }

  async list(container: string, limit = 20, offset = 0) {
    const rows = await this.db.query<Row>(
      'SELECT * FROM custom_objects WHERE container = $1 ORDER BY key LIMIT 10000',
      [container],
    );
    return page(rows.map(toObject), limit, offset);
  }

  /** Creates, or updates when `version` matches (without a version: last write wins, as commercetools does). */
  async upsert(container: string, key: string, rawValue: string, version?: number | null): Promise<CustomObject> {
    if (!NAME.test(container) || !NAME.test(key))
      throw invalidInput('container and key may hold letters, digits and -_~. only.');
    if (rawValue.length > 16 * 1024 * 1024) throw invalidInput('The value is too large.');
    let value: unknown;
    try {
      value = JSON.parse(rawValue);
    } catch {
      throw invalidInput('value must be a JSON document.');
    }
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<Row>('SELECT * FROM custom_objects WHERE container = $1 AND key = $2 FOR UPDATE', [
        container,
        key,
      ]);
      const now = new Date().toISOString();
      if (!row) {
        if (version !== null && version !== undefined && version !== 0) throw concurrentModification(version, 0);
        const [created] = await tx.query<Row>(
          'INSERT INTO custom_objects (container, key, id, version, value, created_at, last_modified_at) VALUES ($1, $2, $3, 1, $4, $5, $5) RETURNING *',
          [container, key, randomUUID(), JSON.stringify(value), now],
        );
        return toObject(created);
      }
      if (version !== null && version !== undefined && version !== row.version)
        throw concurrentModification(version, row.version);
      const [updated] = await tx.query<Row>(
        'UPDATE custom_objects SET value = $3, version = version + 1, last_modified_at = $4 WHERE container = $1 AND key = $2 RETURNING *',
        [container, key, JSON.stringify(value), now],
      );
      return toObject(updated);
    });
  }

  async remove(container: string, key: string, version?: number | null): Promise<CustomObject> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.query<Row>('SELECT * FROM custom_objects WHERE container = $1 AND key = $2 FOR UPDATE', [
        container,
        key,
      ]);
      if (!row) throw notFound(`The custom object ${container}/${key}`);
      if (version !== null && version !== undefined && version !== row.version) {
        throw new CommerceError(409, 'ConcurrentModification', 'Object has a different version than expected.', {
          currentVersion: row.version,
        });
      }
      await tx.query('DELETE FROM custom_objects WHERE container = $1 AND key = $2', [container, key]);
      return toObject(row);
    });
  }
}
