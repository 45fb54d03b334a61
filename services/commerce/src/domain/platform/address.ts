import { randomUUID } from 'node:crypto';
import { invalidField } from '../../errors';

const FIELDS = [
  'key',
  'title',
  'salutation',
  'firstName',
  'lastName',
  'streetName',
  'streetNumber',
  'additionalStreetInfo',
  'postalCode',
  'city',
  'region',
  'state',
  'country',
  'company',
  'department',
  'building',
  'apartment',
  'pOBox',
  'phone',
  'mobile',
  'email',
  'additionalAddressInfo',
] as const;

export type Address = Partial<Record<(typeof FIELDS)[number], string>> & { id: string; country: string };

/** A commercetools Address from input: known string fields only, country as ISO 3166-1 alpha-2. */
export function toAddress(input: Record<string, unknown>, id: string = randomUUID()): Address {
  const country = input.country;
  if (typeof country !== 'string' || !/^[A-Z]{2}$/.test(country)) {
    throw invalidField('country', country ?? null, 'country must be a two-letter ISO 3166-1 code such as US.');
  }
  const address: Address = { id, country };
  for (const field of FIELDS) {
    const value = input[field];
    if (value === undefined || value === null || field === 'country') continue;
    if (typeof value !== 'string' || value.length > 256)
      throw invalidField(field, value, `${field} must be text of at most 256 characters.`);
    address[field] = value;
  }
  return address;
}
