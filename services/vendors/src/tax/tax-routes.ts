import { US_STATES, type UsState } from '@shop/contracts';
import type { Logger } from '@shop/node-kit';
import { Router } from 'express';
import { z } from 'zod';
import { VendorError, bodyErrors, handle, jsonBody, notFound, parseInput, requireBearer } from '../http/vendor-http';
import { cents, line, postalCode, stateCode, usd } from '../http/schemas';
import type { ZipData } from '../zip-data';
import { TAX_CATEGORIES, asFraction, quoteTax } from './tax-quote';
import { rateFor } from './tax-rates';

/**
 * Tax stand-in, mounted at /tax/v1. Key: `TAX_API_KEY` as `Authorization: Bearer <key>`.
 *
 * POST /quote
 *   { currency: 'USD', address: { country: 'US', state, postalCode, city? },
 *     lines: [{ id, quantity, unitAmounts: number[], taxCategory?: 'clothing' | 'general' }], shipping?: { amount } }
 *   -> 200 { rate: { name, amount, state, postalCode }, lines: [{ id, rate, tax, exemptAmount }],
 *            shipping?: { rate, tax }, totalTax }
 *
 * - `unitAmounts` are the net cents of each unit after discounts, one per unit (length = quantity).
 * - `taxCategory` is what the goods are (a hosted service's tax code): `clothing` takes the state's
 *   clothing rule per unit (clothing-rules.ts: NY under $110, MA the first $175, PA/NJ/MN all);
 *   `general`, the default, is taxed in full. `exemptAmount` is the line's cents it exempts.
 * - Rates come from the table in tax-rates.ts: the state's base rate plus a local rate for a few
 *   ZIP prefixes; `amount` is a fraction (0.08875 for 8.875 %). A line's `rate` is the one that,
 *   applied to each unit and rounded half up, gives the unit's tax: the address's for goods taxed
 *   in full, 0 for exempt clothing, between them for Massachusetts' part over $175.
 * - SPEC §9: each unit's tax is rounded half up on its own; a line's tax is the sum over its units.
 * - Shipping is taxed in the states of SHIPPING_TAXABLE, at the goods' average rate (nothing when
 *   they are all exempt clothing), else its rate is 0.
 * - 400 UNKNOWN_ZIP (`field: 'postalCode'`): the ZIP code does not exist or is not in the state.
 *   400 INVALID_REQUEST: anything else wrong with the body, naming the field. 401 UNAUTHORIZED.
 */
const quoteSchema = z
  .strictObject({
    currency: usd,
    address: z.object({
      country: z.literal('US', { message: 'only US addresses are supported' }),
      state: stateCode,
      postalCode,
      city: line(60).optional(),
    }),
    lines: z
      .array(
        z.strictObject({
          id: line(256, 1),
          quantity: z.number().int().min(1).max(9999),
          unitAmounts: z.array(cents).min(1).max(9999),
          taxCategory: z.enum(TAX_CATEGORIES, { message: `must be one of ${TAX_CATEGORIES.join(', ')}` }).optional(),
        }),
      )
      .min(1)
      .max(500),
    shipping: z.strictObject({ amount: cents }).optional(),
  })
  .superRefine((quote, ctx) => {
    const ids = new Set<string>();
    quote.lines.forEach((entry, index) => {
      if (entry.unitAmounts.length !== entry.quantity) {
        ctx.addIssue({
          code: 'custom',
          path: ['lines', index, 'unitAmounts'],
          message: `must list one amount per unit (${entry.quantity})`,
        });
      }
      if (ids.has(entry.id)) ctx.addIssue({ code: 'custom', path: ['lines', index, 'id'], message: 'is repeated' });
      ids.add(entry.id);
    });
  });

export function taxRoutes({
  apiKey,
  logger,
  zipData,
}: {
  apiKey: string;
  logger: Logger;
  zipData: () => Promise<ZipData>;
}): Router {
  const router = Router();
  router.use(requireBearer(apiKey, 'tax'));
  router.post(
    '/quote',
    jsonBody('256kb'),
    handle(logger, 'tax', async (req, res) => {
      const quote = parseInput(quoteSchema, req.body);
      const { state } = quote.address;
      const zip = quote.address.postalCode.slice(0, 5);
      const place = (await zipData()).get(zip);
      if (!place) {
        throw new VendorError(400, 'UNKNOWN_ZIP', `postalCode: ${zip} is not a known ZIP code`, {
          field: 'postalCode',
        });
      }
      if (place.state !== state) {
        throw new VendorError(400, 'UNKNOWN_ZIP', `postalCode: ${zip} is a ZIP code of ${place.state}, not ${state}`, {
          field: 'postalCode',
        });
      }
      const resolved = rateFor(state, zip, US_STATES[state as UsState]);
      const result = quoteTax(resolved, quote.lines, quote.shipping);
      res.json({
        rate: { name: resolved.name, amount: asFraction(resolved.rate), state, postalCode: quote.address.postalCode },
        ...result,
      });
    }),
  );
  router.use(notFound);
  router.use(bodyErrors);
  return router;
}
