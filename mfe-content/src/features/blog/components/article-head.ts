import type { ArticleDocument } from '@shop/contracts/browser';
import { useEffect } from 'react';

/** SEO for an article: description, canonical URL and JSON-LD Article. */
export function useArticleHead(article: ArticleDocument | undefined, brandName: string) {
  useEffect(() => {
    if (!article) return undefined;
    const url = new URL(`/learn/${article.slug}`, location.origin).toString();
    const description = document.createElement('meta');
    description.setAttribute('name', 'description');
    description.setAttribute('content', article.description);
    const canonical = document.createElement('link');
    canonical.setAttribute('rel', 'canonical');
    canonical.setAttribute('href', url);
    const ld = document.createElement('script');
    ld.setAttribute('type', 'application/ld+json');
    ld.textContent = JSON.stringify({
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
    }).replace(/</g, '\\u003c');
    const added = [description, canonical, ld];
    added.forEach((element) => document.head.appendChild(element));
    return () => added.forEach((element) => element.remove());
  }, [article, brandName]);
}
