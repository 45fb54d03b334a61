import type { PrivacyPreferences, PrivacyPreferencesRequest } from '@shop/contracts/browser';
import { api, sendWithCsrf } from '@shop/platform';

/** GET and PUT /api/privacy/preferences: the effective consent of this browser (GPC applied by the gateway). */
export const privacyApi = api.injectEndpoints({
  endpoints: (build) => ({
    accountGetPrivacyPreferences: build.query<PrivacyPreferences, void>({
      query: () => ({ url: '/privacy/preferences', headers: { 'cache-control': 'no-cache' } }),
      providesTags: ['Session'],
      keepUnusedDataFor: 0,
    }),
    accountSavePrivacyPreferences: build.mutation<PrivacyPreferences, PrivacyPreferencesRequest>({
      queryFn: (choice, _api, _extra, baseQuery) =>
        sendWithCsrf<PrivacyPreferences>(baseQuery, {
          url: '/privacy/preferences',
          method: 'PUT',
          body: { ...choice },
        }),
    }),
  }),
});

export const { useAccountGetPrivacyPreferencesQuery, useAccountSavePrivacyPreferencesMutation } = privacyApi;
