import { randomBytes } from 'node:crypto';
import type { SessionUser } from '../../sessions/session-token';
import type { CommerceClient } from '../../clients/commercetools';
import { sessionUserFor } from './session-user';

export interface SocialProfile {
  provider: 'google' | 'facebook';
  providerId: string;
  email?: string;
  givenName?: string;
  familyName?: string;
  displayName?: string;
}

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
export async function socialSignIn(
  profile: SocialProfile,
  storeKey: string,
  commerce: CommerceClient,
  correlationId: string,
): Promise<SessionUser | undefined> {
  const email = profile.email?.trim();
  if (!email) return undefined;
  const call = { correlationId };
  let customer = await commerce.findCustomerByEmail(storeKey, email, call);
  if (!customer) {
    const { firstName, lastName } = namesOf(profile);
    const signedUp = await commerce.signUpCustomer(
      storeKey,
      { email, password: randomBytes(32).toString('base64url'), firstName, lastName },
      call,
    );
    // Signed up a moment ago by a parallel request: use that customer.
    customer = 'duplicate' in signedUp ? await commerce.findCustomerByEmail(storeKey, email, call) : signedUp;
  }
  if (!customer) return undefined;
  return sessionUserFor(
    customer,
    profile.provider === 'facebook' ? { externalLoginData: { facebookId: profile.providerId } } : {},
  );
}
