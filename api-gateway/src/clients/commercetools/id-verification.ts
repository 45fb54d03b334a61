import { customerFields } from './customer-fields';
import type { Graphql } from './transport';

/** What the customer record says about identity verification (custom fields of customer-b2c). */
export interface CustomerIdVerification {
  group?: string;
  verifiedAt?: string;
}

const NAMES = ['idVerificationGroup', 'idVerifiedAt'] as const;
const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The verified group on the customer. */
export function idVerificationOperations(graphql: Graphql) {
  const fields = customerFields(graphql);
  return {
    /** Undefined when there is no such customer. */
    async readIdVerification(customerId: string, correlationId: string): Promise<CustomerIdVerification | undefined> {
      const values = await fields.readFields(customerId, NAMES, correlationId);
      if (!values) return undefined;
      const group = text(values.idVerificationGroup);
      const verifiedAt = text(values.idVerifiedAt);
      return { ...(group ? { group } : {}), ...(verifiedAt ? { verifiedAt } : {}) };
    },

    /** Stores the group and time. */
    recordIdVerification: (customerId: string, verification: Required<CustomerIdVerification>, correlationId: string) =>
      fields.setFields(
        customerId,
        { idVerificationGroup: verification.group, idVerifiedAt: verification.verifiedAt },
        correlationId,
      ),
  };
}
