import { searchWithSynonyms } from './synonyms';
import type { ProductDetail, SuggestResponse } from '@shop/contracts';
import type { CommerceClient } from '../../clients/commercetools';
import type { CategoryTree } from '../../shared/category-tree';
import { toDetail, toSummary } from './product-shapes';

/** What an id of a product names: a sku has dashes; a style number has none. */
export const productRef = (id: string): { sku: string } | { style: string } =>
  /-/.test(id) ? { sku: id } : { style: id };

/** A product by sku or style number, only if it is sold on this brand (in its store's assortment). */
export async function productDetail(
  id: string,
  context: {
    commerce: CommerceClient;
    tree: CategoryTree;
    storeKey: string;
    productBasePath: string;
    correlationId: string;
  },
): Promise<ProductDetail | undefined> {
  const product = await context.commerce.getProduct(context.storeKey, productRef(id), {
    correlationId: context.correlationId,
  });
  if (!product) return undefined;
  return toDetail(context.tree, product, context.productBasePath);
}

/** Quick search: up to five products and the categories whose names match. */
export async function suggest(
  q: string,
  context: {
    commerce: CommerceClient;
    tree: CategoryTree;
    storeKey: string;
    productBasePath: string;
    synonyms?: string[][];
    correlationId: string;
  },
): Promise<SuggestResponse> {
  const products = await searchWithSynonyms(
    q,
    context.synonyms ?? [],
    (text, fuzzy) =>
      context.commerce.suggestProducts(context.storeKey, text, { correlationId: context.correlationId }, fuzzy),
    (found) => found.length > 0,
  );
  // A category matches when its name holds any word of the search ("did you mean" for empty results).
  const words = q
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 3);
  return {
    products: products.map((product) => {
      const { key, name, url, image, price, salePrice, priceFrom } = toSummary(
        context.tree,
        product,
        context.productBasePath,
      );
      return { key, name, url, image, price, ...(salePrice ? { salePrice } : {}), ...(priceFrom ? { priceFrom } : {}) };
    }),
    categories: [...context.tree.bySlug.values()]
      .filter((node) => words.some((word) => node.name.toLowerCase().includes(word)))
      .slice(0, 5)
      .map((node) => ({ name: node.name, path: `/c/${node.path}` })),
  };
}
