import type { CheckoutAddress } from '@shop/contracts';
import type { AddressClient, AddressVerdict } from '../../clients/address-verification';
import { DomainError } from '../../shared/domain-error';
import { checkAddress } from './address-check';

const entered: CheckoutAddress = {
  firstName: 'Ann',
  lastName: 'Lee',
  streetName: '123 main street',
  city: 'New York',
  state: 'NY',
  postalCode: '10001',
  country: 'US',
  phone: '212 555 0100',
};
const standard = { streetName: '123 MAIN ST', city: 'NEW YORK', state: 'NY', postalCode: '10001' };
const client = (verdict: AddressVerdict): AddressClient => ({ verify: jest.fn(async () => verdict) });
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as DomainError,
  );

describe('checking an address before it is saved', () => {
  it('saves a valid address as entered', async () => {
    const valid = client({ verdict: 'valid', standardized: standard, issues: [] });
    expect(await checkAddress(valid, 'shippingAddress', entered, undefined, 'c')).toBe(entered);
  });

  it('answers a written-otherwise address with ADDRESS_SUGGESTION (the shopper’s names kept), unless accepted or kept', async () => {
    const corrected = client({ verdict: 'corrected', standardized: standard, issues: [], suggestion: standard });
    const error = await refusal(checkAddress(corrected, 'billingAddress', entered, undefined, 'c'));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'ADDRESS_SUGGESTION',
      details: { verification: { address: 'billingAddress', suggestion: { ...entered, ...standard } } },
    });
    expect(await checkAddress(corrected, 'billingAddress', entered, 'kept', 'c')).toBe(entered);
    expect(await checkAddress(corrected, 'billingAddress', entered, 'accepted', 'c')).toEqual({
      ...entered,
      ...standard,
    });
  });

  it('refuses an undeliverable address with each wrong field named, even when the shopper would keep it', async () => {
    const invalid = client({
      verdict: 'invalid',
      issues: [
        { field: 'postalCode', code: 'ZIP_CITY_MISMATCH', message: "ZIP code 10001 is NEW YORK's, not BROOKLYN's." },
      ],
      suggestion: { ...standard, city: 'BROOKLYN', postalCode: '11201' },
    });
    const error = await refusal(
      checkAddress(invalid, 'shippingAddress', { ...entered, city: 'Brooklyn' }, 'kept', 'c'),
    );
    expect(error).toMatchObject({
      code: 'ADDRESS_INVALID',
      fields: { 'shippingAddress.postalCode': "ZIP code 10001 is NEW YORK's, not BROOKLYN's." },
      details: {
        verification: {
          address: 'shippingAddress',
          suggestion: { city: 'BROOKLYN', postalCode: '11201', firstName: 'Ann' },
        },
      },
    });
  });

  it('refuses a wrong ZIP the vendor has no suggestion for on the ZIP field, offering none', async () => {
    const invalid = client({
      verdict: 'invalid',
      issues: [{ field: 'postalCode', code: 'ZIP_STATE_MISMATCH', message: 'ZIP code 90210 is in CA, not NY.' }],
    });
    const error = await refusal(
      checkAddress(invalid, 'billingAddress', { ...entered, postalCode: '90210' }, undefined, 'c'),
    );
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({
      code: 'ADDRESS_INVALID',
      message: 'Check the billing address: ZIP code 90210 is in CA, not NY.',
      fields: { 'billingAddress.postalCode': 'ZIP code 90210 is in CA, not NY.' },
    });
    expect(error?.details).toEqual({ verification: { address: 'billingAddress' } });
  });
});
