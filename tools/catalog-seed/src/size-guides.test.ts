import { join } from 'node:path';
import { loadBrandCatalog, loadBrandContent } from '@shop/brands';
import { BRAND_IDS, type FitFinder, type SizeTable } from '@shop/contracts';
import { generateCatalog } from './generate';

/*
 * The brands' size guides send shoppers from a computed size to a category filtered by it. Every
 * category path they name must be the seed's, and every size they can give must be one that
 * products there really have: a link to "bras in 52G" or to a 33x31 pair of pants finds nothing.
 */
const catalog = generateCatalog();
const brands = loadBrandCatalog({ dir: join(__dirname, '..', '..', '..', 'brands'), environment: 'production' });

const sizesOf = (table: SizeTable) => table.rows.map((row) => String(row[table.columns[0].key]));
/** Every answer a finder can give, as the placeholders its links are filled with. */
function answers(finder: FitFinder, tables: SizeTable[]): Array<Record<string, string>> {
  if (finder.method === 'band-cup')
    return sizesOf(tables[0]).flatMap((band) => sizesOf(tables[1]).map((cup) => ({ size: band + cup, band, cup })));
  const joined = tables
    .map(sizesOf)
    .reduce<string[]>(
      (all, sizes) => (all.length ? all.flatMap((a) => sizes.map((s) => a + (finder.join ?? '') + s)) : sizes),
      [],
    );
  return joined.map((size) => ({ size }));
}
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_all, name: string) => values[name]);

describe.each(BRAND_IDS)('the %s size guides and the seed catalog', (brandId) => {
  const brand = brands.get(brandId);
  if (!brand) throw new Error(`no brand ${brandId}`);
  const content = loadBrandContent(join(__dirname, '..', '..', '..', 'brands'), brand.config);
  const categories = catalog.categories.filter((category) => category.storeKey === brandId);
  const products = catalog.products.filter((product) => product.storeKey === brandId);
  const links = content.sizeGuides.flatMap((guide) =>
    (guide.finders ?? []).flatMap((finder) =>
      finder.shop.map((link) => ({
        finder,
        link,
        tables: finder.tables.map((id) => guide.tables.find((table) => table.id === id) as SizeTable),
      })),
    ),
  );

  it('has finders that link somewhere', () => {
    expect(links.length).toBeGreaterThan(0);
  });

  it('sizes real categories, and every category of sized products has a guide', () => {
    const slugs = new Set(categories.map((category) => category.slug['en-US']));
    const named = content.sizeGuides.flatMap((guide) => guide.categories ?? []);
    expect(named.filter((slug) => !slugs.has(slug))).toEqual([]);
    // The category of every product that comes in sizes (not "One Size") reaches a guide
    // through itself or a parent. A product's first category is its own (sale and collections follow).
    const byId = new Map(categories.map((category) => [category.id, category]));
    const sized = (product: (typeof products)[number]) =>
      product.masterVariant.attributes.some(
        (a) => ['size', 'bandSize', 'waist'].includes(a.name) && a.value !== 'One Size',
      );
    const unsized = categories
      .filter((category) => products.some((product) => product.categories[0]?.id === category.id && sized(product)))
      .filter((category) => {
        for (let at: typeof category | undefined = category; at; at = at.parentId ? byId.get(at.parentId) : undefined)
          if (named.includes(at.slug['en-US'])) return false;
        return true;
      })
      .map((category) => category.slug['en-US']);
    expect(unsized).toEqual([]);
  });

  it.each(links.map((entry) => [`${entry.finder.id} -> /c/${entry.link.category}`, entry]))(
    '%s: a real category, filtered by values its products carry',
    (_name, { finder, link, tables }) => {
      // The store's own root category is not part of a listing's path.
      let parent = categories.find((category) => category.parentId === null)?.id ?? '(no root)';
      const path = link.category.split('/').map((slug) => {
        const category = categories.find((c) => c.slug['en-US'] === slug && c.parentId === parent);
        parent = category?.id ?? '(missing)';
        return category ? slug : `${slug} (not a category under its parent)`;
      });
      expect(path).toEqual(link.category.split('/'));
      const below = new Set([parent]);
      for (let grew = true; grew;) {
        grew = false;
        for (const c of categories)
          if (c.parentId && below.has(c.parentId) && !below.has(c.id)) grew = Boolean(below.add(c.id));
      }
      const carried = new Map<string, Set<string>>();
      for (const product of products.filter((p) => p.categories.some((c) => below.has(c.id))))
        for (const variant of [product.masterVariant, ...product.variants])
          for (const { name, value } of variant.attributes) {
            if (!carried.has(name)) carried.set(name, new Set());
            carried.get(name)?.add(String(value));
          }
      const missing = answers(finder, tables)
        .filter((answer) => !link.sizes || link.sizes.includes(answer.size))
        .flatMap((answer) =>
          Object.entries(link.filters ?? {}).flatMap(([name, values]) =>
            (values ?? []).map((value) => `${name}=${fill(value, answer)}`),
          ),
        )
        .filter((filter) => {
          const [name, value] = filter.split('=');
          return !carried.get(name)?.has(value);
        });
      expect(missing).toEqual([]);
    },
  );
});
