import { z } from 'zod';
import type { CommerceClient } from '../../clients/commercetools';
import { CommerceRequestError } from '../../clients/commercetools/commerce-request-error';
import { DomainError } from '../../shared/domain-error';

/** Where the overrides live: one versioned commerce custom object per brand and environment. */
export const FLAG_OVERRIDES_CONTAINER = 'flag-overrides';

/** What a change may set on a flag, over its flags.json definition. */
export const flagOverrideSchema = z.strictObject({
  state: z.enum(['ENABLED', 'DISABLED']).optional(),
  defaultVariant: z.string().min(1).max(64).optional(),
  /** A flagd targeting rule (JsonLogic with flagd's fractional, sem_ver, starts_with, ends_with). */
  targeting: z.record(z.string(), z.unknown()).optional(),
});
export type FlagOverride = z.infer<typeof flagOverrideSchema>;

/** One change, as the audit shows it: who, when, which flag, before and after, and why. */
export interface FlagChange {
  /** The overrides' version this change made (its number in the audit). */
  version: number;
  at: string;
  actor: string;
  flag: string;
  old: FlagOverride;
  new: FlagOverride;
  reason: string;
  /** The change this one undid. */
  rollbackOf?: number;
}

const documentSchema = z.object({
  flags: z.record(z.string(), flagOverrideSchema),
  history: z.array(z.custom<FlagChange>((value) => typeof value === 'object' && value !== null)),
});
export type OverridesDocument = z.infer<typeof documentSchema>;
export interface StoredOverrides {
  version: number;
  document: OverridesDocument;
}

const EMPTY: OverridesDocument = { flags: {}, history: [] };
const keyOf = (brand: string, environment: string) => `${brand}-${environment}`;

/**
 * Brand managers' overrides of a brand's flags in one environment, versioned: a write names the
 * version it read, so two managers saving at once get one success and one FLAG_CONFLICT, and
 * nothing is lost. The history travels in the same document, written in the same versioned
 * write as the change it records: no change without its audit line, and no route edits either.
 */
export function flagOverridesStore(commerce: CommerceClient) {
  return {
    async read(brand: string, environment: string, correlationId: string): Promise<StoredOverrides> {
      const found = await commerce.getObject(FLAG_OVERRIDES_CONTAINER, keyOf(brand, environment), { correlationId });
      if (!found) return { version: 0, document: EMPTY };
      const parsed = documentSchema.safeParse(found.value);
      // A document we cannot read is not silently replaced: the change is refused until it is fixed.
      if (!parsed.success) throw new Error(`Unreadable flag overrides for ${brand} (${environment})`);
      return { version: found.version, document: parsed.data };
    },

    async write(
      brand: string,
      environment: string,
      document: OverridesDocument,
      version: number,
      correlationId: string,
    ): Promise<StoredOverrides> {
      try {
        const saved = await commerce.putObject(FLAG_OVERRIDES_CONTAINER, keyOf(brand, environment), document, version, {
          correlationId,
        });
        return { version: saved.version, document };
      } catch (error) {
        if (error instanceof CommerceRequestError && error.code === 'ConcurrentModification')
          throw new DomainError(
            'FLAG_CONFLICT',
            'Someone else changed these flags since you read them. Reload to see their change, then try again.',
          );
        throw error;
      }
    },
  };
}
export type FlagOverridesStore = ReturnType<typeof flagOverridesStore>;
