import type { Db, Listener } from '../../db/database';
import type { CatalogService } from './catalog-service';

/**
 * How instances on one PostgreSQL database agree on the catalog they hold in memory (ADR 0028).
 * A write that changes what the catalog holds (a product, stock) announces it in its own
 * transaction with `pg_notify`, which PostgreSQL delivers when, and only if, it commits. Every
 * instance listens on a connection of its own and re-reads what changed; after that connection
 * was lost it catches up with everything, as notifications sent meanwhile are gone. On PGlite
 * (one process, one instance) nothing is announced or listened for.
 */
export const CATALOG_CHANNEL = 'commerce_catalog';

/** What a write changed, by id and the version it left (so an instance can tell what it already holds). */
export interface CatalogChange {
  products?: Array<[id: string, version: number]>;
  stock?: Array<[sku: string, inventoryListKey: string, version: number]>;
  /** Categories, stores, product selections or tax categories changed: every instance loads the catalog again. */
  catalog?: boolean;
}

/** PostgreSQL refuses a payload of 8000 bytes or more: each stays under this. */
export const MAX_PAYLOAD_BYTES = 7500;

/** The change as notification payloads: a long list is split so that each stays small enough. */
export function payloads(change: CatalogChange): string[] {
  const all = JSON.stringify({ catalog: true });
  if (change.catalog) return [all];
  const out: string[] = [];
  for (const kind of ['products', 'stock'] as const) {
    let chunk: unknown[] = [];
    let size = 0;
    const flush = () => {
      if (chunk.length) out.push(JSON.stringify({ [kind]: chunk }));
      chunk = [];
      size = 0;
    };
    for (const item of change[kind] ?? []) {
      const bytes = Buffer.byteLength(JSON.stringify(item)) + 1;
      // One item that could never fit (no id or sku is this long): everyone loads everything.
      if (bytes + 20 > MAX_PAYLOAD_BYTES) return [all];
      if (size + bytes + 20 > MAX_PAYLOAD_BYTES) flush();
      chunk.push(item);
      size += bytes;
    }
    flush();
  }
  return out;
}

/**
 * Announces a change inside the write's transaction `tx`: other instances hear of it after the
 * commit, never before, and never for a write rolled back.
 */
export async function announce(tx: Db, change: CatalogChange): Promise<void> {
  if (tx.kind !== 'postgres') return;
  const list = payloads(change);
  if (list.length === 0) return;
  await tx.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [CATALOG_CHANNEL, list]);
}

