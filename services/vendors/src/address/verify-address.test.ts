import { type ZipData, loadZipData } from '../zip-data';
import { type AddressInput, verifyAddress } from './verify-address';

// The real ZIP data (the zipcodes package) with the street ranges of street-ranges.ts.
let zips: ZipData;
beforeAll(async () => {
  zips = await loadZipData();
});

const at = (streetName: string, city: string, state: string, postalCode: string): AddressInput => ({
  streetName,
  city,
  state,
  postalCode,
  country: 'US',
});

describe('a wrong ZIP code (issue 29)', () => {
  it('suggests 10118 for 350 5th Ave, New York, NY 90210: the street ranges know that block', () => {
    expect(verifyAddress(at('350 5th Ave', 'New York', 'NY', '90210'), zips)).toEqual({
      verdict: 'invalid',
      issues: [{ field: 'postalCode', code: 'ZIP_STATE_MISMATCH', message: 'ZIP code 90210 is in CA, not NY.' }],
      suggestion: at('350 5TH AVE', 'NEW YORK', 'NY', '10118'),
    });
  });

  it('drops the +4 of a ZIP code it replaces, and keeps the unit line', () => {
    const verdict = verifyAddress(
      { ...at('350 Fifth Avenue', 'new york', 'NY', '90210-1234'), additionalStreetInfo: 'suite 3300' },
      zips,
    );
    expect(verdict.suggestion).toEqual({
      ...at('350 FIFTH AVE', 'NEW YORK', 'NY', '10118'),
      additionalStreetInfo: 'STE 3300',
    });
  });

  it.each([
    ['a ZIP code of another state', '90210', 'ZIP_STATE_MISMATCH', 'ZIP code 90210 is in CA, not NY.'],
    ['a ZIP code of another city', '11201', 'ZIP_CITY_MISMATCH', "ZIP code 11201 is BROOKLYN's, not NEW YORK's."],
    ['a ZIP code that does not exist', '10999', 'UNKNOWN_ZIP', '10999 is not a US ZIP code.'],
  ])(
    'marks %s on the ZIP with no suggestion when the street is not in the data (123 Main St, New York)',
    (_what, postalCode, code, message) => {
      expect(verifyAddress(at('123 Main St', 'New York', 'NY', postalCode), zips)).toEqual({
        verdict: 'invalid',
        issues: [{ field: 'postalCode', code, message }],
      });
    },
  );

  it('makes no suggestion for a house number between the known ranges of a known street', () => {
    const verdict = verifyAddress(at('500 5th Ave', 'New York', 'NY', '90210'), zips);
    expect(verdict.verdict).toBe('invalid');
    expect(verdict.issues.map((issue) => issue.field)).toEqual(['postalCode']);
    expect(verdict).not.toHaveProperty('suggestion');
  });

  it('refuses a ZIP code of the city that the street ranges put elsewhere (ZIP_STREET_MISMATCH)', () => {
    expect(verifyAddress(at('350 5th Ave', 'New York', 'NY', '10001'), zips)).toEqual({
      verdict: 'invalid',
      issues: [
        {
          field: 'postalCode',
          code: 'ZIP_STREET_MISMATCH',
          message: '350 5TH AVE, NEW YORK is in ZIP code 10118, not 10001.',
        },
      ],
      suggestion: at('350 5TH AVE', 'NEW YORK', 'NY', '10118'),
    });
  });

  it('reads the side of the street: 1 5th Ave is 10003 (east), 2 5th Ave is 10011 (west)', () => {
    expect(verifyAddress(at('1 5th Ave', 'New York', 'NY', '10011'), zips).suggestion?.postalCode).toBe('10003');
    expect(verifyAddress(at('2 5th Ave', 'New York', 'NY', '10003'), zips).suggestion?.postalCode).toBe('10011');
  });

  it('suggests the ZIP code’s state when the ZIP code and the city agree, at the street’s ZIP code', () => {
    const verdict = verifyAddress(at('350 5th Ave', 'New York', 'NJ', '10001'), zips);
    expect(verdict.issues).toEqual([
      { field: 'state', code: 'ZIP_STATE_MISMATCH', message: 'ZIP code 10001 is in NY, not NJ.' },
    ]);
    expect(verdict.suggestion).toEqual(at('350 5TH AVE', 'NEW YORK', 'NY', '10118'));
  });
});

describe('a right ZIP code', () => {
  it('finds 350 5th Ave, New York, NY 10118 valid', () => {
    expect(verifyAddress(at('350 5th ave', 'new york', 'NY', '10118'), zips)).toEqual({
      verdict: 'valid',
      standardized: at('350 5TH AVE', 'NEW YORK', 'NY', '10118'),
      issues: [],
    });
  });

  it('finds a street the data does not know valid with the city’s ZIP code, as before the street ranges', () => {
    expect(verifyAddress(at('123 Main St', 'New York', 'NY', '10001'), zips).verdict).toBe('valid');
    expect(verifyAddress(at('500 5th Ave', 'New York', 'NY', '10110'), zips).verdict).toBe('valid');
  });
});
