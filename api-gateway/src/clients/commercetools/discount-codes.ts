import type { TCtpDiscountCode } from '@commercetools-test-data/graphql-types';
import { CommerceRequestError } from './commerce-request-error';
import { CREATE_DISCOUNT_CODE, DISCOUNT_CODE_BY_KEY } from './documents';
import type { Graphql } from './transport';

/** A discount code as the shop sees it. */
export interface StoredDiscountCode {
  id: string;
  code: string;
  key?: string;
  validFrom?: string;
  validUntil?: string;
}

/**
 * A new code. As in commercetools it belongs to no store: the code and the key are unique across
 * the project, and the code works in the stores of the cart discount it grants.
 */
export interface NewDiscountCode {
  /** What the shopper types; stored upper-cased, compared without case. */
  code: string;
  /** The caller's own handle for the code (e.g. one per signup), unique across the project. */
  key?: string;
  /** The cart discount the code grants (keys are project-wide), e.g. `everwear-welcome-15`. */
  cartDiscountKey: string;
  validFrom?: Date | string;
  validUntil?: Date | string;
  maxApplications?: number;
  /** How often one customer may use it (orders placed by that customer). */
  maxApplicationsPerCustomer?: number;
  /** commercetools' cart predicate the cart must match, e.g. `customerId = "<id>"` for one customer's code. */
  cartPredicate?: string;
  /** Shown where the code is listed (en-US). */
  name?: string;
  /**
   * commercetools' code groups; `first-order` and `one-per-customer` carry rules the platform
   * enforces (ADR 0010): a first order of the e-mail or customer only; one such code per customer.
   */
  groups?: string[];
}

/** The project already has this code or key; nothing was created. */
export interface DuplicateDiscountCode {
  duplicate: true;
  field: 'code' | 'key';
}

type RawDiscountCode = Pick<TCtpDiscountCode, 'id' | 'code' | 'key' | 'validFrom' | 'validUntil'>;

function reshapeDiscountCode(raw: RawDiscountCode): StoredDiscountCode {
  return {
    id: raw.id,
    code: raw.code,
    ...(raw.key ? { key: raw.key } : {}),
    ...(raw.validFrom ? { validFrom: raw.validFrom } : {}),
    ...(raw.validUntil ? { validUntil: raw.validUntil } : {}),
  };
}

const isoOf = (value: Date | string | undefined) => (value instanceof Date ? value.toISOString() : value);

/** Discount codes on the commerce platform, over the client's GraphQL call. */
export function discountCodeOperations(graphql: Graphql) {
  return {
    /**
     * Creates a code granting one cart discount. A code or key the project already has answers `{ duplicate: true, field }` rather than throwing: the platform's unique
     * constraint decides, so two concurrent signups cannot both get the same code or key.
     */
    async createDiscountCode(
      input: NewDiscountCode,
      correlationId: string,
    ): Promise<StoredDiscountCode | DuplicateDiscountCode> {
      const draft = {
        code: input.code,
        ...(input.key ? { key: input.key } : {}),
        ...(input.name ? { name: [{ locale: 'en-US', value: input.name }] } : {}),
        cartDiscounts: [{ typeId: 'cart-discount', key: input.cartDiscountKey }],
        isActive: true,
        ...(input.validFrom ? { validFrom: isoOf(input.validFrom) } : {}),
        ...(input.validUntil ? { validUntil: isoOf(input.validUntil) } : {}),
        ...(input.maxApplications ? { maxApplications: input.maxApplications } : {}),
        ...(input.maxApplicationsPerCustomer ? { maxApplicationsPerCustomer: input.maxApplicationsPerCustomer } : {}),
        ...(input.cartPredicate ? { cartPredicate: input.cartPredicate } : {}),
        ...(input.groups?.length ? { groups: input.groups } : {}),
      };
      try {
        const data = await graphql<{ createDiscountCode: RawDiscountCode }>(
          'CreateDiscountCode',
          CREATE_DISCOUNT_CODE,
          { draft },
          {
            correlationId,
            expected: ['DuplicateField'],
          },
        );
        return reshapeDiscountCode(data.createDiscountCode);
      } catch (error) {
        if (error instanceof CommerceRequestError && error.code === 'DuplicateField') {
          return { duplicate: true, field: error.extensions.field === 'key' ? 'key' : 'code' };
        }
        throw error;
      }
    },

    /** The code with this key (keys are unique across the project), or undefined. */
    async findDiscountCodeByKey(key: string, correlationId: string): Promise<StoredDiscountCode | undefined> {
      const data = await graphql<{ discountCode: RawDiscountCode | null }>(
        'DiscountCodeByKey',
        DISCOUNT_CODE_BY_KEY,
        { key },
        { correlationId },
      );
      return data.discountCode ? reshapeDiscountCode(data.discountCode) : undefined;
    },
  };
}
