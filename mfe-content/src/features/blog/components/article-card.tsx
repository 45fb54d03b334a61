import type { ArticleSummary } from '@shop/contracts/browser';
import { Card } from '@shop/ui';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../lib/content-states';

export function ArticleCard({ article, headingLevel = 2 }: { article: ArticleSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card as="article" className="article-card">
      <Heading className="article-card__title">
        <Link to={`/learn/${article.slug}`}>{article.title}</Link>
      </Heading>
      <p className="article-card__meta">
        <time dateTime={article.published}>{formatDate(article.published)}</time> · {article.readingMinutes} min read
      </p>
      <p>{article.description}</p>
    </Card>
  );
}
