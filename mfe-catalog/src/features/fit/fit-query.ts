import type { FitFinderEntry } from '@shop/contracts/browser';
import type { Units } from '../../lib/units';

/** What /find-your-fit's URL holds: the finder (`kind`), the units and each measurement as typed. */
export interface FitQuery {
  units: Units;
  /** Measurements as typed, by input key; absent until the shopper asks. */
  typed: Record<string, string>;
}

/**
 * Reads the finder's part of the URL. The form submits by GET, so a result works without
 * scripts and arrives rendered from the server; anything malformed is dropped.
 */
export function readFitQuery(params: URLSearchParams, finder: FitFinderEntry): FitQuery {
  const typed: Record<string, string> = {};
  for (const input of finder.inputs) {
    const value = params.get(input.key)?.trim();
    if (value && value.length <= 12) typed[input.key] = value;
  }
  return { units: params.get('unit') === 'cm' ? 'cm' : 'in', typed };
}

/** Every measurement of the finder, as numbers, once the shopper has entered them all. */
export function measurements(query: FitQuery, finder: FitFinderEntry): Record<string, number> | undefined {
  if (!finder.inputs.every((input) => input.key in query.typed)) return undefined;
  return Object.fromEntries(finder.inputs.map((input) => [input.key, Number(query.typed[input.key])]));
}
