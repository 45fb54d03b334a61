import { customerFields } from './customer-fields';
import type { Graphql } from './transport';

/** A customer's privacy choice as their record keeps it (customer-b2c consent fields); `at` in ms. */
export interface CustomerConsent {
  analytics: boolean;
  marketing: boolean;
  at: number;
}

const NAMES = ['consentAnalytics', 'consentMarketing', 'consentAt'] as const;

/** The privacy choice stored on the customer, so it follows them to every browser they sign in on. */
export function customerConsentOperations(graphql: Graphql) {
  const fields = customerFields(graphql);
  return {
    /** Undefined when the customer never chose (or does not exist). */
    async readConsent(customerId: string, correlationId: string): Promise<CustomerConsent | undefined> {
      const values = await fields.readFields(customerId, NAMES, correlationId);
      const at = typeof values?.consentAt === 'string' ? Date.parse(values.consentAt) : Number.NaN;
      if (
        !values ||
        typeof values.consentAnalytics !== 'boolean' ||
        typeof values.consentMarketing !== 'boolean' ||
        !Number.isFinite(at)
      )
        return undefined;
      return { analytics: values.consentAnalytics, marketing: values.consentMarketing, at };
    },

    recordConsent: (customerId: string, consent: CustomerConsent, correlationId: string) =>
      fields.setFields(
        customerId,
        {
          consentAnalytics: consent.analytics,
          consentMarketing: consent.marketing,
          consentAt: new Date(consent.at).toISOString(),
        },
        correlationId,
      ),
  };
}
