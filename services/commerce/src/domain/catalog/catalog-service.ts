import type { Db } from '../../db/database';
import { concurrentModification, invalidInput, notFound } from '../../errors';
import { page } from '../customers/customer-service';
import { equalities, matches, parsePredicate } from '../platform/predicate';
import { actionOf, checkActions } from '../platform/update';
import type { Category, Product } from './catalog-types';
import { applyProductAction } from './product-actions';
import { SearchIndex, type SearchRequest } from './search-index';

export interface CategoryDocument {
  id: string;
  key: string;
  version: number;
  name: Record<string, string>;
  slug: Record<string, string>;
  orderHint: string;
  parent?: { typeId: 'category'; id: string };
  ancestors: Array<{ typeId: 'category'; id: string }>;
}

/** A commercetools TaxCategory as stored (no rates: the shop's carts take external rates). */
export interface TaxCategoryDocument {
  id: string;
  key: string;
  version: number;
  name: string;
  description?: string;
  rates: [];
  createdAt: string;
  lastModifiedAt: string;
}

/** Catalog reads: the search index for products, categories in memory, inventory from the database. */
type StockEntry = { key: string; available: number };

/** How often stock and products are re-read, to pick up other instances' orders and product updates. */
const STOCK_REFRESH_MS = 5000;

