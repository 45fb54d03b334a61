import type { ArticleListDocument, PageDocument } from '@shop/contracts/browser';
import { useBootConfig } from '@shop/platform';
import { useHeadTags } from '@shop/ui';
import { useMemo } from 'react';

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();

/**
 * SEO for a customer-service page: its description, canonical URL and JSON-LD, an FAQPage when
 * the page is questions and answers (the FAQs), else a WebPage.
 */
export function useServicePageHead(page: PageDocument | undefined, path: string) {
  const { origin } = useBootConfig();
  const tags = useMemo(() => {
    if (!page) return undefined;
    const url = new URL(path, origin).toString();
    const faq = page.topic === 'faqs' && page.sections.length > 0;
    return {
      description: page.description,
      canonical: url,
      jsonLd: faq
        ? {
            '@context': 'https://schema.org',
            '@type': 'FAQPage',
            name: page.title,
            url,
            mainEntity: page.sections.map((section) => ({
              '@type': 'Question',
              name: section.title,
              acceptedAnswer: { '@type': 'Answer', text: plainText(section.html) },
            })),
          }
        : {
            '@context': 'https://schema.org',
            '@type': 'WebPage',
            name: page.title,
            description: page.description,
            url,
            dateModified: page.updated,
          },
    };
  }, [page, path, origin]);
  useHeadTags(tags);
}

/** SEO for the blog's index: JSON-LD Blog with the articles of this page. */
export function useBlogHead(list: ArticleListDocument | undefined) {
  const { origin, brand } = useBootConfig();
  const tags = useMemo(() => {
    if (!list) return undefined;
    const url = new URL('/learn', origin).toString();
    return {
      description: list.intro,
      canonical: url,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Blog',
        name: list.title,
        url,
        publisher: { '@type': 'Organization', name: brand.name },
        blogPost: list.articles.map((article) => ({
          '@type': 'BlogPosting',
          headline: article.title,
          description: article.description,
          datePublished: article.published,
          author: { '@type': 'Person', name: article.author },
          url: new URL(`/learn/${article.slug}`, origin).toString(),
        })),
      },
    };
  }, [list, origin, brand.name]);
  useHeadTags(tags);
}
