import type { Db } from '../../db/database';
import { CommerceError, invalidInput } from '../../errors';

export interface Store {
  key: string;
  name: Record<string, string>;
  /** Internal: the inventory list (supply channel) the store's line items draw on. */
  inventoryListKey: string;
  productSelections?: Array<{ productSelection: { typeId: 'product-selection'; key: string }; active: boolean }>;
}

/** Stores (one per brand) are few and change rarely: cached after the first read, until forgotten. */
export class StoreRepository {
  private cache: Map<string, Store> | undefined;

  constructor(private readonly db: Db) {}

  async all(): Promise<Store[]> {
    if (!this.cache) {
      const rows = await this.db.query<{ data: Store }>('SELECT data FROM stores ORDER BY key');
      this.cache = new Map(rows.map((row) => [row.data.key, row.data]));
    }
    return [...this.cache.values()];
  }

  async get(key: string): Promise<Store | undefined> {
    await this.all();
    return this.cache?.get(key);
  }

  /** Drops the cache: the next read takes the stores as stored now. */
  forget(): void {
    this.cache = undefined;
  }

  /** The store a request names; every store-scoped call must name one that exists. */
  async require(key: string | null | undefined): Promise<Store> {
    if (!key) throw invalidInput('storeKey is required.');
    const store = await this.get(key);
    if (!store)
      throw new CommerceError(400, 'ReferencedResourceNotFound', `The store with key '${key}' was not found.`, {
        typeId: 'store',
        key,
      });
    return store;
  }
}
