import '../../../content.css';
import { ARTICLE_PAGE_SIZE } from '@shop/contracts/browser';
import { Button, PageShell, TextField, VisuallyHidden } from '@shop/ui';
import { type FormEvent, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useBlogHead } from '../../../lib/page-heads';
import { contentApi } from '../../../lib/content-api';
import { ContentError, ContentLoading } from '../../../lib/content-states';
import { ArticleCard } from './article-card';
import { blogSearch, pageLinks } from './blog-url';

/** /learn: articles newest first, a text filter (?q=), tag filter (?tag=) and pages (?offset=). */
export default function BlogPage() {
  const [params, setParams] = useSearchParams();
  const search = blogSearch(params);
  const { data, error, isFetching, refetch } = contentApi.useContentGetArticlesQuery(search.toString());
  useBlogHead(data);
  const countRef = useRef<HTMLParagraphElement>(null);
  const q = params.get('q') ?? '';
  const tag = params.get('tag');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    const next = new URLSearchParams();
    if (value) next.set('q', value);
    if (tag) next.set('tag', tag);
    setParams(next);
  };
  // After a search or a tag change, tell screen-reader users how many articles match.
  useEffect(() => {
    if (data && (q || tag)) countRef.current?.focus();
  }, [data, q, tag]);

  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="learn" title={data?.title ?? 'Learn'}>
      {data && <p className="lead">{data.intro}</p>}
      <form role="search" className="blog-search" onSubmit={submit} key={q}>
        <TextField
          label="Search articles"
          id="blog-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          className="blog-search__field"
        />
        <Button type="submit">Search</Button>
      </form>
      {data && data.tags.length > 0 && (
        <nav aria-label="Topics" className="tag-list">
          <ul>
            <li>
              <Link
                to={`?${blogSearch(params, { tag: null }).toString()}`}
                aria-current={tag ? undefined : 'page'}
                className="chip"
              >
                All topics
              </Link>
            </li>
            {data.tags.map((entry) => (
              <li key={entry.tag}>
                <Link
                  to={`?${blogSearch(params, { tag: entry.tag }).toString()}`}
                  aria-current={tag === entry.tag ? 'page' : undefined}
                  className="chip"
                >
                  {entry.tag} <span className="chip__count">({entry.count})</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {error && <ContentError error={error} retry={refetch} missing="There are no articles here." />}
      {!data && !error && <ContentLoading label="Loading articles" />}
      {data && (
        <div aria-busy={isFetching} data-ready-for={isFetching ? undefined : search.toString()}>
          <p className="listing__count" ref={countRef} tabIndex={-1} aria-live="polite" data-testid="article-count">
            {data.total === 1 ? '1 article' : `${data.total} articles`}
            {q ? ` for “${q}”` : ''}
            {tag ? ` tagged ${tag}` : ''}
          </p>
          {data.articles.length === 0 ? (
            <p>
              No articles match. <Link to="/learn">See all articles</Link>
            </p>
          ) : (
            <ol className="article-list">
              {data.articles.map((article) => (
                <li key={article.slug}>
                  <ArticleCard article={article} />
                </li>
              ))}
            </ol>
          )}
          <Pagination total={data.total} offset={data.offset} params={params} />
        </div>
      )}
    </PageShell>
  );
}

function Pagination({ total, offset, params }: { total: number; offset: number; params: URLSearchParams }) {
  const pages = pageLinks(total, offset, ARTICLE_PAGE_SIZE);
  if (pages.length < 2) return null;
  return (
    <nav aria-label="Article pages" className="pagination">
      <ul>
        {pages.map((page) => (
          <li key={page.offset}>
            <Link
              to={`?${blogSearch(params, { offset: page.offset }).toString()}`}
              aria-current={page.current ? 'page' : undefined}
            >
              <VisuallyHidden>Page </VisuallyHidden>
              {page.number}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
