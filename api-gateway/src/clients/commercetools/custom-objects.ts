import { CUSTOM_OBJECT, PUT_CUSTOM_OBJECT } from './documents';
import type { CallOptions, Graphql } from './transport';

type Call = CallOptions & { correlationId: string };

export interface StoredObject {
  version: number;
  value: unknown;
}

/**
 * Custom objects: JSON documents by container and key, shared by every gateway instance. A write
 * names the version it read (0: only if it does not exist yet), so it never overwrites another's;
 * a lost race is a ConcurrentModification (CommerceRequestError).
 */
export function customObjectOperations(graphql: Graphql) {
  return {
    async getObject(container: string, key: string, call: Call): Promise<StoredObject | undefined> {
      const { customObject } = await graphql<{ customObject: { version: number; value: unknown } | null }>(
        'CustomObject',
        CUSTOM_OBJECT,
        { container, key },
        call,
      );
      return customObject ? { version: customObject.version, value: customObject.value } : undefined;
    },

    async putObject(
      container: string,
      key: string,
      value: unknown,
      version: number,
      call: Call,
    ): Promise<StoredObject> {
      const { createOrUpdateCustomObject } = await graphql<{
        createOrUpdateCustomObject: { version: number; value: unknown };
      }>(
        'PutCustomObject',
        PUT_CUSTOM_OBJECT,
        { draft: { container, key, value: JSON.stringify(value), version } },
        call,
      );
      return { version: createOrUpdateCustomObject.version, value: createOrUpdateCustomObject.value };
    },
  };
}
