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
export type IssueCode =
  'UNKNOWN_ZIP' | 'ZIP_STATE_MISMATCH' | 'ZIP_CITY_MISMATCH' | 'ZIP_STREET_MISMATCH' | 'NO_HOUSE_NUMBER';

export interface Verification {
  verdict: 'valid' | 'corrected' | 'invalid';
  standardized?: AddressInput;
  issues: Array<{ field: IssueField; code: IssueCode; message: string }>;
  suggestion?: AddressInput;
}

/**
 * The rules (see address-routes.ts for the API):
 * - invalid, UNKNOWN_ZIP: the ZIP code is not in the ZIP data;
 * - invalid, ZIP_STATE_MISMATCH: the ZIP code belongs to another state (on `state` when the city
 *   is the ZIP's, so the state is what is wrong; else on `postalCode`);
 * - invalid, ZIP_CITY_MISMATCH: the ZIP code is not the city's while the city has ZIP codes of
 *   its own in that state (a city the data does not know, such as a neighbourhood, is instead
 *   corrected to the ZIP's city);
 * - invalid, ZIP_STREET_MISMATCH: the ZIP code is the city's, but the street ranges put the house
 *   number in another of the city's ZIP codes;
 * - invalid, NO_HOUSE_NUMBER: the street line neither starts with a house number nor is a PO box;
 * - corrected: deliverable, and the standard form differs from the input by more than case and
 *   spacing (a suffix, a directional, a unit designator, punctuation, the city's name);
 * - valid: deliverable, and the standard form differs from the input in case and spacing only.
 *
 * An invalid address comes with a suggestion only when the data knows the answer: the street
 * ranges' ZIP code for that house number, street and city, or, when the ZIP code and the city
 * agree, the state they are in. A city's ZIP codes alone never make one: New York has about a
 * hundred, and the one nearest to a wrong number is as good as a guess. Every corrected address
 * comes with its standard form as the suggestion.
 */
export function verifyAddress(input: AddressInput, zips: ZipData): Verification {
  const issues: Verification['issues'] = [];
  const street = standardizeStreet(input.streetName);
  const unit = input.additionalStreetInfo?.trim() ? standardizeUnit(input.additionalStreetInfo) : undefined;
  const zip = input.postalCode.slice(0, 5);
  const place = zips.get(zip);
  const cityIsKnown = zips.zipsOfCity(input.state, input.city).length > 0;
  const houseNumber = /^(\d+)[A-Z]?$/.exec(street.house ?? '')?.[1];
  /** The ZIP code the street ranges give this house number in a city, with that ZIP code's place. */
  const streetZipIn = (state: string, city: string) => {
    const known =
      houseNumber && street.street ? zips.zipOfStreet(state, city, street.street, Number(houseNumber)) : undefined;
    const at = known ? zips.get(known) : undefined;
    return at && at.state === state ? at : undefined;
  };
  const standardWith = (at: ZipPlace, postalCode: string): AddressInput => ({
    streetName: street.standard,
    ...(unit ? { additionalStreetInfo: unit } : {}),
    city: at.city,
    state: at.state,
    postalCode,
    country: 'US',
  });
  const onStreet = (at: ZipPlace | undefined) => (at ? standardWith(at, at.zip) : undefined);

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
    suggestion = onStreet(streetZipIn(input.state, input.city));
  } else if (place.state !== input.state) {
    const cityIsTheZips = cityKey(place.city) === cityKey(input.city);
    issues.push({
      field: cityIsTheZips ? 'state' : 'postalCode',
      code: 'ZIP_STATE_MISMATCH',
      message: `ZIP code ${zip} is in ${place.state}, not ${input.state}.`,
    });
    suggestion = cityIsTheZips
      ? (onStreet(streetZipIn(place.state, place.city)) ?? standardWith(place, input.postalCode))
      : onStreet(streetZipIn(input.state, input.city));
  } else if (cityKey(place.city) !== cityKey(input.city) && cityIsKnown) {
    issues.push({
      field: 'postalCode',
      code: 'ZIP_CITY_MISMATCH',
      message: `ZIP code ${zip} is ${place.city}'s, not ${caseAndSpacing(input.city)}'s.`,
    });
    suggestion = onStreet(streetZipIn(input.state, input.city));
  } else {
    // The city is the ZIP's (or is corrected to it): the street ranges may still know better.
    const onTheStreet = streetZipIn(place.state, place.city);
    if (onTheStreet && onTheStreet.zip !== zip) {
      issues.push({
        field: 'postalCode',
        code: 'ZIP_STREET_MISMATCH',
        message: `${street.house} ${street.street}, ${place.city} is in ZIP code ${onTheStreet.zip}, not ${zip}.`,
      });
      suggestion = onStreet(onTheStreet);
    }
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