type Log = (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;

/** After a failed catch-up (the database unreachable), the next try waits this long, doubling up to 5 s. */
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5000;
/** How long notifications are gathered before they are applied. */
const GATHER_MS = 10;
/** Ids per read, so that one query never carries an unbounded array. */
const BATCH = 1000;

/** Hears other instances' catalog changes and applies them to this instance's catalog. */
export class CatalogChanges {
  private listener: Listener | undefined;
  private products = new Map<string, number>();
  private stock = new Map<string, [string, string, number]>();
  private reload = false;
  private catchUp = false;
  private loaded = false;
  private stopped = false;
  private draining: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;
  private retryMs = RETRY_MIN_MS;
  /** What was heard and done: notifications, changes applied, changes this instance already held, catch-ups. */
  readonly counts = { notifications: 0, applied: 0, alreadyHeld: 0, reconnects: 0, catchUps: 0, reloads: 0 };

  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    private readonly log: Log = () => undefined,
  ) {}

  /**
   * Listens first, then runs `load` (the catalog's first load), then applies what was heard
   * meanwhile: a write committed after the load read its rows is heard, none is missed.
   */
  async follow(load: () => Promise<void>): Promise<void> {
    if (this.db.kind === 'postgres') {
      this.listener = await this.db.listen(CATALOG_CHANNEL, {
        onNotify: (payload) => this.take(payload),
        onReconnect: () => {
          this.counts.reconnects += 1;
          this.log('info', 'Listening for catalog changes again; catching up with what was missed');
          this.catchUp = true;
          this.schedule();
        },
        onError: (error) =>
          this.log('warn', 'The connection listening for catalog changes failed; opening it again', {
            error: error.message,
          }),
      });
    }
    try {
      await load();
    } catch (error) {
      await this.stop();
      throw error;
    }
    this.loaded = true;
    this.schedule();
  }

  /** Whether this instance hears other instances' changes now (PostgreSQL only). */
  get listening(): boolean {
    return this.listener?.listening ?? false;
  }

  /** The server process of the listening connection (tests cut it to see the instance catch up). */
  get listenerPid(): number | undefined {
    return this.listener?.pid;
  }

  /** Resolves once everything heard so far has been applied. */
  async settled(): Promise<void> {
    while (this.draining) await this.draining;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    await this.listener?.close();
    this.listener = undefined;
    await this.draining?.catch(() => undefined);
  }

  private take(payload: string) {
    this.counts.notifications += 1;
    let change: CatalogChange;
    try {
      change = JSON.parse(payload) as CatalogChange;
    } catch {
      change = { catalog: true };
    }
    if (change.catalog) this.reload = true;
    for (const [id, version] of change.products ?? [])
      this.products.set(id, Math.max(version, this.products.get(id) ?? 0));
    for (const [sku, list, version] of change.stock ?? []) {
      const key = `${sku}\u0000${list}`;
      if ((this.stock.get(key)?.[2] ?? 0) < version) this.stock.set(key, [sku, list, version]);
    }
    this.schedule();
  }

  private get pending() {
    return this.reload || this.catchUp || this.products.size > 0 || this.stock.size > 0;
  }

  /**
   * One drain at a time, and none before the first load: changes are applied in turn. A drain
   * starts a few milliseconds after the first notification, which gathers a burst into one read
   * and lets this instance's own writes be applied here first (a notification can arrive before
   * the writer has its commit answered), so that it skips them rather than reading them again.
   */
  private schedule() {
    if (!this.loaded || this.stopped || this.draining || this.retry || !this.pending) return;
    this.draining = new Promise((resolve) => setTimeout(resolve, GATHER_MS))
      .then(() => this.drain())
      .finally(() => {
        this.draining = undefined;
        this.schedule();
      });
  }

  private async drain() {
    while (this.pending && !this.stopped) {
      const { reload, catchUp } = this;
      const products = [...this.products];
      const stock = [...this.stock.values()];
      this.reload = false;
      this.catchUp = false;
      this.products = new Map();
      this.stock = new Map();
      try {
        if (reload) {
          // A full load reads everything as it is now: it covers the changes heard with it.
          await this.catalog.load();
          this.counts.reloads += 1;
        } else if (catchUp) {
          if ((await this.catalog.resync()) === 'loaded') this.counts.reloads += 1;
          this.counts.catchUps += 1;
        } else {
          // This instance applies its own writes where it makes them: a change it holds is skipped.
          const ids = products.filter(([id, version]) => !this.catalog.holdsProduct(id, version)).map(([id]) => id);
          const entries = stock.filter(([sku, list, version]) => !this.catalog.holdsStock(sku, list, version));
          const skus = [...new Set(entries.map(([sku]) => sku))];
          for (let at = 0; at < ids.length; at += BATCH)
            await this.catalog.refreshProductsOf(ids.slice(at, at + BATCH));
          for (let at = 0; at < skus.length; at += BATCH) await this.catalog.refreshStockOf(skus.slice(at, at + BATCH));
          this.counts.applied += ids.length + entries.length;
          this.counts.alreadyHeld += products.length - ids.length + stock.length - entries.length;
        }
        this.retryMs = RETRY_MIN_MS;
      } catch (error) {
        // The database is out of reach: what was heard is not lost, a catch-up covers it all.
        this.log('warn', 'Could not apply catalog changes; trying again', { error: (error as Error).message });
        this.catchUp = true;
        if (!this.stopped) {
          this.retry = setTimeout(() => {
            this.retry = undefined;
            this.schedule();
          }, this.retryMs);
          this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
          this.retry.unref();
        }
        return;
      }
    }
  }
}
