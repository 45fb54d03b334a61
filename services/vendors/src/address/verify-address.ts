import { type ZipData, type ZipPlace, cityKey } from '../zip-data';
import { caseAndSpacing, standardizeStreet, standardizeUnit } from './usps-standard';

export interface AddressInput {
  streetName: string;
  additionalStreetInfo?: string;
  city: string;
  state: string;
  postalCode: string;
  country: 'US';
}

export type IssueField = 'streetName' | 'city' | 'state' | 'postalCode';
export type IssueCode = 'UNKNOWN_ZIP' | 'ZIP_STATE_MISMATCH' | 'ZIP_CITY_MISMATCH' | 'NO_HOUSE_NUMBER';

export interface Verification {
  verdict: 'valid' | 'corrected' | 'invalid';
  standardized?: AddressInput;
  issues: Array<{ field: IssueField; code: IssueCode; message: string }>;
  suggestion?: AddressInput;
}

/** Of a city's ZIP codes, the one numerically closest to what was entered. */
function nearestZip(zips: readonly string[], entered: string): string {
  const target = Number(entered);
  return zips.reduce((best, zip) => (Math.abs(Number(zip) - target) < Math.abs(Number(best) - target) ? zip : best));
}

/**
 * The rules (see address-routes.ts for the API):
 * - invalid, UNKNOWN_ZIP: the ZIP code is not in the ZIP data;
 * - invalid, ZIP_STATE_MISMATCH: the ZIP code belongs to another state (on `state` when the city
 *   is the ZIP's, so the state is what is wrong; else on `postalCode`);
 * - invalid, ZIP_CITY_MISMATCH: the ZIP code is not the city's while the city has ZIP codes of
 *   its own in that state (a city the data does not know, such as a neighbourhood, is instead
 *   corrected to the ZIP's city);
 * - invalid, NO_HOUSE_NUMBER: the street line neither starts with a house number nor is a PO box;
 * - corrected: deliverable, and the standard form differs from the input by more than case and
 *   spacing (a suffix, a directional, a unit designator, punctuation, the city's name);
 * - valid: deliverable, and the standard form differs from the input in case and spacing only.
 * A suggestion comes with an invalid address when one can be derived (the city's ZIP code in
 * the state, or the ZIP's state), and with every corrected one (the standard form).
 */
export function verifyAddress(input: AddressInput, zips: ZipData): Verification {
  const issues: Verification['issues'] = [];
  const street = standardizeStreet(input.streetName);
  const unit = input.additionalStreetInfo?.trim() ? standardizeUnit(input.additionalStreetInfo) : undefined;
  const zip = input.postalCode.slice(0, 5);
  const place = zips.get(zip);
  const cityZips = zips.zipsOfCity(input.state, input.city);
  const cityZip = cityZips.length ? zips.get(nearestZip(cityZips, zip)) : undefined;
  const standardWith = (at: ZipPlace, postalCode: string): AddressInput => ({
    streetName: street.standard,
    ...(unit ? { additionalStreetInfo: unit } : {}),
    city: at.city,
    state: at.state,
    postalCode,
    country: 'US',
  });

  let suggestion: AddressInput | undefined;
  if (!street.hasHouseNumber) {
    issues.push({
      field: 'streetName',
      code: 'NO_HOUSE_NUMBER',
      message: 'The street address needs a house number, e.g. 123 Main St.',
    });
  }
  if (!place) {
    issues.push({ field: 'postalCode', code: 'UNKNOWN_ZIP', message: `${zip} is not a US ZIP code.` });
    if (cityZip) suggestion = standardWith(cityZip, cityZip.zip);
  } else if (place.state !== input.state) {
    const cityIsTheZips = cityKey(place.city) === cityKey(input.city);
    issues.push({
      field: cityIsTheZips ? 'state' : 'postalCode',
      code: 'ZIP_STATE_MISMATCH',
      message: `ZIP code ${zip} is in ${place.state}, not ${input.state}.`,
    });
    if (cityIsTheZips) suggestion = standardWith(place, input.postalCode);
    else if (cityZip) suggestion = standardWith(cityZip, cityZip.zip);
  } else if (cityKey(place.city) !== cityKey(input.city) && cityZip) {
    issues.push({
      field: 'postalCode',
      code: 'ZIP_CITY_MISMATCH',
      message: `ZIP code ${zip} is ${place.city}'s, not ${caseAndSpacing(input.city)}'s.`,
    });
    suggestion = standardWith(cityZip, cityZip.zip);
  }
  if (issues.length > 0) {
    // A suggestion must be deliverable: without a house number there is none to offer.
    return { verdict: 'invalid', issues, ...(street.hasHouseNumber && suggestion ? { suggestion } : {}) };
  }

  const standardized = standardWith(place as ZipPlace, input.postalCode);
  const same =
    caseAndSpacing(input.streetName) === standardized.streetName &&
    caseAndSpacing(input.additionalStreetInfo ?? '') === (standardized.additionalStreetInfo ?? '') &&
    caseAndSpacing(input.city) === standardized.city;
  return same
    ? { verdict: 'valid', standardized, issues }
    : { verdict: 'corrected', standardized, issues, suggestion: standardized };
}
