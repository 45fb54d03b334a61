import { createHash, randomInt } from 'node:crypto';
import { ID_VERIFICATION_GROUPS, type IdVerificationGroup, type IdVerificationStatus } from '@shop/contracts';
import type { CommerceClient } from '../../clients/commercetools';
import { IdmeFailure, type IdmeClient } from '../../clients/idme';

/** Why a callback did not verify anyone; each reads as its own explanation on the page. */
export type VerificationProblemKind = 'denied' | 'state' | 'not-verified' | 'refused' | 'unavailable';

export class VerificationProblem extends Error {
  constructor(
    readonly kind: VerificationProblemKind,
    message: string,
  ) {
    super(message);
    this.name = 'VerificationProblem';
  }
}

/** Crockford base32: codes read aloud and typed back without ambiguity. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_ATTEMPTS = 3;

/** `idme-{group}-{random}` (the platform keeps codes upper-cased: IDME-MILITARY-7K2Q9M4X). */
export const idmeCode = (group: string, random: (max: number) => number = randomInt) =>
  `idme-${group}-${Array.from({ length: 8 }, () => ALPHABET[random(ALPHABET.length)]).join('')}`;

/** One code per store, group and customer, found again by this key (no customer id in clear). */
export const idmeCodeKey = (storeKey: string, group: string, customerId: string) =>
  `idme-${storeKey}-${group}-${createHash('sha256').update(customerId).digest('hex').slice(0, 32)}`;

/** The store's cart discount each group's codes grant (seeded per store, 10% off, code only). */
export const idmeCartDiscountKey = (storeKey: string, group: string) => `${storeKey}-idme-${group}`;

const isGroup = (value: string | undefined): value is IdVerificationGroup =>
  (ID_VERIFICATION_GROUPS as readonly string[]).includes(value ?? '');

type Commerce = Pick<
  CommerceClient,
  'readIdVerification' | 'recordIdVerification' | 'createDiscountCode' | 'findDiscountCodeByKey'
>;

export function idVerificationUseCases({
  commerce,
  idme,
  now = () => new Date(),
}: {
  commerce: Commerce;
  idme: Pick<IdmeClient, 'exchangeCode' | 'verifiedGroups'>;
  now?: () => Date;
}) {
  /** The customer's code for the group: the one issued before, or a new one only they can use, once. */
  async function codeFor(storeKey: string, group: IdVerificationGroup, customerId: string, correlationId: string) {
    const key = idmeCodeKey(storeKey, group, customerId);
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
      const existing = await commerce.findDiscountCodeByKey(key, correlationId);
      if (existing) return existing.code;
      const created = await commerce.createDiscountCode(
        {
          code: idmeCode(group),
          key,
          name: `ID.me ${group} discount`,
          cartDiscountKey: idmeCartDiscountKey(storeKey, group),
          maxApplications: 1,
          maxApplicationsPerCustomer: 1,
          cartPredicate: `customerId = "${customerId}"`,
          // One verified discount per customer, whichever group (commerce's one-per-customer rule).
          groups: ['id-verification', 'one-per-customer'],
        },
        correlationId,
      );
      if (!('duplicate' in created)) return created.code;
      // The key exists (a concurrent callback made it: read it next turn) or the random code collided.
    }
    throw new Error('Could not issue a unique ID.me code');
  }

  return {
    /**
     * The provider's answer to a verification this customer started: the code exchanged (PKCE
     * verifier, exact redirect URI), the verified groups read, the group stored on the customer
     * and the group's code issued (once per group).
     */
    async complete(input: {
      code: string;
      verifier: string;
      redirectUri: string;
      requestedGroup: string;
      customerId: string;
      storeKey: string;
      correlationId: string;
    }): Promise<{ group: IdVerificationGroup; code: string }> {
      let groups: string[];
      try {
        const token = await idme.exchangeCode(input.code, input.verifier, input.redirectUri);
        groups = await idme.verifiedGroups(token);
      } catch (error) {
        if (error instanceof IdmeFailure) throw new VerificationProblem(error.kind, error.message);
        throw error;
      }
      const group = groups.includes(input.requestedGroup) ? input.requestedGroup : groups.find(isGroup);
      if (!isGroup(group)) throw new VerificationProblem('not-verified', 'The provider verified no group we offer');
      await commerce.recordIdVerification(
        input.customerId,
        { group, verifiedAt: now().toISOString() },
        input.correlationId,
      );
      return { group, code: await codeFor(input.storeKey, group, input.customerId, input.correlationId) };
    },

    async status(customerId: string, storeKey: string, correlationId: string): Promise<IdVerificationStatus> {
      const stored = await commerce.readIdVerification(customerId, correlationId);
      if (!stored || !isGroup(stored.group)) return { available: true };
      const code = await commerce.findDiscountCodeByKey(idmeCodeKey(storeKey, stored.group, customerId), correlationId);
      return {
        available: true,
        group: stored.group,
        ...(stored.verifiedAt ? { verifiedAt: stored.verifiedAt } : {}),
        ...(code ? { code: code.code } : {}),
      };
    },
  };
}
