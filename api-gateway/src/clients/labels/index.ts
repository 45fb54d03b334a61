import { z } from 'zod';
import { UPSTREAM_TIMEOUTS, UpstreamFault, tagOperation, upstreamFetch } from '../upstream-guard';
import { type VendorClientOptions, createVendorHttp } from '../vendor-http';

export interface LabelAddress {
  name: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface LabelRequest {
  orderNumber: string;
  returnId: string;
  from: LabelAddress;
  to: LabelAddress;
  items: Array<{ name: string; quantity: number; sku?: string }>;
}

const labelAnswer = z.object({
  labelId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  trackingNumber: z.string().regex(/^[A-Za-z0-9]{6,40}$/),
});
const MAX_PDF_BYTES = 2_000_000;

/**
 * The return label vendor (services/vendors `/labels/v1`, RETURN_LABEL_API_KEY): a label per
 * return id (a repeat answers the same label), and the label as a PDF.
 */
export function createLabelClient(options: VendorClientOptions) {
  const call = createVendorHttp('labels', options);
  const base = options.url.replace(/\/$/, '');
  return {
    async create(input: LabelRequest, correlationId?: string) {
      const { body } = await call({
        operation: 'createLabel',
        method: 'POST',
        path: '/labels',
        body: input,
        correlationId,
        write: true,
        answer: labelAnswer,
      });
      return body;
    },

    /** The label's PDF; undefined when the vendor has no such label. */
    async pdf(labelId: string, correlationId?: string): Promise<Buffer | undefined> {
      const exchange = () =>
        options.guard.within(UPSTREAM_TIMEOUTS.readMs, async (signal) => {
          const response = await upstreamFetch(
            `${base}/labels/${encodeURIComponent(labelId)}.pdf`,
            {
              headers: {
                authorization: `Bearer ${options.apiKey}`,
                accept: 'application/pdf',
                ...(correlationId ? { 'x-correlation-id': correlationId } : {}),
              },
              signal,
            },
            'The labels service',
            'labels',
          );
          if (response.status === 404) return undefined;
          const bytes = Buffer.from(await response.arrayBuffer());
          if (
            response.status !== 200 ||
            !response.headers.get('content-type')?.startsWith('application/pdf') ||
            bytes.length > MAX_PDF_BYTES ||
            bytes.subarray(0, 5).toString('latin1') !== '%PDF-'
          ) {
            options.logger.error('Vendor answered unexpectedly', { upstream: 'labels', status: response.status });
            throw new UpstreamFault(`The labels service answered ${response.status} without a PDF.`);
          }
          return bytes;
        });
      return tagOperation('labelPdf', options.guard.run(exchange));
    },
  };
}

export type LabelClient = ReturnType<typeof createLabelClient>;
