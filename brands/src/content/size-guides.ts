import { type SizeGuide, sizeGuideContentSchema } from '@shop/contracts';
import { BrandConfigError, parseOrThrow } from '../errors';
import type { RawEntry } from './content-loader';

/**
 * Validates a brand's size guides (one document per guide, named by its slug) and what only the
 * whole set can say: no slug or alias opens two guides, and no two finders share an id (the
 * finder's `?kind=`). Guides come back in their `order`.
 */
export function assembleSizeGuides(entries: Record<string, RawEntry<unknown>>): SizeGuide[] {
  const guides: Array<SizeGuide & { origin: RawEntry<unknown>['origin'] }> = [];
  for (const [slug, entry] of Object.entries(entries)) {
    const content = parseOrThrow(sizeGuideContentSchema, entry.value, entry.origin);
    guides.push({ ...content, slug, origin: entry.origin });
  }
  const opens = new Map(guides.map((guide) => [guide.slug, guide.slug]));
  const finders = new Map<string, string>();
  const sizes = new Map<string, string>();
  for (const guide of guides) {
    guide.aliases?.forEach((alias, i) => {
      const taken = opens.get(alias);
      if (taken)
        throw new BrandConfigError(guide.origin(''), `aliases.${i}`, `"${alias}" already opens the ${taken} guide`);
      opens.set(alias, guide.slug);
    });
    guide.categories?.forEach((category, i) => {
      const taken = sizes.get(category);
      if (taken)
        throw new BrandConfigError(guide.origin(''), `categories.${i}`, `"${category}" is sized by the ${taken} guide`);
      sizes.set(category, guide.slug);
    });
    guide.finders?.forEach((finder, i) => {
      const taken = finders.get(finder.id);
      if (taken)
        throw new BrandConfigError(
          guide.origin(''),
          `finders.${i}.id`,
          `"${finder.id}" is a finder of the ${taken} guide`,
        );
      finders.set(finder.id, guide.slug);
    });
  }
  return guides
    .sort((a, b) => a.order - b.order || a.slug.localeCompare(b.slug))
    .map(({ origin: _origin, ...guide }) => guide);
}

/** The guide a slug or one of its aliases opens. */
export const sizeGuideFor = (guides: readonly SizeGuide[], slug: string): SizeGuide | undefined =>
  guides.find((guide) => guide.slug === slug) ?? guides.find((guide) => guide.aliases?.includes(slug));

/** The guide of a product's nearest category: `categories` are its own slug first, then its parents'. */
export const sizeGuideOfCategories = (
  guides: readonly SizeGuide[],
  categories: readonly string[],
): SizeGuide | undefined => {
  for (const category of categories) {
    const guide = guides.find((candidate) => candidate.categories?.includes(category));
    if (guide) return guide;
  }
  return undefined;
};

/**
 * The first link to a size guide or fit finder this brand does not have, so shared Markdown
 * (global customer-service pages) cannot send one brand's shoppers to another brand's guide.
 */
export function missingFitPage(links: readonly string[], guides: readonly SizeGuide[]): string | undefined {
  return links.find((href) => {
    const url = new URL(href, 'https://site.invalid');
    if (!href.startsWith('/')) return false;
    const [head, item, ...more] = url.pathname.split('/').filter(Boolean);
    if (head === 'size-guide') return more.length > 0 || (item ? !sizeGuideFor(guides, item) : guides.length === 0);
    if (head !== 'find-your-fit') return false;
    const finders = guides.flatMap((guide) => guide.finders ?? []);
    const kind = url.searchParams.get('kind');
    return finders.length === 0 || (kind !== null && !finders.some((finder) => finder.id === kind));
  });
}
