import { z } from 'zod';
import { type VendorClientOptions, createVendorHttp } from '../vendor-http';

/** The address fields the verification vendor reads (US only). */
export interface PostalAddress {
  streetName: string;
  additionalStreetInfo?: string;
  city: string;
  state: string;
  postalCode: string;
}

export type VerifiedField = 'streetName' | 'city' | 'state' | 'postalCode';

export interface AddressVerdict {
  /** `valid`: deliverable as written; `corrected`: deliverable, written otherwise; `invalid`: not deliverable. */
  verdict: 'valid' | 'corrected' | 'invalid';
  standardized?: PostalAddress;
  issues: Array<{ field: VerifiedField; code: string; message: string }>;
  suggestion?: PostalAddress;
}

const text = (max: number) => z.string().min(1).max(max);
const addressAnswer = z.object({
  streetName: text(200),
  additionalStreetInfo: z.string().max(200).optional(),
  city: text(100),
  state: z.string().regex(/^[A-Z]{2}$/),
  postalCode: z.string().regex(/^\d{5}(-\d{4})?$/),
  country: z.literal('US').optional(),
});
const verifyAnswer = z.object({
  verdict: z.enum(['valid', 'corrected', 'invalid']),
  standardized: addressAnswer.optional(),
  issues: z.array(
    z.object({
      field: z.enum(['streetName', 'city', 'state', 'postalCode']),
      code: z.string().max(100),
      message: z.string().max(500),
    }),
  ),
  suggestion: addressAnswer.optional(),
});

/**
 * The address verification vendor (docs/adr/0014): `POST {ADDRESS_API_URL}/verify`. It says
 * whether a US address is deliverable and how the postal service writes it; nothing is applied
 * here, the checkout shows the suggestion to the shopper.
 */
export function createAddressClient(options: VendorClientOptions) {
  const call = createVendorHttp('address', options);
  return {
    async verify(address: PostalAddress, correlationId?: string): Promise<AddressVerdict> {
      const { body } = await call({
        operation: 'verify',
        method: 'POST',
        path: '/verify',
        body: { address: { ...address, country: 'US' } },
        correlationId,
        answer: verifyAnswer,
      });
      return reshapeVerdict(body);
    },
  };
}
export type AddressClient = ReturnType<typeof createAddressClient>;

const reshapeAddress = (raw: z.infer<typeof addressAnswer>): PostalAddress => ({
  streetName: raw.streetName,
  ...(raw.additionalStreetInfo ? { additionalStreetInfo: raw.additionalStreetInfo } : {}),
  city: raw.city,
  state: raw.state,
  postalCode: raw.postalCode,
});

function reshapeVerdict(raw: z.infer<typeof verifyAnswer>): AddressVerdict {
  return {
    verdict: raw.verdict,
    ...(raw.standardized ? { standardized: reshapeAddress(raw.standardized) } : {}),
    issues: raw.issues,
    ...(raw.suggestion ? { suggestion: reshapeAddress(raw.suggestion) } : {}),
  };
}
