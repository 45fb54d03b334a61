/**
 * The streets whose ZIP codes the address stand-in knows, by house-number range: what lets it
 * say "350 5th Ave, New York is 10118" instead of guessing from the city. A real vendor reads the
 * USPS ZIP+4 file (every street segment of the country); this is a handful of blocks, enough for
 * the checkout's tests and demos. The ranges follow the public addresses of the buildings on
 * them (the Empire State Building's block front has its own ZIP code, 10118; the Metropolitan
 * Museum is 1000 Fifth Avenue, 10028; the Guggenheim 1071, 10128; One Market Plaza 1 Market
 * Street, 94105); between those, the ranges are the stand-in's, not the postal service's.
 *
 * To add a street: its name as usps-standard.ts writes it without the house number (`5TH AVE`,
 * `MARKET ST`; spelled ordinals are read as numbers, so FIFTH AVE finds 5TH AVE), the city as the
 * ZIP data names it, and ranges that do not overlap on one side of the street. Every ZIP code
 * must be one of that city's in the ZIP data (zip-data.test.ts checks).
 */
export interface StreetRange {
  state: string;
  city: string;
  street: string;
  /** Lowest and highest house number of the range, inclusive. */
  from: number;
  to: number;
  /** Which side of the street: odd numbers, even numbers, or both (a street with buildings on one side). */
  side: 'odd' | 'even' | 'both';
  zip: string;
}

const range = (
  state: string,
  city: string,
  street: string,
  from: number,
  to: number,
  side: StreetRange['side'],
  zip: string,
): StreetRange => ({ state, city, street, from, to, side, zip });

export const STREET_RANGES: readonly StreetRange[] = [
  // Fifth Avenue, Manhattan: Washington Square to 13th Street, east (odd) and west (even) sides.
  range('NY', 'NEW YORK', '5TH AVE', 1, 99, 'odd', '10003'),
  range('NY', 'NEW YORK', '5TH AVE', 2, 98, 'even', '10011'),
  // 33rd to 34th Street, west side: the Empire State Building.
  range('NY', 'NEW YORK', '5TH AVE', 338, 350, 'even', '10118'),
  // Along Central Park, east side only: 79th to 86th Street, then 86th to 96th Street.
  range('NY', 'NEW YORK', '5TH AVE', 990, 1049, 'both', '10028'),
  range('NY', 'NEW YORK', '5TH AVE', 1050, 1148, 'both', '10128'),
  // Market Street, San Francisco: the Embarcadero to 2nd Street, south (odd) side.
  range('CA', 'SAN FRANCISCO', 'MARKET ST', 1, 599, 'odd', '94105'),
];
