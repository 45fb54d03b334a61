import type { ArticleDocument } from '@shop/contracts/browser';
import { useHeadTags } from '@shop/ui';
import { useMemo } from 'react';

/** SEO for an article: description, canonical URL (on the brand's canonical origin) and JSON-LD Article. */
export function useArticleHead(article: ArticleDocument | undefined, brandName: string, origin: string) {
  const tags = useMemo(() => {
    if (!article) return undefined;
    const url = new URL(`/learn/${article.slug}`, origin).toString();
    return {
      description: article.description,
      canonical: url,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: article.title,
        description: article.description,
        datePublished: article.published,
        author: { '@type': 'Person', name: article.author.split(',')[0].trim() },
        publisher: { '@type': 'Organization', name: brandName },
        keywords: article.tags.join(', '),
        mainEntityOfPage: url,
        timeRequired: `PT${article.readingMinutes}M`,
      },
    };
  }, [article, brandName, origin]);
  useHeadTags(tags);
}
