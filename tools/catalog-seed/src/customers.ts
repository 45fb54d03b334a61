import { hashPassword } from '@shop/node-kit';
import { stableId } from './random';
import type { SeedCustomer } from './types';

const STORES = ['vanityfair', 'everwear', 'rallyathletic', 'hoopcraft'];

/**
 * A few customers per store, documented in the README: a regular shopper, and one whose
 * password still lives only as a hash from the previous platform (`legacyHash`).
 */
export function seedCustomers(): SeedCustomer[] {
  return STORES.flatMap((store) => [
    {
      id: stableId(`customer:${store}:shopper`),
      storeKey: store,
      email: `shopper@${store}.example`,
      firstName: 'Sam',
      lastName: 'Shopper',
      password: 'Shopper-Pass-1',
    },
    {
      id: stableId(`customer:${store}:legacy`),
      storeKey: store,
      email: `legacy@${store}.example`,
      firstName: 'Lee',
      lastName: 'Legacy',
      // The current password is unknown to the shopper; the legacy hash holds the real one.
      password: `unused-${stableId(`legacy-password:${store}`)}`,
      legacyPassword: 'Legacy-Pass-1',
    },
  ]);
}

/** The legacy hash, in the five-part `$scrypt$...` format the migration flow verifies. */
export const legacyHashFor = (customer: SeedCustomer) =>
  customer.legacyPassword ? hashPassword(customer.legacyPassword) : Promise.resolve(undefined);
