import type { BrandCatalog } from '@shop/brands';
import type { HttpLifecycle, Logger } from '@shop/node-kit';
import type { ServiceMetrics } from '@shop/node-kit/metrics';
import type { CaptchaClient } from '../clients/captcha/captcha-client';
import type { CommerceClient } from '../clients/commercetools';
import type { ContentSource } from '../clients/content';
import type { CrmClient } from '../clients/crm';
import type { CheckoutVendors } from '../clients/checkout-vendors';
import type { GatewayConfig } from '../config';
import type { CartWriteQueue } from '../data-access/cart-write-queue';
import type { JobQueue } from '../data-access/job-queue';
import type { Mailer } from '../data-access/mailer';
import type { RegistryRepository } from '../data-access/registry-repository';
import type { RemoteStore } from '../data-access/remote-store';
import type { ResponseCache } from '../data-access/response-cache';
import type { TrackingSink } from '../data-access/tracking-sink';
import type { Csrf } from '../sessions/csrf';
import type { RevocationStore } from '../sessions/revocation-store';
import type { SessionService } from '../sessions/session-service';
import type { BrandOrigins } from '../shared/brand-origins';
import type { CartWriteStats } from '../shared/cart-write-stats';
import type { Throttle } from '../shared/throttle';
import type { FlagReader } from './flags/flag-reader';

/** Everything the gateway is built from (server.ts makes them); each module takes only the part it names. */
export interface AppDeps {
  config: GatewayConfig;
  catalog: BrandCatalog;
  logger: Logger;
  registry: RegistryRepository;
  store: RemoteStore;
  sink: TrackingSink;
  sessions: SessionService;
  /** Sessions ended before they expire (shoppers' and staff's: their ids never collide). */
  revocations: RevocationStore;
  csrf: Csrf;
  commerce: CommerceClient;
  captcha: CaptchaClient;
  throttle: Throttle;
  /** Transactional mail, in each brand's templates, queued and sent over SMTP by the `mail` worker. */
  mailer: Mailer;
  /** Work after the answer, retried: pg-boss with DATABASE_URL, else in this process (ADR 0029). */
  jobs: JobQueue;
  cache: ResponseCache;
  content: ContentSource;
  crm: CrmClient;
  origins: BrandOrigins;
  /** Writes to one cart one at a time: across instances through Redis with REDIS_URL, else in this process. */
  cartQueue: CartWriteQueue;
  cartStats: CartWriteStats;
  /** Tax, address verification, payment, fraud screening and loyalty (docs/adr/0014). */
  vendors: CheckoutVendors;
  /** The brands' feature flags through OpenFeature; each request's are on `res.locals.flags`. */
  flags: FlagReader;
  /** Readiness (/readyz: commerce and Redis answer) and the graceful stop on SIGTERM. */
  lifecycle: HttpLifecycle;
  /** Prometheus metrics (/metrics): requests by route, upstream calls and breakers, cache lookups. */
  metrics: ServiceMetrics;
}
