import { z } from 'zod';
import { type VendorClientOptions, createVendorHttp } from '../vendor-http';

export interface TaxQuoteRequest {
  address: { state: string; postalCode: string; city?: string };
  /** Net cents of each unit after discounts (`unitAmounts.length === quantity`). */
  lines: Array<{ id: string; quantity: number; unitAmounts: number[] }>;
  shipping?: { amount: number };
  correlationId?: string;
}

/** A quote: one rate for the address, and per line (and shipping) the rate and the tax in cents. */
export interface TaxQuote {
  rate: { name: string; amount: number; state: string; postalCode: string };
  lines: Array<{ id: string; rate: number; tax: number }>;
  shipping?: { rate: number; tax: number };
  totalTax: number;
}

const cents = z.number().int().min(0);
const rate = z.number().min(0).max(1);
const quoteAnswer = z.object({
  rate: z.object({ name: z.string().min(1).max(200), amount: rate, state: z.string(), postalCode: z.string() }),
  lines: z.array(z.object({ id: z.string(), rate, tax: cents })),
  shipping: z.object({ rate, tax: cents }).optional(),
  totalTax: cents,
});

/**
 * The tax vendor (docs/adr/0014): `POST {TAX_API_URL}/quote` with the ship-to address and each
 * unit's net amount; tax is rounded half-up per unit (SPEC §9 unit price level). Refusals
 * (UNKNOWN_ZIP, INVALID_REQUEST) are VendorRefusal; the use case decides what they mean.
 */
export function createTaxClient(options: VendorClientOptions) {
  const call = createVendorHttp('tax', options);
  return {
    async quote({ correlationId, ...request }: TaxQuoteRequest): Promise<TaxQuote> {
      const { body } = await call({
        operation: 'quote',
        method: 'POST',
        path: '/quote',
        body: {
          currency: 'USD',
          address: { country: 'US', ...request.address },
          lines: request.lines,
          ...(request.shipping ? { shipping: request.shipping } : {}),
        },
        correlationId,
        answer: quoteAnswer,
      });
      return reshapeQuote(body);
    },
  };
}
export type TaxClient = ReturnType<typeof createTaxClient>;

function reshapeQuote(raw: z.infer<typeof quoteAnswer>): TaxQuote {
  return {
    rate: raw.rate,
    lines: raw.lines,
    ...(raw.shipping ? { shipping: raw.shipping } : {}),
    totalTax: raw.totalTax,
  };
}
