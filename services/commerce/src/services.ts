import type { CommerceConfig } from './config';
import type { Db } from './db/database';
import { CartService } from './domain/carts/cart-service';
import { CatalogService } from './domain/catalog/catalog-service';
import { CustomerService } from './domain/customers/customer-service';
import { DiscountCodeService } from './domain/discounts/discount-code-service';
import { OrderService } from './domain/orders/order-service';
import { PaymentService } from './domain/payments/payment-service';
import { CustomObjectService } from './domain/platform/custom-object-service';
import { StoreRepository } from './domain/platform/store-repository';

/** Every use case of the service, wired to one database. */
export async function createServices(
  db: Db,
  config: Pick<CommerceConfig, 'publicUrl' | 'basePath' | 'port'>,
  now: () => number = Date.now,
) {
  const stores = new StoreRepository(db);
  const catalog = new CatalogService(db);
  await catalog.load();
  const discountCodes = new DiscountCodeService(db, now);
  const payments = new PaymentService(db, now);
  const carts = new CartService(db, stores, catalog, discountCodes, payments);
  return {
    db,
    stores,
    catalog,
    customers: new CustomerService(db, stores, now),
    carts,
    discountCodes,
    payments,
    // Order numbers are the caller's: commercetools never generates one.
    orders: new OrderService(db, carts.repository, discountCodes, payments, () => catalog.refreshStock()),
    customObjects: new CustomObjectService(db),
    imageBase: `${config.publicUrl ?? `http://localhost:${config.port}${config.basePath}`}`,
  };
}
export type CommerceServices = Awaited<ReturnType<typeof createServices>>;
