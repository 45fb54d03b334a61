import type { CheckoutAddress, CheckoutUpdateRequest, UsState } from '@shop/contracts';
import type { AddressClient, PostalAddress } from '../../clients/address-verification';
import { DomainError } from '../../shared/domain-error';

export type AddressRole = 'shippingAddress' | 'billingAddress';
type Choice = NonNullable<NonNullable<CheckoutUpdateRequest['verification']>['shippingAddress']>;

const postal = (address: CheckoutAddress): PostalAddress => ({
  streetName: address.streetName,
  ...(address.additionalStreetInfo ? { additionalStreetInfo: address.additionalStreetInfo } : {}),
  city: address.city,
  state: address.state,
  postalCode: address.postalCode,
});

/** The vendor's form of the address, with the shopper's names and phone. */
const withPostal = (address: CheckoutAddress, form: PostalAddress): CheckoutAddress => ({
  ...address,
  streetName: form.streetName,
  ...(form.additionalStreetInfo
    ? { additionalStreetInfo: form.additionalStreetInfo }
    : address.additionalStreetInfo
      ? { additionalStreetInfo: address.additionalStreetInfo }
      : {}),
  city: form.city,
  state: form.state as UsState,
  postalCode: form.postalCode,
});

const WHICH: Record<AddressRole, string> = { shippingAddress: 'shipping address', billingAddress: 'billing address' };

/**
 * Checks an address with the verification vendor before it is saved; nothing the vendor suggests
 * is applied without the shopper's say:
 * - `invalid` (unknown ZIP, ZIP not of the state, city or street, no house number): 400
 *   ADDRESS_INVALID, each wrong field named (`fields`), with the vendor's suggestion when it has
 *   one (only for a street its data knows: a wrong ZIP elsewhere is marked wrong, nothing
 *   guessed). It cannot be kept.
 * - `corrected` (deliverable, written otherwise): 422 ADDRESS_SUGGESTION with the suggestion,
 *   unless the shopper already chose: `accepted` (the body holds the suggestion) or `kept`.
 * - `valid`: saved as entered.
 */
export async function checkAddress(
  client: AddressClient,
  role: AddressRole,
  address: CheckoutAddress,
  choice: Choice | undefined,
  correlationId: string,
): Promise<CheckoutAddress> {
  const verdict = await client.verify(postal(address), correlationId);
  const suggestion = verdict.suggestion ? withPostal(address, verdict.suggestion) : undefined;
  if (verdict.verdict === 'invalid') {
    const fields = Object.fromEntries(verdict.issues.map((issue) => [`${role}.${issue.field}`, issue.message]));
    const first = verdict.issues[0]?.message ?? 'We cannot deliver to this address.';
    throw new DomainError(
      'ADDRESS_INVALID',
      `Check the ${WHICH[role]}: ${first}${suggestion ? ' Did you mean the suggested address?' : ''}`,
      Object.keys(fields).length ? fields : { [`${role}.postalCode`]: first },
      { verification: { address: role, ...(suggestion ? { suggestion } : {}) } },
    );
  }
  if (verdict.verdict === 'corrected') {
    if (choice === 'kept') return address;
    const standard = verdict.standardized ?? verdict.suggestion;
    if (choice === 'accepted' && standard) return withPostal(address, standard);
    throw new DomainError(
      'ADDRESS_SUGGESTION',
      `The postal service writes this ${WHICH[role]} differently. Use the suggested address, or keep yours.`,
      undefined,
      { verification: { address: role, ...(suggestion ? { suggestion } : {}) } },
    );
  }
  return address;
}
