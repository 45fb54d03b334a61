import type { BrandContent } from '@shop/brands';
import {
  type ArticleQuery,
  CUSTOMER_SERVICE_TOPICS,
  type ContentDocument,
  SNIPPET_PATHS,
  type SnippetPath,
} from '@shop/contracts';
import { listArticles, relatedArticles, summary } from './article-listing';
import { fitFinder, sizeGuide, sizeGuideList } from './size-guide-documents';

const isTopic = (value: string): value is (typeof CUSTOMER_SERVICE_TOPICS)[number] =>
  (CUSTOMER_SERVICE_TOPICS as readonly string[]).includes(value);
const isSnippet = (value: string): value is SnippetPath => (SNIPPET_PATHS as readonly string[]).includes(value);

/**
 * The signup's copy: with the welcome offer while the brand takes codes, else its `withoutOffer`
 * copy (the signup then issues no code), so the modal never promises what the bag cannot redeem.
 */
function emailDocument(content: BrandContent, offers: boolean): ContentDocument {
  const { withoutOffer, ...email } = content.email;
  return { type: 'email', ...email, ...(offers ? {} : withoutOffer) };
}

/**
 * GET /api/content/{path}: home (and home variants such as home/rr), nav, footer, email, the
 * snippet paths, learn (the article list), learn/{slug}, customer-service/{topic}, size-guides (the
 * list), size-guide/{slug} and fit-finder.
 * Undefined means there is no such content.
 */
export function contentDocument(
  content: BrandContent,
  path: string,
  query: ArticleQuery,
  { offers = true, flagsOn = () => true }: { offers?: boolean; flagsOn?: (flag: string) => boolean } = {},
): ContentDocument | undefined {
  const [head, rest, ...more] = path.split('/');
  if (more.length > 0) return undefined;
  if (rest === undefined) {
    if (head === 'home') return { type: 'home', ...content.home };
    if (head === 'nav') return { type: 'nav', ...content.nav };
    if (head === 'footer') return { type: 'footer', ...content.footer };
    if (head === 'email') return emailDocument(content, offers);
    if (head === 'learn') return listArticles(content, query);
    if (head === 'size-guides') return sizeGuideList(content);
    if (head === 'fit-finder') return fitFinder(content);
    if (isSnippet(head)) {
      // A block that promises a feature the brand has turned off (returns, codes) is left out.
      const blocks = content.snippets[head].blocks
        .filter((block) => !block.flag || flagsOn(block.flag))
        .map(({ flag: _flag, ...block }) => block);
      return { type: 'snippets', path: head, blocks };
    }
    return undefined;
  }
  if (head === 'home') {
    const variant = content.homeVariants[`/${rest}`];
    return variant && { type: 'home', ...variant };
  }
  if (head === 'learn') {
    const article = content.articles.find((candidate) => candidate.slug === rest);
    return (
      article && {
        type: 'article',
        ...summary(article),
        html: article.html,
        related: relatedArticles(content, article),
      }
    );
  }
  if (head === 'customer-service' && isTopic(rest)) return { type: 'page', ...content.pages[rest] };
  if (head === 'size-guide') return sizeGuide(content, rest);
  return undefined;
}
