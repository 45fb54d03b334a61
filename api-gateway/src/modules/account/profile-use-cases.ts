import type { ProfileResponse } from '@shop/contracts';
import { PASSWORD_MESSAGES, checkPassword } from '@shop/node-kit';
import {
  type CommerceClient,
  CommerceRequestError,
  type CustomerProfile,
  type ProfileAction,
} from '../../clients/commercetools';
import type { AddressRecord } from '../../clients/commercetools';
import { DomainError } from '../../shared/domain-error';
import type { Throttle } from '../../shared/throttle';

/** Who asks: the signed-in customer of this store, and where from (for the throttle). */
export interface ProfileCaller {
  storeKey: string;
  customerId: string;
  ip: string;
  correlationId: string;
}

export function toProfileResponse(profile: CustomerProfile): ProfileResponse {
  return {
    email: profile.email,
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    version: profile.version,
    marketingOptIn: profile.marketingOptIn,
    addresses: profile.addresses.map((address) => ({
      id: address.id,
      firstName: address.firstName ?? '',
      lastName: address.lastName ?? '',
      streetName: address.streetName ?? '',
      ...(address.additionalStreetInfo ? { additionalStreetInfo: address.additionalStreetInfo } : {}),
      city: address.city ?? '',
      state: (address.state ?? '') as ProfileResponse['addresses'][number]['state'],
      postalCode: address.postalCode ?? '',
      country: 'US',
      ...(address.phone ? { phone: address.phone } : {}),
    })),
  };
}

const isCode = (error: unknown, code: string) => error instanceof CommerceRequestError && error.code === code;

/** Profile, e-mail, password and saved addresses of the signed-in customer (SPEC §2 /account/profile). */
export function profileUseCases(commerce: CommerceClient, throttle: Throttle) {
  const call = (caller: ProfileCaller, expected: string[] = []) => ({
    correlationId: caller.correlationId,
    expected: ['ConcurrentModification', ...expected],
  });

  async function load(caller: ProfileCaller): Promise<CustomerProfile> {
    const profile = await commerce.customerProfile(caller.storeKey, caller.customerId, call(caller));
    // A session whose customer is gone (or belongs to another store) has nobody to show.
    if (!profile) throw new DomainError('SessionRequired', 'Sign in to see your profile.');
    return profile;
  }

  /** 409 VERSION_CONFLICT carrying the current profile, so the page shows it instead of overwriting. */
  async function conflict(caller: ProfileCaller): Promise<never> {
    throw new DomainError(
      'VERSION_CONFLICT',
      'Your profile was changed in another tab or window. Here is what it holds now; make your change again.',
      undefined,
      { current: toProfileResponse(await load(caller)) },
    );
  }

  async function update(caller: ProfileCaller, version: number, actions: ProfileAction[], expected: string[] = []) {
    try {
      return await commerce.updateCustomerProfile(
        caller.storeKey,
        caller.customerId,
        version,
        actions,
        call(caller, expected),
      );
    } catch (error) {
      if (isCode(error, 'ConcurrentModification')) return conflict(caller);
      throw error;
    }
  }

  /** The current password, checked with the platform's in-store login (no cart is passed, none is touched). */
  async function checkCurrentPassword(caller: ProfileCaller, email: string, password: string) {
    // The attempt is counted before the check (see signInReserved): a wrong one keeps its place.
    if (!(await throttle.signInReserved(caller.ip, email)))
      throw new DomainError('TOO_MANY_REQUESTS', 'Too many password attempts. Try again later.');
    try {
      await commerce.signIn(
        caller.storeKey,
        { email, password },
        { correlationId: caller.correlationId, expected: ['InvalidCredentials'] },
      );
    } catch (error) {
      if (isCode(error, 'InvalidCredentials')) {
        throw new DomainError('WRONG_PASSWORD', 'The current password is not right.', {
          currentPassword: 'The current password is not right.',
        });
      }
      await throttle.signInReleased(caller.ip, email);
      throw error;
    }
    await throttle.signInSucceeded(caller.ip, email);
  }

  const ownAddress = (profile: CustomerProfile, id: string) => {
    if (!profile.addresses.some((address) => address.id === id))
      throw new DomainError('ADDRESS_NOT_FOUND', 'This address is not among your saved addresses.');
  };

  return {
    profile: load,

    updateNames: (
      caller: ProfileCaller,
      input: { firstName: string; lastName: string; marketingOptIn: boolean; version: number },
    ) =>
      update(caller, input.version, [
        { setFirstName: input.firstName },
        { setLastName: input.lastName },
        { setMarketingOptIn: input.marketingOptIn },
      ]),

    async changeEmail(caller: ProfileCaller, input: { email: string; currentPassword: string; version: number }) {
      const current = await load(caller);
      if (current.version !== input.version) return conflict(caller);
      await checkCurrentPassword(caller, current.email, input.currentPassword);
      if (input.email.toLowerCase() === current.email.toLowerCase()) return current;
      const other = await commerce.findCustomerByEmail(caller.storeKey, input.email, call(caller));
      if (other && other.id !== caller.customerId) throw emailTaken();
      try {
        // The platform's unique constraint decides a race with a sign-up of the same address.
        return await update(caller, input.version, [{ changeEmail: input.email }], ['DuplicateField']);
      } catch (error) {
        if (isCode(error, 'DuplicateField')) throw emailTaken();
        throw error;
      }
    },

    /** commercetools customerChangePassword; the caller then ends the customer's other sessions. */
    async changePassword(caller: ProfileCaller, input: { currentPassword: string; newPassword: string }) {
      const current = await load(caller);
      const problem = checkPassword(input.newPassword, { email: current.email, brand: caller.storeKey });
      if (problem)
        throw new DomainError('WEAK_PASSWORD', PASSWORD_MESSAGES[problem], { newPassword: PASSWORD_MESSAGES[problem] });
      if (!(await throttle.signInReserved(caller.ip, current.email)))
        throw new DomainError('TOO_MANY_REQUESTS', 'Too many password attempts. Try again later.');
      try {
        const changed = await commerce.changeCustomerPassword(
          caller.storeKey,
          caller.customerId,
          current.version,
          input,
          { correlationId: caller.correlationId, expected: ['InvalidCurrentPassword', 'ConcurrentModification'] },
        );
        await throttle.signInSucceeded(caller.ip, current.email);
        return changed;
      } catch (error) {
        if (isCode(error, 'InvalidCurrentPassword')) {
          throw new DomainError('WRONG_PASSWORD', 'The current password is not right.', {
            currentPassword: 'The current password is not right.',
          });
        }
        await throttle.signInReleased(caller.ip, current.email);
        if (isCode(error, 'ConcurrentModification')) return conflict(caller);
        throw error;
      }
    },

    addAddress: (caller: ProfileCaller, address: AddressRecord, version: number) =>
      update(caller, version, [{ addAddress: address }]),

    async changeAddress(caller: ProfileCaller, id: string, address: AddressRecord, version: number) {
      ownAddress(await load(caller), id);
      return update(caller, version, [{ changeAddress: { id, address } }]);
    },

    async removeAddress(caller: ProfileCaller, id: string, version: number) {
      ownAddress(await load(caller), id);
      return update(caller, version, [{ removeAddress: id }]);
    },
  };
}

const emailTaken = () =>
  new DomainError('EMAIL_TAKEN', 'Another account already uses this e-mail address.', {
    email: 'Another account already uses this e-mail address.',
  });
