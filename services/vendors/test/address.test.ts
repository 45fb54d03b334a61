import { standardizeStreet, standardizeUnit } from '../src/address/usps-standard';
import type { RunningVendors } from '../src/server';
import { KEYS, call, startVendors } from './support';

describe('USPS-style standardisation', () => {
  it.each([
    ['123 main st', '123 MAIN ST'],
    ['123   Main    Street', '123 MAIN ST'],
    ['123 Main St.', '123 MAIN ST'],
    ['456 north main avenue', '456 N MAIN AVE'],
    ['789 Park Avenue South', '789 PARK AVE S'],
    ['10 w 42nd street', '10 W 42ND ST'],
    ['55 Ocean Blvd Northeast', '55 OCEAN BLVD NE'],
    ['1 North Ave', '1 NORTH AVE'],
    ['12 Old Front St', '12 OLD FRONT ST'],
    ['350 Fifth Avenue Suite 3300', '350 FIFTH AVE STE 3300'],
    ['2 Elm Street Apartment #4b', '2 ELM ST APT 4B'],
    ['2 Elm St #4b', '2 ELM ST # 4B'],
    ['77 Broadway Floor 12', '77 BROADWAY FL 12'],
    ['9 Mill Road Rear', '9 MILL RD REAR'],
    ['P.O. Box 123', 'PO BOX 123'],
    ['31-45 Steinway Street', '31-45 STEINWAY ST'],
  ])('writes %j as %j', (input, standard) => {
    expect(standardizeStreet(input)).toMatchObject({ standard, hasHouseNumber: true });
  });

  it('tells the house number and the street apart from the unit (what the street ranges are looked up by)', () => {
    expect(standardizeStreet('350 Fifth Avenue Suite 3300')).toEqual({
      standard: '350 FIFTH AVE STE 3300',
      hasHouseNumber: true,
      house: '350',
      street: 'FIFTH AVE',
    });
    expect(standardizeStreet('55 Ocean Blvd Northeast')).toMatchObject({ house: '55', street: 'OCEAN BLVD NE' });
    expect(standardizeStreet('PO Box 42')).not.toHaveProperty('house');
  });

  it('tells a street line without a house number', () => {
    expect(standardizeStreet('Main Street')).toEqual({ standard: 'MAIN STREET', hasHouseNumber: false });
  });

  it('standardises unit lines', () => {
    expect(standardizeUnit('apartment 5c')).toBe('APT 5C');
    expect(standardizeUnit('Suite #200')).toBe('STE 200');
    expect(standardizeUnit('#7')).toBe('# 7');
    expect(standardizeUnit('basement')).toBe('BSMT');
  });
});

