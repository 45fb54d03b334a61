import type { Logger } from '@shop/node-kit';
import type { GatewayConfig } from '../config';
import { type AddressClient, createAddressClient } from './address-verification';
import { type FraudClient, createFraudClient } from './fraud';
import { type LabelClient, createLabelClient } from './labels';
import { type LoyaltyClient, createLoyaltyClient } from './loyalty';
import { type PaymentClient, createPaymentClient } from './payment';
import { type TaxClient, createTaxClient } from './tax';
import type { UpstreamGuard, UpstreamName } from './upstream-guard';

/** The checkout's vendors, and their public settings the browser needs (the hosted field, the collector). */
export interface CheckoutVendors {
  tax: TaxClient;
  address: AddressClient;
  payment: PaymentClient;
  fraud: FraudClient;
  loyalty: LoyaltyClient;
  /** Return labels (not a checkout vendor, but configured and guarded the same way). */
  labels: LabelClient;
  settings: GatewayConfig['vendors'];
}

/** Each vendor from its URL and key alone (docs/adr/0014), behind its own breaker. */
export function createCheckoutVendors(
  settings: GatewayConfig['vendors'],
  logger: Logger,
  guard: (name: UpstreamName) => UpstreamGuard,
): CheckoutVendors {
  const options = (name: UpstreamName, { url, apiKey }: { url: string; apiKey: string }) => ({
    url,
    apiKey,
    logger,
    guard: guard(name),
  });
  return {
    tax: createTaxClient(options('tax', settings.tax)),
    address: createAddressClient(options('address', settings.address)),
    payment: createPaymentClient(options('payment', settings.payment)),
    fraud: createFraudClient({ ...options('fraud', settings.fraud), orgId: settings.fraud.orgId }),
    loyalty: createLoyaltyClient(options('loyalty', settings.loyalty)),
    labels: createLabelClient(options('labels', settings.labels)),
    settings,
  };
}