export class CatalogService {
  readonly index = new SearchIndex();
  private categories: CategoryDocument[] = [];
  private taxCategories = new Map<string, TaxCategoryDocument>();
  /** Stock per sku as shown on product listings: a read model refreshed from the database. */
  private stock = new Map<string, StockEntry[]>();
  private stockReadAt = new Date(0);
  private productsReadAt = new Date(0);
  private refreshTimer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Db) {}

  async load(): Promise<void> {
    this.stock = new Map();
    this.stockReadAt = new Date(0);
    await this.refreshStock();
    this.productsReadAt = new Date();
    const [products, categories, assigned, taxCategories] = await Promise.all([
      this.db.query<{ data: Product; version: number }>('SELECT data, version FROM products'),
      this.db.query<{ data: Category }>('SELECT data FROM categories'),
      // A store sells the products of its active product selections (commercetools Store.productSelections).
      this.db.query<{ store_key: string; product_id: string }>(
        `SELECT s.key AS store_key, a.product_id::text AS product_id
           FROM stores s
           CROSS JOIN LATERAL jsonb_array_elements(coalesce(s.data->'productSelections', '[]'::jsonb)) AS setting
           JOIN product_selections ps ON ps.key = setting->'productSelection'->>'key'
           JOIN product_selection_products a ON a.product_selection_id = ps.id
          WHERE (setting->>'active')::boolean`,
      ),
      this.db.query<{ data: TaxCategoryDocument; version: number }>('SELECT data, version FROM tax_categories'),
    ]);
    this.taxCategories = new Map(taxCategories.map((row) => [row.data.id, { ...row.data, version: row.version }]));
    const seeds = categories.map((row) => row.data);
    const assortments = new Map<string, Set<string>>();
    for (const row of assigned)
      assortments.set(row.store_key, (assortments.get(row.store_key) ?? new Set()).add(row.product_id));
    this.index.load(
      products.map((row) => ({ ...row.data, version: row.version })),
      seeds,
      assortments,
    );
    const byId = new Map(seeds.map((c) => [c.id, c]));
    this.categories = seeds
      .map((c) => {
        const ancestors: CategoryDocument['ancestors'] = [];
        for (let at = c.parentId; at; at = byId.get(at)?.parentId ?? null)
          ancestors.unshift({ typeId: 'category', id: at });
        return {
          id: c.id,
          key: c.key,
          version: 1,
          name: c.name,
          slug: c.slug,
          orderHint: c.orderHint,
          ...(c.parentId ? { parent: { typeId: 'category' as const, id: c.parentId } } : {}),
          ancestors,
        };
      })
      .sort((a, b) => a.orderHint.localeCompare(b.orderHint) || a.key.localeCompare(b.key));
  }

  /** Re-reads stock rows changed since the last read (with a margin for clock skew between writers). */
  async refreshStock(): Promise<void> {
    const since = new Date(this.stockReadAt.getTime() - 2000);
    const readAt = new Date();
    const rows = await this.db.query<{ sku: string; inventory_list_key: string; available: number }>(
      'SELECT sku, inventory_list_key, available FROM inventory WHERE changed_at >= $1',
      [since.toISOString()],
    );
    for (const row of rows) {
      const entries = (this.stock.get(row.sku) ?? []).filter((e) => e.key !== row.inventory_list_key);
      entries.push({ key: row.inventory_list_key, available: row.available });
      this.stock.set(row.sku, entries);
    }
    this.stockReadAt = readAt;
  }

  /** Takes products another instance changed since the last read into the search index. */
  async refreshProducts(): Promise<void> {
    const since = new Date(this.productsReadAt.getTime() - 2000);
    const readAt = new Date();
    const rows = await this.db.query<{ data: Product; version: number }>(
      'SELECT data, version FROM products WHERE last_modified_at >= $1',
      [since.toISOString()],
    );
    const newer = rows
      .filter((row) => row.version > (this.index.versionOf(row.data.id) ?? row.version))
      .map((row) => ({ ...row.data, version: row.version }));
    this.index.replace(newer);
    this.productsReadAt = readAt;
  }

  startStockRefresh() {
    this.refreshTimer = setInterval(
      () => void Promise.all([this.refreshStock(), this.refreshProducts()]).catch(() => undefined),
      STOCK_REFRESH_MS,
    );
    this.refreshTimer.unref();
  }

  /**
   * commercetools `updateProduct` at a version (changePrice, setPrices): the stored product and
   * this instance's search index change together; other instances take it on their next refresh.
   * Carts keep the price a line was added at until they are recalculated.
   */
  async updateProduct(
    by: { id?: string | null; key?: string | null },
    version: number,
    actions: object[],
  ): Promise<Product> {
    checkActions(actions);
    const parsed = actions.map(actionOf);
    if (!by.id && !by.key) throw invalidInput('updateProduct needs an id or a key.');
    const updated = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ data: Product; version: number }>(
        `SELECT data, version FROM products WHERE ${by.id ? 'id::text' : 'key'} = $1 FOR UPDATE`,
        [by.id ?? by.key],
      );
      if (!row) throw notFound(`The Product with ${by.id ? `ID '${by.id}'` : `key '${by.key}'`}`);
      if (row.version !== version) throw concurrentModification(version, row.version);
      let product: Product = row.data;
      for (const { name, payload } of parsed) product = applyProductAction(product, name, payload);
      const now = new Date().toISOString();
      product = { ...product, version: version + 1, lastModifiedAt: now };
      await tx.query('UPDATE products SET data = $2, version = $3, last_modified_at = $4 WHERE id = $1', [
        product.id,
        product,
        product.version,
        now,
      ]);
      return product;
    });
    this.index.replace([updated]);
    return updated;
  }

  stopStockRefresh() {
    clearInterval(this.refreshTimer);
  }

  stockOf(sku: string): StockEntry[] {
    return this.stock.get(sku) ?? [];
  }

  search(request: SearchRequest) {
    return this.index.search(request);
  }

  category(by: { id?: string | null; key?: string | null }) {
    return this.categories.find((c) => (by.id ? c.id === by.id : c.key === by.key));
  }

  /** The tax category a product references (`Product.taxCategory`). */
  taxCategory(id: string): TaxCategoryDocument | undefined {
    return this.taxCategories.get(id);
  }

  categoryQuery(where: string | null | undefined, limit = 20, offset = 0) {
    const predicate = where ? parsePredicate(where) : undefined;
    return page(predicate ? this.categories.filter((c) => matches(c, predicate)) : this.categories, limit, offset);
  }

  /** Available quantity per sku and inventory list (a commercetools supply channel). */
  async inventory(skus: string[], inventoryListKey?: string) {
    if (skus.length === 0) return [];
    const params: unknown[] = [skus];
    const list = inventoryListKey ? ` AND inventory_list_key = $${params.push(inventoryListKey)}` : '';
    return this.db.query<{ sku: string; inventory_list_key: string; available: number; version: number }>(
      `SELECT sku, inventory_list_key, available, version FROM inventory WHERE sku = ANY($1)${list} ORDER BY sku, inventory_list_key`,
      params,
    );
  }

  async inventoryQuery(where: string | null | undefined, limit = 20, offset = 0) {
    if (!where)
      throw invalidInput('inventoryEntries needs a where predicate naming the sku, e.g. sku="76100-111111-34B".');
    const predicate = parsePredicate(where);
    const hints = equalities(predicate);
    const skus = typeof hints.get('sku') === 'string' ? [hints.get('sku') as string] : skusIn(predicate);
    if (!skus) throw invalidInput('inventoryEntries needs sku="..." or sku in (...) in its where predicate.');
    const rows = await this.inventory(skus);
    const entries = rows.map((row) => inventoryEntry(row));
    return page(
      entries.filter((entry) => matches(entry, predicate)),
      limit,
      offset,
    );
  }
}

function skusIn(predicate: ReturnType<typeof parsePredicate>): string[] | undefined {
  const items = predicate.kind === 'and' ? predicate.items : [predicate];
  const found = items.find((item) => item.kind === 'in' && !item.negate && item.path.join('.') === 'sku');
  return found && found.kind === 'in' ? found.values.map(String).slice(0, 500) : undefined;
}

export const inventoryEntry = (row: {
  sku: string;
  inventory_list_key: string;
  available: number;
  version: number;
}) => ({
  id: `${row.inventory_list_key}:${row.sku}`,
  version: row.version,
  sku: row.sku,
  quantityOnStock: row.available,
  availableQuantity: row.available,
  supplyChannel: { typeId: 'channel', key: row.inventory_list_key },
  inventoryListKey: row.inventory_list_key,
});
