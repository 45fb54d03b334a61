import { z } from 'zod';
import { type VendorClientOptions, createVendorHttp } from '../vendor-http';

/**
 * The vendor's tax categories (a hosted service's tax codes): `clothing` takes the states' clothing
 * rules (exempt, or exempt up to a price per item); `general` is taxed in full.
 */
export const TAX_CATEGORIES = ['clothing', 'general'] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];

export interface TaxQuoteRequest {
  address: { state: string; postalCode: string; city?: string };
  /** Net cents of each unit after discounts (`unitAmounts.length === quantity`), and what the goods are. */
  lines: Array<{ id: string; quantity: number; unitAmounts: number[]; taxCategory: TaxCategory }>;
  shipping?: { amount: number };
  correlationId?: string;
}

/**
 * A quote: one rate for the address, and per line (and shipping) the rate and the tax in cents.
 * A line's rate is the one that gives each unit its tax (0 for exempt clothing), so a cart that
 * applies it per unit charges what the vendor quoted.
 */
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
 * unit's net amount and tax category; tax is rounded half-up per unit (SPEC §9 unit price level).
 * Refusals (UNKNOWN_ZIP, INVALID_REQUEST) are VendorRefusal; the use case decides what they mean.
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
