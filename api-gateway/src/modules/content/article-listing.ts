import type { BrandContent } from '@shop/brands';
import {
  ARTICLE_PAGE_SIZE,
  type Article,
  type ArticleListDocument,
  type ArticleQuery,
  type ArticleSummary,
} from '@shop/contracts';

const RELATED = 3;

export const summary = ({
  slug,
  title,
  description,
  published,
  author,
  tags,
  readingMinutes,
}: Article): ArticleSummary => ({
  slug,
  title,
  description,
  published,
  author,
  tags,
  readingMinutes,
});

const words = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Each article's words, worked out once per loaded article rather than on every search. */
const vocabularies = new WeakMap<Article, string[]>();
const vocabularyOf = (article: Article) => {
  let vocabulary = vocabularies.get(article);
  if (!vocabulary) {
    vocabulary = [
      ...new Set(words([article.title, article.description, article.tags.join(' '), article.text].join(' '))),
    ];
    vocabularies.set(article, vocabulary);
  }
  return vocabulary;
};

/** Every word of the query must start a word of the article's title, description, tags or text. */
export function matchesQuery(article: Article, q: string): boolean {
  const terms = words(q);
  if (terms.length === 0) return true;
  const vocabulary = vocabularyOf(article);
  return terms.every((term) => vocabulary.some((word) => word.startsWith(term)));
}

/** /learn: articles newest first, filtered by text and tag, one page at a time; tag counts follow the text filter. */
export function listArticles(content: BrandContent, query: ArticleQuery): ArticleListDocument {
  const q = query.q ?? '';
  const matching = content.articles.filter((article) => matchesQuery(article, q));
  const counts = new Map<string, number>();
  for (const article of matching) for (const tag of article.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const tagged = query.tag ? matching.filter((article) => article.tags.includes(query.tag as string)) : matching;
  return {
    type: 'article-list',
    title: content.learn.title,
    intro: content.learn.intro,
    q,
    tag: query.tag ?? null,
    tags: [...counts]
      .map(([tag, count]) => ({ tag, count }))
      .sort((a, b) => b.count - a.count || a.tag.localeCompare(b.tag)),
    total: tagged.length,
    offset: query.offset,
    limit: ARTICLE_PAGE_SIZE,
    articles: tagged.slice(query.offset, query.offset + ARTICLE_PAGE_SIZE).map(summary),
  };
}

/** Related reading: articles this one links to, then those sharing most tags, newest first. */
export function relatedArticles(content: BrandContent, article: Article): ArticleSummary[] {
  const others = content.articles.filter((other) => other.slug !== article.slug);
  const shared = (other: Article) => other.tags.filter((tag) => article.tags.includes(tag)).length;
  const linked = article.links.flatMap((slug) => others.filter((other) => other.slug === slug));
  const rest = others
    .filter((other) => !linked.includes(other) && shared(other) > 0)
    .sort((a, b) => shared(b) - shared(a) || b.published.localeCompare(a.published));
  return [...new Set([...linked, ...rest])].slice(0, RELATED).map(summary);
}
