import type { CommerceConfig } from './config';
import type { Db } from './db/database';
import { CartService } from './domain/carts/cart-service';
import { CatalogChanges } from './domain/catalog/catalog-changes';
import { CatalogService } from './domain/catalog/catalog-service';
import { CustomerService } from './domain/customers/customer-service';
import { DiscountCodeService } from './domain/discounts/discount-code-service';
import { OrderService } from './domain/orders/order-service';
import { PaymentService } from './domain/payments/payment-service';
import { CustomObjectService } from './domain/platform/custom-object-service';
import { StoreRepository } from './domain/platform/store-repository';

/**
 * Every use case of the service, wired to one database. On PostgreSQL the catalog follows the
 * other instances' changes from before its first load on (stop `changes` when done).
 */
export async function createServices(
  db: Db,
  config: Pick<CommerceConfig, 'publicUrl' | 'basePath' | 'port'>,
  now: () => number = Date.now,
  log?: ConstructorParameters<typeof CatalogChanges>[2],
) {
  const stores = new StoreRepository(db);
  const catalog = new CatalogService(db);
  // Stores are cached apart: a full load of the catalog (another instance changed them) renews them.
  catalog.onLoad = () => stores.forget();
  const changes = new CatalogChanges(db, catalog, log);
  await changes.follow(() => catalog.load());
  const discountCodes = new DiscountCodeService(db, now);
  const payments = new PaymentService(db, now);
  const carts = new CartService(db, stores, catalog, discountCodes, payments);
  return {
    db,
    stores,
    catalog,
    changes,
    customers: new CustomerService(db, stores, now),
    carts,
    discountCodes,
    payments,
    // Order numbers are the caller's: commercetools never generates one.
    orders: new OrderService(db, carts.repository, discountCodes, payments, (rows) => catalog.takeStock(rows)),
    customObjects: new CustomObjectService(db),
    imageBase: `${config.publicUrl ?? `http://localhost:${config.port}${config.basePath}`}`,
  };
}
export type CommerceServices = Awaited<ReturnType<typeof createServices>>;
