import { z } from 'zod';
import type { ResponseSpec } from '../../openapi/operation';

/*
 * The flag routes' parameters and answers, written once for both doors to the same flags: the
 * back office's (/api/ops/flags, a bearer key) and the staff admin's (/api/admin/brands/{brand}/flags).
 * Each door adds its own 401 and 403.
 */
type Responses = Record<string, ResponseSpec>;

export const brandParams = z.object({ brand: z.string().describe('A brand id') });
export const flagKeyParams = brandParams.extend({ key: z.string() });
/** An audit entry's number, for its rollback. */
export const auditNumberParams = brandParams.extend({ number: z.string() });

export const flagNotFound = {
  '404': { description: 'NOT_FOUND (brand), FLAG_NOT_FOUND', schema: 'error' },
} satisfies Responses;

export const flagListingResponses = {
  '200': {
    description:
      '{ version, flags: [{ key, state, defaultVariant, variants, targeting?, file: { state, defaultVariant }, lastChange? }] }',
  },
} satisfies Responses;

export const flagChangeResponses = {
  '200': { description: '{ change, version, flags }' },
  '400': {
    description: 'VALIDATION_FAILED (a variant the flag lacks, a rule flagd cannot read)',
    schema: 'error',
  },
  '409': { description: 'FLAG_CONFLICT: changed since that version; nothing saved', schema: 'error' },
} satisfies Responses;

export const flagAuditResponses = { '200': { description: '{ changes }' } } satisfies Responses;

export const flagRollbackResponses = {
  '200': { description: '{ change, version, flags }' },
  '409': { description: 'FLAG_CONFLICT', schema: 'error' },
} satisfies Responses;
