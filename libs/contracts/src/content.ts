import { z } from 'zod';
import { safeText } from './text';
import { linkSchema } from './link';
import type { CUSTOMER_SERVICE_TOPICS, SNIPPET_PATHS } from './content-constants';
import type { FitFinderDocument, SizeGuideDocument, SizeGuideListDocument } from './size-guides';

export { ARTICLE_PAGE_SIZE, CUSTOMER_SERVICE_TOPICS, SNIPPET_PATHS } from './content-constants';
export type CustomerServiceTopic = (typeof CUSTOMER_SERVICE_TOPICS)[number];
export type SnippetPath = (typeof SNIPPET_PATHS)[number];

/*
 * Brand content: what the files under brands/.../content/ (or a headless CMS) hold, validated
 * by these schemas on load, and the documents GET /api/content/{path} answers with.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: 'Expected a kebab-case slug' })
  .max(80);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Expected a date such as 2026-03-14' });
const categorySlug = z.string().regex(/^[a-z0-9-]{1,80}$/, { message: 'Expected a category slug' });

export const homeContentSchema = z.strictObject({
  title: text(70),
  description: text(200),
  hero: z.strictObject({
    eyebrow: text(40).optional(),
    title: text(80),
    text: text(240),
    cta: linkSchema,
    secondaryCta: linkSchema.optional(),
    /** Which theme colour carries the hero. */
    tone: z.enum(['primary', 'accent', 'dark']),
  }),
  featuredCategories: z.strictObject({
    title: text(60),
    items: z
      .array(z.strictObject({ label: text(40), href: linkSchema.shape.href, text: text(120) }))
      .min(2)
      .max(6),
  }),
  /** Real products from the catalog: the listing of this category. */
  featuredProducts: z.strictObject({
    title: text(60),
    category: categorySlug,
    limit: z.number().int().min(2).max(8),
    link: linkSchema,
  }),
  promos: z.array(z.strictObject({ title: text(60), text: text(200), link: linkSchema })).max(4),
  story: z.strictObject({ title: text(60), text: text(600) }).optional(),
});
export type HomeContent = z.infer<typeof homeContentSchema>;

export const navContentSchema = z.strictObject({ links: z.array(linkSchema).min(1).max(12) });
export type NavContent = z.infer<typeof navContentSchema>;

export const SOCIAL_NETWORKS = ['instagram', 'facebook', 'tiktok', 'youtube', 'pinterest', 'x'] as const;

export const footerContentSchema = z.strictObject({
  columns: z
    .array(z.strictObject({ title: text(40), links: z.array(linkSchema).max(15) }))
    .min(1)
    .max(5),
  social: z
    .array(
      z.strictObject({
        network: z.enum(SOCIAL_NETWORKS),
        label: text(60),
        href: z.url({ protocol: /^https$/ }).max(200),
      }),
    )
    .max(6),
  /**
   * The footer's signup: `title` and `text` always; `offer` replaces them while the brand takes
   * codes (its `discounts` flag), so no brand promises a discount its bag cannot redeem.
   */
  signup: z.strictObject({
    title: text(60),
    text: text(200),
    offer: z.strictObject({ title: text(60), text: text(200) }).optional(),
  }),
  legal: z.string().max(200),
});
export type FooterContent = z.infer<typeof footerContentSchema>;

export const learnContentSchema = z.strictObject({ title: text(60), intro: text(300) });

export const emailContentSchema = z.strictObject({
  title: text(60),
  text: text(240),
  consent: text(300),
  submitLabel: text(30),
  successTitle: text(60),
  successText: text(240),
  duplicateText: text(240),
  /**
   * The copy while the brand takes no codes (its `discounts` flag off): the signup issues no
   * welcome code then, and these replace the keys above that speak of one.
   */
  withoutOffer: z
    .strictObject({
      title: text(60),
      text: text(240),
      successTitle: text(60),
      successText: text(240),
      duplicateText: text(240),
    })
    .optional(),
});
export type EmailContent = z.infer<typeof emailContentSchema>;

/** Short messages other remotes place on their pages (cart, product, fit finder, size guide). */
export const snippetsContentSchema = z.strictObject({
  blocks: z
    .array(
      z.strictObject({
        id: slug,
        title: text(60),
        text: text(400),
        link: linkSchema.optional(),
        /** A block that promises a feature (returns, codes) shows only while the brand's flag for it is on. */
        flag: z.enum(['returns', 'discounts', 'loyalty']).optional(),
      }),
    )
    .min(1)
    .max(8),
});
export type SnippetsContent = z.infer<typeof snippetsContentSchema>;

export const ARTICLE_TAG = /^[a-z]+(?:-[a-z]+)*$/;

export const articleFrontMatterSchema = z.strictObject({
  title: text(100),
  description: text(200),
  published: isoDate,
  author: text(80),
  tags: z
    .array(z.string().regex(ARTICLE_TAG, { message: 'Expected lower-case tags' }).max(30))
    .min(1)
    .max(6),
});

export const pageFrontMatterSchema = z.strictObject({
  title: text(100),
  description: text(200),
  updated: isoDate,
});

/** GET /api/content/learn query: text filter, tag, paging. */
export const articleQuerySchema = z.strictObject({
  q: safeText().trim().max(100).optional(),
  tag: safeText().regex(ARTICLE_TAG, { message: 'must be a lower-case tag' }).max(30).optional(),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type ArticleQuery = z.infer<typeof articleQuerySchema>;

export interface ArticleSummary {
  slug: string;
  title: string;
  description: string;
  published: string;
  author: string;
  tags: string[];
  readingMinutes: number;
}

/** An article as the content source holds it; html is rendered from Markdown with raw HTML off. */
export interface Article extends ArticleSummary {
  html: string;
  /** Plain text, for searching. */
  text: string;
  /** Slugs this article links to on the same site. */
  links: string[];
}

export interface ArticleListDocument {
  type: 'article-list';
  title: string;
  intro: string;
  q: string;
  tag: string | null;
  tags: Array<{ tag: string; count: number }>;
  total: number;
  offset: number;
  limit: number;
  articles: ArticleSummary[];
}

export interface ArticleDocument extends ArticleSummary {
  type: 'article';
  html: string;
  related: ArticleSummary[];
}

export interface PageSection {
  id: string;
  title: string;
  html: string;
}

/** A customer-service page; the FAQ page also comes split into question sections. */
export interface PageDocument {
  type: 'page';
  topic: CustomerServiceTopic;
  title: string;
  description: string;
  updated: string;
  /** The whole page. */
  html: string;
  /** What comes before the first second-level heading. */
  intro: string;
  /** One per second-level heading (the FAQ's questions). */
  sections: PageSection[];
  hours: string;
  phone: string;
}

export type HomeDocument = HomeContent & { type: 'home' };
export type NavDocument = NavContent & { type: 'nav' };
export type FooterDocument = FooterContent & { type: 'footer' };
export type EmailDocument = EmailContent & { type: 'email' };
export type SnippetsDocument = SnippetsContent & { type: 'snippets'; path: SnippetPath };

export type ContentDocument =
  | HomeDocument
  | NavDocument
  | FooterDocument
  | EmailDocument
  | SnippetsDocument
  | PageDocument
  | ArticleDocument
  | ArticleListDocument
  | SizeGuideListDocument
  | SizeGuideDocument
  | FitFinderDocument;

/** The site chrome the gateway inlines into every page, so nav and footer draw without a request. */
export interface ChromeContent {
  nav: NavContent;
  footer: FooterContent;
}
