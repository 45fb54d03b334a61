import '../../../content.css';
import type { HomeDocument } from '@shop/contracts/browser';
import { useBootConfig } from '@shop/platform';
import { PageShell, buttonClassName, useHeadTags } from '@shop/ui';
import { useMemo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { contentApi } from '../../../lib/content-api';
import { ContentError, ContentLoading } from '../../../lib/content-states';
import { FeaturedProducts } from './featured-products';

/** `/` -> home; a variant home such as `/rr` -> home/rr. */
export const homeContentPath = (pathname: string) => {
  const variant = pathname.replace(/^\/+|\/+$/g, '');
  return variant ? `home/${variant}` : 'home';
};

/** The brand's home page, all from content: hero, categories, real featured products, promos. */
export default function HomePage() {
  const { pathname } = useLocation();
  const { data, error, isLoading, refetch } = contentApi.useContentGetHomeQuery(homeContentPath(pathname));
  const { brand, origin } = useBootConfig();
  // SEO: the site and its search box (schema.org WebSite with a SearchAction) and the brand.
  const tags = useMemo(
    () =>
      data && {
        description: brand.tagline,
        canonical: new URL(pathname, origin).toString(),
        jsonLd: {
          '@context': 'https://schema.org',
          '@graph': [
            {
              '@type': 'WebSite',
              name: brand.name,
              url: new URL('/', origin).toString(),
              potentialAction: {
                '@type': 'SearchAction',
                target: `${new URL('/c', origin).toString()}?q={search_term_string}`,
                'query-input': 'required name=search_term_string',
              },
            },
            {
              '@type': 'Organization',
              name: brand.name,
              url: new URL('/', origin).toString(),
              logo: new URL('/brand/logo.svg', origin).toString(),
            },
          ],
        },
      },
    [data, brand.name, brand.tagline, pathname, origin],
  );
  useHeadTags(tags || undefined);
  return (
    <PageShell remote={__APP_NAME__} version={__APP_VERSION__} page="home" title={data?.title ?? ''}>
      {isLoading && <ContentLoading label="Loading the home page" />}
      {error && <ContentError error={error} retry={refetch} missing="This page does not exist." />}
      {data && <HomeSections home={data} />}
    </PageShell>
  );
}

function HomeSections({ home }: { home: HomeDocument }) {
  const { hero, featuredCategories, featuredProducts, promos, story } = home;
  return (
    <div className="home">
      {/* Its layout and art come from the brand's hero tokens (ADR 0019). */}
      <section className={`hero hero--${hero.tone}`} aria-labelledby="hero-title" data-testid="hero">
        <div className="hero__body">
          {hero.eyebrow && <p className="hero__eyebrow">{hero.eyebrow}</p>}
          <h2 id="hero-title" className="hero__title">
            {hero.title}
          </h2>
          <p className="hero__text">{hero.text}</p>
          <p className="hero__actions">
            <Link className={buttonClassName({}, 'hero__cta')} to={hero.cta.href}>
              {hero.cta.label}
            </Link>
            {hero.secondaryCta && (
              <Link
                className={buttonClassName({ variant: 'secondary' }, 'hero__cta-secondary')}
                to={hero.secondaryCta.href}
              >
                {hero.secondaryCta.label}
              </Link>
            )}
          </p>
        </div>
        <div className="hero__art" aria-hidden="true" />
      </section>

      <section aria-labelledby="featured-categories-title">
        <h2 id="featured-categories-title">{featuredCategories.title}</h2>
        <ul className="tile-grid">
          {featuredCategories.items.map((item) => (
            <li key={item.href} className="tile">
              <Link to={item.href}>
                <span className="tile__title">{item.label}</span>
                <span className="tile__text">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <FeaturedProducts section={featuredProducts} />

      {promos.length > 0 && (
        <section aria-label="Offers and guides">
          <ul className="promo-grid">
            {promos.map((promo) => (
              <li key={promo.title} className="promo">
                <h2 className="promo__title">{promo.title}</h2>
                <p>{promo.text}</p>
                <Link to={promo.link.href}>{promo.link.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}

      {story && (
        <section className="story" aria-labelledby="story-title">
          <h2 id="story-title">{story.title}</h2>
          <p>{story.text}</p>
        </section>
      )}
    </div>
  );
}
