/** SPEC §2 customer-service pages, served by the content remote under /customer-service/. */
export const CUSTOMER_SERVICE_TOPICS = [
  'checkout',
  'contact',
  'faqs',
  'managing-account',
  'opening-account',
  'payment',
  'privacy-policy',
  'returns-policy',
  'security-policy',
  'shipping-methods',
  'shipping-policy',
  'terms',
] as const;

/** SPEC §2 content paths that hold short messages for other remotes' pages. */
export const SNIPPET_PATHS = ['cart', 'find-your-fit', 'p', 'size-guide'] as const;

/** Articles per page on /learn. */
export const ARTICLE_PAGE_SIZE = 6;
