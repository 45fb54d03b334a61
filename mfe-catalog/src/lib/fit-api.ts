import type { FitFinderDocument, SizeGuideDocument, SizeGuideListDocument } from '@shop/contracts/browser';
import { api } from '@shop/platform';

/** The brand's size guides and fit finders, from its content (the catalog prefix carries them to the browser after a server render). */
export const fitApi = api.injectEndpoints({
  endpoints: (build) => ({
    catalogGetSizeGuides: build.query<SizeGuideListDocument, void>({
      query: () => '/content/size-guides',
      providesTags: ['Content'],
    }),
    catalogGetSizeGuide: build.query<SizeGuideDocument, string>({
      query: (slug) => `/content/size-guide/${encodeURIComponent(slug)}`,
      providesTags: ['Content'],
    }),
    catalogGetFitFinder: build.query<FitFinderDocument, void>({
      query: () => '/content/fit-finder',
      providesTags: ['Content'],
    }),
  }),
});

/** The HTTP status of a failed query, if it had one. */
export const statusOf = (error: unknown) => (error as { status?: unknown } | undefined)?.status;
