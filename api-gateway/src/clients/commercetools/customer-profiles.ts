import { type AddressRecord, reshapeAddress } from './checkout-carts';
import type { RawProfileCustomer } from './ctp-types';
import { CHANGE_PASSWORD, CUSTOMER_PROFILE, UPDATE_CUSTOMER } from './documents';
import { predicateLiteral } from './predicate-literal';
import type { CallOptions, Graphql } from './transport';

/** A customer's own profile: what the account pages show and edit. */
export interface CustomerProfile {
  id: string;
  version: number;
  email: string;
  firstName?: string;
  lastName?: string;
  marketingOptIn: boolean;
  addresses: Array<AddressRecord & { id: string }>;
}

/** A profile change, in our terms; the adapter turns each into commercetools customer update actions. */
export type ProfileAction =
  | { setFirstName: string }
  | { setLastName: string }
  | { changeEmail: string }
  | { setMarketingOptIn: boolean }
  | { addAddress: AddressRecord }
  | { changeAddress: { id: string; address: AddressRecord } }
  | { removeAddress: string };

type Call = CallOptions & { correlationId: string };

function reshapeProfile(raw: RawProfileCustomer): CustomerProfile {
  const optIn = raw.custom?.customFieldsRaw?.find((field) => field.name === 'marketingOptIn')?.value;
  return {
    id: raw.id,
    version: raw.version,
    email: raw.email,
    ...(raw.firstName ? { firstName: raw.firstName } : {}),
    ...(raw.lastName ? { lastName: raw.lastName } : {}),
    marketingOptIn: (optIn as unknown) === true,
    addresses: raw.addresses.flatMap((address) => {
      const shaped = reshapeAddress(address);
      return address.id && shaped ? [{ ...shaped, id: address.id }] : [];
    }),
  };
}

function toActions(action: ProfileAction): object[] {
  if ('setFirstName' in action) return [{ setFirstName: { firstName: action.setFirstName } }];
  if ('setLastName' in action) return [{ setLastName: { lastName: action.setLastName } }];
  if ('changeEmail' in action) return [{ changeEmail: { email: action.changeEmail } }];
  // Custom field values travel as JSON text in commercetools' GraphQL API.
  if ('setMarketingOptIn' in action)
    return [{ setCustomField: { name: 'marketingOptIn', value: JSON.stringify(action.setMarketingOptIn) } }];
  if ('addAddress' in action) return [{ addAddress: { address: action.addAddress } }];
  if ('changeAddress' in action)
    return [{ changeAddress: { addressId: action.changeAddress.id, address: action.changeAddress.address } }];
  return [{ removeAddress: { addressId: action.removeAddress } }];
}

/** The signed-in customer's profile: read, update (optimistic version) and password change. */
export function customerProfileOperations(graphql: Graphql) {
  return {
    /** The store's customer with this id, or undefined. */
    async customerProfile(storeKey: string, id: string, call: Call): Promise<CustomerProfile | undefined> {
      const data = await graphql<{ customers: { results: RawProfileCustomer[] } }>(
        'CustomerProfile',
        CUSTOMER_PROFILE,
        { where: `id=${predicateLiteral(id)} and stores(key=${predicateLiteral(storeKey)})` },
        call,
      );
      const [found] = data.customers.results;
      return found ? reshapeProfile(found) : undefined;
    },

    /** Applies the changes at this version; a stale version throws ConcurrentModification (409). */
    async updateCustomerProfile(
      storeKey: string,
      id: string,
      version: number,
      actions: ProfileAction[],
      call: Call,
    ): Promise<CustomerProfile> {
      const data = await graphql<{ updateCustomer: RawProfileCustomer }>(
        'UpdateCustomer',
        UPDATE_CUSTOMER,
        { storeKey, id, version, actions: actions.flatMap(toActions) },
        call,
      );
      return reshapeProfile(data.updateCustomer);
    },

    /** commercetools' customerChangePassword; a wrong current password throws InvalidCurrentPassword. */
    async changeCustomerPassword(
      storeKey: string,
      id: string,
      version: number,
      passwords: { currentPassword: string; newPassword: string },
      call: Call,
    ): Promise<CustomerProfile> {
      const data = await graphql<{ customerChangePassword: RawProfileCustomer }>(
        'ChangePassword',
        CHANGE_PASSWORD,
        { storeKey, id, version, ...passwords },
        call,
      );
      return reshapeProfile(data.customerChangePassword);
    },
  };
}
