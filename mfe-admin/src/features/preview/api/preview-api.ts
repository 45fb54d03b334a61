import { api } from '@shop/platform';
import type { PreviewLink } from '../../../lib/admin-contract';
import { segment, staffRequest } from '../../../lib/staff-request';

/** POST /api/admin/brands/{brand}/preview-link: a link that shows the shop as the previewers group sees it. */
export const previewApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminCreatePreviewLink: build.mutation<PreviewLink, string>({
      queryFn: (brand, queryApi, _extra, baseQuery) =>
        staffRequest<PreviewLink>(queryApi, baseQuery, {
          url: `/admin/brands/${segment(brand)}/preview-link`,
          method: 'POST',
          body: {},
        }),
    }),
  }),
});

export const { useAdminCreatePreviewLinkMutation } = previewApi;
