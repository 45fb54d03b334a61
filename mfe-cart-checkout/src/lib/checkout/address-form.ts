import { type CheckoutAddress, US_STATES, type UsState } from '@shop/contracts/browser';

/**
 * An address as the form holds it (every field a string, as typed), and the rules the gateway's
 * `checkoutAddressSchema` applies, checked before sending so the shopper hears about a missing
 * field at once. The gateway checks again; its per-field messages are shown the same way.
 */
export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'streetName',
  'additionalStreetInfo',
  'city',
  'state',
  'postalCode',
  'phone',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressDraft = Record<AddressField, string>;
export type AddressErrors = Partial<Record<AddressField, string>>;

export const ADDRESS_LABELS: Record<AddressField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  streetName: 'Street address',
  additionalStreetInfo: 'Apartment, suite or unit',
  city: 'City',
  state: 'State',
  postalCode: 'ZIP code',
  phone: 'Phone',
};

const ZIP = /^\d{5}(-\d{4})?$/;
const PHONE = /^[0-9+().\- ]{7,20}$/;
const LIMITS: Partial<Record<AddressField, number>> = {
  firstName: 50,
  lastName: 50,
  streetName: 100,
  additionalStreetInfo: 100,
  city: 60,
};
const REQUIRED: Partial<Record<AddressField, string>> = {
  firstName: 'Enter a first name.',
  lastName: 'Enter a last name.',
  streetName: 'Enter a street address.',
  city: 'Enter a city.',
  state: 'Choose a state.',
  postalCode: 'Enter a ZIP code.',
};

export const emptyAddress = (): AddressDraft => ({
  firstName: '',
  lastName: '',
  streetName: '',
  additionalStreetInfo: '',
  city: '',
  state: '',
  postalCode: '',
  phone: '',
});

export function draftOf(address: Partial<CheckoutAddress> | undefined): AddressDraft {
  const draft = emptyAddress();
  if (!address) return draft;
  for (const field of ADDRESS_FIELDS) {
    const value = address[field];
    if (typeof value === 'string') draft[field] = value;
  }
  return draft;
}

/** Is this a state code the shop ships to? */
export const isUsState = (value: string): value is UsState => Object.hasOwn(US_STATES, value);

/** What is wrong with each field, in form order; empty when the address can be sent. */
export function addressErrors(draft: AddressDraft): AddressErrors {
  const errors: AddressErrors = {};
  for (const field of ADDRESS_FIELDS) {
    const value = draft[field].trim();
    const required = REQUIRED[field];
    const limit = LIMITS[field];
    if (!value) {
      if (required) errors[field] = required;
    } else if (limit && value.length > limit) {
      errors[field] = `${ADDRESS_LABELS[field]} can be up to ${limit} characters.`;
    } else if (field === 'state' && !isUsState(value.toUpperCase())) {
      errors[field] = 'Choose a state.';
    } else if (field === 'postalCode' && !ZIP.test(value)) {
      errors[field] = 'Enter a 5-digit ZIP code, like 10001.';
    } else if (field === 'phone' && !PHONE.test(value)) {
      errors[field] = 'Enter a phone number with digits, spaces and + ( ) . - only.';
    }
  }
  return errors;
}

/** The address as the gateway takes it: trimmed, the state upper-cased, empty optional fields left out. */
export function addressOf(draft: AddressDraft): CheckoutAddress {
  const trimmed = (field: AddressField) => draft[field].trim();
  return {
    firstName: trimmed('firstName'),
    lastName: trimmed('lastName'),
    streetName: trimmed('streetName'),
    ...(trimmed('additionalStreetInfo') ? { additionalStreetInfo: trimmed('additionalStreetInfo') } : {}),
    city: trimmed('city'),
    state: trimmed('state').toUpperCase() as UsState,
    postalCode: trimmed('postalCode'),
    country: 'US',
    ...(trimmed('phone') ? { phone: trimmed('phone') } : {}),
  };
}

/** The address in the lines a label would print. */
export function addressLines(address: CheckoutAddress): string[] {
  return [
    `${address.firstName} ${address.lastName}`,
    address.streetName,
    address.additionalStreetInfo,
    `${address.city}, ${address.state} ${address.postalCode}`,
    address.phone,
  ].filter((line): line is string => Boolean(line));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail rule the gateway applies, as a message for the shopper (undefined when fine). */
export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (!email) return 'Enter your e-mail address.';
  if (email.length > 254 || !EMAIL.test(email)) return 'Enter an e-mail address like name@example.com.';
  return undefined;
}
