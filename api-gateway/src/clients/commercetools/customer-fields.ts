import { CommerceRequestError } from './commerce-request-error';
import { CUSTOMER_FIELDS, SET_CUSTOMER_FIELDS } from './documents';
import type { Graphql } from './transport';

type RawCustomer = {
  id: string;
  version: number;
  custom: { customFieldsRaw: Array<{ name: string; value: unknown }> | null } | null;
};

const ATTEMPTS = 3;

/**
 * Custom fields of a customer (type customer-b2c) that the gateway keeps for a feature: read by
 * name, and set with setCustomField at the customer's version (a concurrent change of the
 * customer is read again and retried).
 */
export function customerFields(graphql: Graphql) {
  const read = async (customerId: string, names: readonly string[], correlationId: string) =>
    (
      await graphql<{ customer: RawCustomer | null }>(
        'CustomerFields',
        CUSTOMER_FIELDS,
        { id: customerId, names },
        { correlationId },
      )
    ).customer;
  return {
    /** The fields' values by name (absent when unset); undefined when there is no such customer. */
    async readFields(
      customerId: string,
      names: readonly string[],
      correlationId: string,
    ): Promise<Record<string, unknown> | undefined> {
      const raw = await read(customerId, names, correlationId);
      if (!raw) return undefined;
      return Object.fromEntries((raw.custom?.customFieldsRaw ?? []).map((field) => [field.name, field.value]));
    },

    async setFields(customerId: string, values: Record<string, unknown>, correlationId: string): Promise<void> {
      for (let attempt = 1; ; attempt += 1) {
        const raw = await read(customerId, Object.keys(values), correlationId);
        if (!raw) throw new Error('The customer to set fields on does not exist');
        try {
          await graphql(
            'SetCustomerFields',
            SET_CUSTOMER_FIELDS,
            {
              id: customerId,
              version: raw.version,
              actions: Object.entries(values).map(([name, value]) => ({
                setCustomField: { name, value: JSON.stringify(value) },
              })),
            },
            { correlationId, expected: ['ConcurrentModification'] },
          );
          return;
        } catch (error) {
          const conflict = error instanceof CommerceRequestError && error.code === 'ConcurrentModification';
          if (!conflict || attempt >= ATTEMPTS) throw error;
        }
      }
    },
  };
}
