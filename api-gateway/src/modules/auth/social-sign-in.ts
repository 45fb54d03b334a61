import { randomBytes } from 'node:crypto';
import type { SessionUser } from '../../sessions/session-token';
import { type CommerceClient, CommerceRequestError } from '../../clients/commerce/commerce-client';
import { type CommerceCustomer, sessionUserFor } from './session-user';
import { predicateLiteral } from '../../clients/commerce/predicate-literal';

export interface SocialProfile {
  provider: 'google' | 'facebook';
  providerId: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  displayName?: string;
}

const FIND = `query FindCustomer($where: String) { customers(where: $where, limit: 1) { results { id email firstName lastName } } }`;
const SIGN_UP = `mutation SocialSignUp($draft: CustomerSignUpDraft!, $storeKey: KeyReferenceInput) {
  customerSignUp(draft: $draft, storeKey: $storeKey) { customer { id email firstName lastName } } }`;

type Customer = CommerceCustomer;

/** Given and family name, else the full name split at its first space (SPEC §4). */
export function namesOf(profile: SocialProfile): { firstName?: string; lastName?: string } {
  if (profile.givenName || profile.familyName) return { firstName: profile.givenName, lastName: profile.familyName };
  const [first, ...rest] = (profile.displayName ?? '').trim().split(/\s+/);
  return { firstName: first || undefined, lastName: rest.join(' ') || undefined };
}

/**
 * Social sign-in (SPEC §4): the customer with the provider's e-mail in this store, or a new one
 * with a random password. Facebook sign-ins carry the Facebook id as externalLoginData.
 */
export async function socialSignIn(profile: SocialProfile, storeKey: string, commerce: CommerceClient, correlationId: string): Promise<SessionUser | undefined> {
  const email = profile.email?.trim();
  if (!email) return undefined;
  const find = async () =>
    (await commerce.graphql<{ customers: { results: Customer[] } }>('FindCustomer', FIND, { where: `email=${predicateLiteral(email)} and stores(key=${predicateLiteral(storeKey)})` }, { correlationId }))
      .customers.results[0];
  let customer = await find();
  if (!customer) {
    const { firstName, lastName } = namesOf(profile);
    try {
      customer = (
        await commerce.graphql<{ customerSignUp: { customer: Customer } }>(
          'SocialSignUp',
          SIGN_UP,
          {
            storeKey,
            draft: {
              email,
              password: randomBytes(32).toString('base64url'),
              ...(firstName ? { firstName } : {}),
              ...(lastName ? { lastName } : {}),
              authenticationMode: 'Password',
              custom: { typeKey: 'customer-b2c', fields: [] },
            },
          },
          { correlationId, expected: ['DuplicateField'] },
        )
      ).customerSignUp.customer;
    } catch (error) {
      // Signed up a moment ago by a parallel request: use that customer.
      if (!(error instanceof CommerceRequestError && error.code === 'DuplicateField')) throw error;
      customer = await find();
    }
  }
  if (!customer) return undefined;
  return sessionUserFor(customer, profile.provider === 'facebook' ? { externalLoginData: { facebookId: profile.providerId } } : {});
}
