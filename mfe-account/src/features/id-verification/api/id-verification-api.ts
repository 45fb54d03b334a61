import type { IdVerificationStatus } from '@shop/contracts/browser';
import { api } from '@shop/platform';

/** GET /api/idMe/status: the signed-in customer's verified group and code. */
export const idVerificationApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountGetIdVerificationStatus: build.query<IdVerificationStatus, void>({
      query: () => '/idMe/status',
      providesTags: ['Customer'],
    }),
  }),
});

export const { useAccountGetIdVerificationStatusQuery } = idVerificationApi;
