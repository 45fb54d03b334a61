import type {
  ArticleDocument,
  ArticleListDocument,
  EmailDocument,
  HomeDocument,
  PageDocument,
  ProductListResponse,
} from '@shop/contracts/browser';
import { api } from '@shop/platform';

/** The content remote's reads, injected into the one shared API slice. */
export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    contentGetHome: build.query<HomeDocument, string>({
      query: (path) => `/content/${path}`,
      providesTags: ['Content'],
    }),
    contentGetArticles: build.query<ArticleListDocument, string>({
      query: (search) => `/content/learn${search ? `?${search}` : ''}`,
      providesTags: ['Content'],
    }),
    contentGetArticle: build.query<ArticleDocument, string>({
      query: (slug) => `/content/learn/${encodeURIComponent(slug)}`,
      providesTags: ['Content'],
    }),
    contentGetPage: build.query<PageDocument, string>({
      query: (topic) => `/content/customer-service/${encodeURIComponent(topic)}`,
      providesTags: ['Content'],
    }),
    contentGetEmailContent: build.query<EmailDocument, void>({
      query: () => '/content/email',
      providesTags: ['Content'],
    }),
    /** Featured products on the home page: a real listing of the content's category. */
    contentGetFeaturedProducts: build.query<ProductListResponse, { category: string; limit: number }>({
      query: ({ category, limit }) => `/products?category=${encodeURIComponent(category)}&limit=${limit}`,
      providesTags: ['Product'],
    }),
  }),
});

/** The HTTP status of a failed query, if any. */
export const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | undefined)?.status;
  return typeof status === 'number' ? status : undefined;
};
