import type { CategoryTree } from './category-tree';

export const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A picture on the asset host: `images/{type}/{hex}-{view}.svg`, or `{hex}.svg` as older seeds name a front. */
const ASSET_IMAGE = /\/images\/([a-z-]+)\/(([0-9a-f]{6})(?:-[a-z]+)?)\.svg$/;

/** Images come from the commerce platform's asset host; the browser loads them through /media. */
export function mediaUrl(url: string): string {
  const match = ASSET_IMAGE.exec(url);
  return match ? `/media/${match[1]}/${match[2]}.svg` : url;
}

/** The colour an asset-host picture is drawn in (its file name says), as `#rrggbb`; undefined for any other image. */
export function imageColour(url: string): string | undefined {
  const hex = ASSET_IMAGE.exec(url)?.[3];
  return hex ? `#${hex}` : undefined;
}

/** The deepest of a product's categories that belongs to the brand's tree. */
export function leafCategory(tree: CategoryTree, categoryIds: string[]) {
  const nodes = categoryIds.map((id) => tree.byId.get(id)).filter((n): n is NonNullable<typeof n> => Boolean(n));
  return nodes.sort((a, b) => b.path.split('/').length - a.path.split('/').length)[0];
}

/**
 * A product page as the brand routes it (SPEC §2 `/p/{category}/{name}/{sku or masterStyle}`,
 * `/rr/p/...` where the brand's productBasePath says so).
 */
export function productPagePath(
  tree: CategoryTree,
  product: { categoryIds: string[]; name: string },
  id: string,
  productBasePath: string,
): string {
  const leaf = leafCategory(tree, product.categoryIds);
  return `${productBasePath.replace(/\/$/, '')}/${leaf?.slug ?? 'shop'}/${slugify(product.name)}/${id}`;
}

/** What a shopper chooses between, labelled, in the order pages show them. */
export const OPTION_LABELS: Record<string, string> = {
  color: 'Colour',
  size: 'Size',
  bandSize: 'Band',
  cupSize: 'Cup',
  waist: 'Waist',
  length: 'Length',
  bust: 'Bust',
};
export const OPTION_ORDER = ['color', 'bandSize', 'cupSize', 'size', 'waist', 'length', 'bust'];
