import type { Logger } from '@shop/node-kit';
import { Router } from 'express';
import { z } from 'zod';
import { line, postalCode, stateCode } from '../http/schemas';
import { bodyErrors, handle, jsonBody, notFound, parseInput, requireBearer } from '../http/vendor-http';
import type { ZipData } from '../zip-data';
import { verifyAddress } from './verify-address';

/**
 * Address verification stand-in, mounted at /address/v1. Key: `ADDRESS_API_KEY` as
 * `Authorization: Bearer <key>`.
 *
 * POST /verify
 *   { address: { streetName, additionalStreetInfo?, city, state, postalCode, country: 'US' } }
 *   -> 200 { verdict: 'valid' | 'corrected' | 'invalid', standardized?, issues: [{ field, code, message }], suggestion? }
 *
 * - `standardized` (valid and corrected): the address as USPS writes it, upper case, with the
 *   street suffix, directionals and unit designator abbreviated and the city the ZIP code's.
 * - `valid`: the standard form differs from the input only in case and spacing.
 * - `corrected`: deliverable, but written differently ("123 main street" -> "123 MAIN ST");
 *   `suggestion` is the standard form.
 * - `invalid`, with `issues`: UNKNOWN_ZIP, ZIP_STATE_MISMATCH, ZIP_CITY_MISMATCH,
 *   ZIP_STREET_MISMATCH, NO_HOUSE_NUMBER (the rules are in verify-address.ts); `suggestion` only
 *   when the data knows the answer (the street ranges' ZIP code for the house number, or the
 *   state where the ZIP code and the city agree), never a guess from the city's ZIP codes.
 * - Other fields of the address (names, phone) are accepted and ignored: only the postal part
 *   is verified, and nothing is stored or logged.
 * - ZIP data: the `zipcodes` package (about 42,000 US codes), loaded on the first call, and
 *   the street ranges of a few streets (street-ranges.ts).
 * - 400 INVALID_REQUEST naming the field (a state that is not a US state code, a malformed ZIP
 *   code, an empty street); 401 UNAUTHORIZED.
 */
const verifySchema = z.strictObject({
  address: z.object({
    streetName: line(100, 1),
    additionalStreetInfo: line(100).optional(),
    city: line(60, 1),
    state: stateCode,
    postalCode,
    country: z.literal('US', { message: 'only US addresses are supported' }),
  }),
});

export function addressRoutes({
  apiKey,
  logger,
  zipData,
}: {
  apiKey: string;
  logger: Logger;
  zipData: () => Promise<ZipData>;
}): Router {
  const router = Router();
  router.use(requireBearer(apiKey, 'address verification'));
  router.post(
    '/verify',
    jsonBody('16kb'),
    handle(logger, 'address verification', async (req, res) => {
      const { address } = parseInput(verifySchema, req.body);
      res.json(verifyAddress(address, await zipData()));
    }),
  );
  router.use(notFound);
  router.use(bodyErrors);
  return router;
}
