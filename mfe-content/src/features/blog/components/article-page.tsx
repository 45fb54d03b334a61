import '../../../content.css';
import { useBootConfig, useBrand } from '@shop/platform';
import { PageShell } from '@shop/ui';
import { Link, useParams } from 'react-router-dom';
import { contentApi } from '../../../lib/content-api';
import { ContentError, ContentLoading, formatDate } from '../../../lib/content-states';
import { useArticleHead } from './article-head';
import { ArticleCard } from './article-card';

/** /learn/{article}: the rendered article, reading time, tags, related articles and JSON-LD. */
export default function ArticlePage() {
  const { article: slug = '' } = useParams();
  const brand = useBrand();
  const { data, error, isLoading, refetch } = contentApi.useContentGetArticleQuery(slug);
  useArticleHead(data, brand.name, useBootConfig().origin);
  return (
    <PageShell
      remote={__APP_NAME__}
      version={__APP_VERSION__}
      page="learn-article"
      title={data?.title ?? (error ? 'Article not found' : '')}
    >
      {isLoading && <ContentLoading label="Loading the article" />}
      {error && <ContentError error={error} retry={refetch} missing="We could not find that article." />}
      {data && (
        <>
          <p className="article__meta">
            By {data.author} · <time dateTime={data.published}>{formatDate(data.published)}</time> ·{' '}
            {data.readingMinutes} min read
          </p>
          <ul className="tag-list tag-list--inline" aria-label="Topics">
            {data.tags.map((tag) => (
              <li key={tag}>
                <Link className="chip" to={`/learn?tag=${encodeURIComponent(tag)}`}>
                  {tag}
                </Link>
              </li>
            ))}
          </ul>
          {/* Rendered on the server from Markdown with raw HTML disabled. */}
          <div className="prose" dangerouslySetInnerHTML={{ __html: data.html }} />
          {data.related.length > 0 && (
            <section className="related" aria-labelledby="related-title">
              <h2 id="related-title">Related reading</h2>
              <ul className="article-list article-list--compact">
                {data.related.map((related) => (
                  <li key={related.slug}>
                    <ArticleCard article={related} headingLevel={3} />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <p>
            <Link to="/learn">All articles</Link>
          </p>
        </>
      )}
    </PageShell>
  );
}
