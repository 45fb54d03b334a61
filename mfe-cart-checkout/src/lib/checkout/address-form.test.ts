import { addressErrors, addressOf, draftOf, emailError, emptyAddress } from './address-form';

const filled = {
  ...emptyAddress(),
  firstName: ' Ann ',
  lastName: 'Lee',
  streetName: '123 main st',
  city: 'New York',
  state: 'ny',
  postalCode: '10001',
};

describe('the address form’s rules (the gateway’s checkoutAddressSchema)', () => {
  it('names every missing required field, in form order', () => {
    expect(Object.keys(addressErrors(emptyAddress()))).toEqual([
      'firstName',
      'lastName',
      'streetName',
      'city',
      'state',
      'postalCode',
    ]);
  });

  it('refuses a ZIP that is not 5 digits (or ZIP+4), an unknown state, a bad phone and over-long names', () => {
    expect(
      addressErrors({ ...filled, postalCode: '1001', state: 'XX', phone: 'call me', firstName: 'A'.repeat(51) }),
    ).toEqual({
      firstName: 'First name can be up to 50 characters.',
      state: 'Choose a state.',
      postalCode: 'Enter a 5-digit ZIP code, like 10001.',
      phone: 'Enter a phone number with digits, spaces and + ( ) . - only.',
    });
    expect(addressErrors({ ...filled, postalCode: '10001-1234', phone: '+1 (212) 555-0100' })).toEqual({});
  });

  it('sends the address trimmed, the state upper-cased, empty optional fields left out', () => {
    expect(addressOf(filled)).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      streetName: '123 main st',
      city: 'New York',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
    });
    expect(draftOf(addressOf(filled)).additionalStreetInfo).toBe('');
  });

  it('checks an e-mail address', () => {
    expect(emailError('')).toBe('Enter your e-mail address.');
    expect(emailError('ann@')).toBe('Enter an e-mail address like name@example.com.');
    expect(emailError(' ann@example.com ')).toBeUndefined();
  });
});