describe('POST /address/v1/verify', () => {
  let vendors: RunningVendors;
  beforeAll(async () => {
    vendors = await startVendors('pglite');
  });
  afterAll(() => vendors.stop());
  const verify = (address: Record<string, unknown>, key: string | null = KEYS.addressApiKey) =>
    call(`${vendors.url}/address/v1/verify`, { method: 'POST', key, body: { address } });
  const address = {
    streetName: '123 Main St',
    city: 'New York',
    state: 'NY',
    postalCode: '10001',
    country: 'US',
  };

  it('finds "123 main st", New York 10001 valid, standardised as "123 MAIN ST"', async () => {
    const { status, body } = await verify({ ...address, streetName: '123 main st', city: 'new  york' });
    expect(status).toBe(200);
    expect(body).toEqual({
      verdict: 'valid',
      standardized: { streetName: '123 MAIN ST', city: 'NEW YORK', state: 'NY', postalCode: '10001', country: 'US' },
      issues: [],
    });
  });

  it('corrects "123 main street" to "123 MAIN ST" and suggests the standard form', async () => {
    const { body } = await verify({ ...address, streetName: '123 main street', additionalStreetInfo: 'apartment 4' });
    const standard = {
      streetName: '123 MAIN ST',
      additionalStreetInfo: 'APT 4',
      city: 'NEW YORK',
      state: 'NY',
      postalCode: '10001',
      country: 'US',
    };
    expect(body).toEqual({ verdict: 'corrected', standardized: standard, issues: [], suggestion: standard });
  });

  it('corrects a city the data does not know (a neighbourhood) to the ZIP code’s city', async () => {
    const { body } = await verify({ ...address, city: 'Midtown' });
    expect(body.verdict).toBe('corrected');
    expect(body.suggestion).toMatchObject({ city: 'NEW YORK', postalCode: '10001' });
  });

  it('corrects "St Louis" to the ZIP data’s SAINT LOUIS, and keeps a ZIP+4', async () => {
    const { body } = await verify({
      streetName: '1 Main St',
      city: 'St. Louis',
      state: 'MO',
      postalCode: '63101-1234',
      country: 'US',
    });
    expect(body).toMatchObject({ verdict: 'corrected', suggestion: { city: 'SAINT LOUIS', postalCode: '63101-1234' } });
  });

  it('refuses an unknown ZIP code (UNKNOWN_ZIP), suggesting the ZIP code the street ranges give 1 Market St', async () => {
    const { body } = await verify({
      streetName: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      postalCode: '94000',
      country: 'US',
    });
    expect(body.verdict).toBe('invalid');
    expect(body.issues).toEqual([{ field: 'postalCode', code: 'UNKNOWN_ZIP', message: '94000 is not a US ZIP code.' }]);
    expect(body.suggestion).toEqual({
      streetName: '1 MARKET ST',
      city: 'SAN FRANCISCO',
      state: 'CA',
      postalCode: '94105',
      country: 'US',
    });
    expect(body.standardized).toBeUndefined();
  });

  it('refuses an unknown ZIP code without a suggestion when the city is unknown too', async () => {
    const { body } = await verify({ ...address, city: 'Nowhere Special', postalCode: '00000' });
    expect(body.verdict).toBe('invalid');
    expect(body.issues[0].code).toBe('UNKNOWN_ZIP');
    expect(body.suggestion).toBeUndefined();
  });

  it('refuses a ZIP code of another state (ZIP_STATE_MISMATCH): on the state when the city is the ZIP’s', async () => {
    const { body } = await verify({ ...address, state: 'NJ' });
    expect(body.verdict).toBe('invalid');
    expect(body.issues).toEqual([
      { field: 'state', code: 'ZIP_STATE_MISMATCH', message: 'ZIP code 10001 is in NY, not NJ.' },
    ]);
    expect(body.suggestion).toMatchObject({ state: 'NY', postalCode: '10001', city: 'NEW YORK' });
  });

  it('refuses a ZIP code of another state on the ZIP when the city is in the state entered', async () => {
    const { body } = await verify({
      streetName: '1 Market St',
      city: 'San Francisco',
      state: 'CA',
      postalCode: '10001',
      country: 'US',
    });
    expect(body.issues).toEqual([
      { field: 'postalCode', code: 'ZIP_STATE_MISMATCH', message: 'ZIP code 10001 is in NY, not CA.' },
    ]);
    expect(body.suggestion).toMatchObject({ city: 'SAN FRANCISCO', state: 'CA', postalCode: '94105' });
  });

  it('suggests 10118 for 350 5th Ave, New York, NY 90210 (issue 29), not the city’s ZIP code nearest to 90210', async () => {
    const { body } = await verify({ ...address, streetName: '350 5th Ave', postalCode: '90210' });
    expect(body.verdict).toBe('invalid');
    expect(body.issues).toEqual([
      { field: 'postalCode', code: 'ZIP_STATE_MISMATCH', message: 'ZIP code 90210 is in CA, not NY.' },
    ]);
    expect(body.suggestion).toEqual({
      streetName: '350 5TH AVE',
      city: 'NEW YORK',
      state: 'NY',
      postalCode: '10118',
      country: 'US',
    });
  });

  it('refuses a wrong ZIP code for a street the data does not know with no suggestion', async () => {
    const { body } = await verify({ ...address, postalCode: '90210' });
    expect(body).toEqual({
      verdict: 'invalid',
      issues: [{ field: 'postalCode', code: 'ZIP_STATE_MISMATCH', message: 'ZIP code 90210 is in CA, not NY.' }],
    });
  });

  it('refuses a ZIP code of another city of the state (ZIP_CITY_MISMATCH), with no guess at the city’s ZIP code', async () => {
    const { body } = await verify({ ...address, city: 'Brooklyn' });
    expect(body).toEqual({
      verdict: 'invalid',
      issues: [
        { field: 'postalCode', code: 'ZIP_CITY_MISMATCH', message: "ZIP code 10001 is NEW YORK's, not BROOKLYN's." },
      ],
    });
  });

  it('refuses a ZIP code of the city that the street ranges put elsewhere (ZIP_STREET_MISMATCH)', async () => {
    const { body } = await verify({ ...address, streetName: '350 5th Ave' });
    expect(body.issues).toEqual([
      {
        field: 'postalCode',
        code: 'ZIP_STREET_MISMATCH',
        message: '350 5TH AVE, NEW YORK is in ZIP code 10118, not 10001.',
      },
    ]);
    expect(body.suggestion).toMatchObject({ streetName: '350 5TH AVE', postalCode: '10118' });
  });

  it('refuses a street without a house number (NO_HOUSE_NUMBER), with no suggestion', async () => {
    const { body } = await verify({ ...address, streetName: 'Main Street' });
    expect(body).toEqual({
      verdict: 'invalid',
      issues: [
        {
          field: 'streetName',
          code: 'NO_HOUSE_NUMBER',
          message: 'The street address needs a house number, e.g. 123 Main St.',
        },
      ],
    });
  });

  it('accepts a PO box as deliverable', async () => {
    const { body } = await verify({ ...address, streetName: 'PO Box 42' });
    expect(body.verdict).toBe('valid');
  });

  it('ignores names and phone, which it does not verify', async () => {
    const { status, body } = await verify({ ...address, firstName: 'Ada', lastName: 'Lovelace', phone: '555 0100' });
    expect(status).toBe(200);
    expect(body.standardized).not.toHaveProperty('firstName');
  });

  it.each([
    ['a state that is not a US state code', { state: 'XX' }, 'address.state'],
    ['a malformed ZIP code', { postalCode: 'ABCDE' }, 'address.postalCode'],
    ['an empty street', { streetName: '   ' }, 'address.streetName'],
    ['an empty city', { city: '' }, 'address.city'],
    ['a street over 100 characters', { streetName: `1 ${'x'.repeat(100)}` }, 'address.streetName'],
    ['a country other than the US', { country: 'CA' }, 'address.country'],
    ['a line break in the city', { city: 'New\nYork' }, 'address.city'],
  ])('refuses %s with 400 INVALID_REQUEST', async (_what, change, field) => {
    const { status, body } = await verify({ ...address, ...change });
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_REQUEST');
    expect(body.error.message.startsWith(`${field}:`)).toBe(true);
  });

  it('needs its own key', async () => {
    expect((await verify(address, null)).status).toBe(401);
    expect((await verify(address, KEYS.taxApiKey)).status).toBe(401);
  });
});
