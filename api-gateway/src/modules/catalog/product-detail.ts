import type { ProductDetail, SuggestResponse } from '@shop/contracts';
import type { CommerceClient } from '../../clients/commerce/commerce-client';
import type { CategoryTree } from './category-tree';
import { PRODUCT_FIELDS } from './product-listing';
import { type RawProduct, toDetail, toSummary } from './product-shapes';

const DETAIL = `query ProductDetail($sku: String, $key: String) {
  product(sku: $sku, key: $key) { key masterStyle storeKey retailerLinks { retailer domain url }
    masterData { current { name(locale: "en-US") description(locale: "en-US") categoriesRef { id }
      allVariants { sku attributesRaw { name value } price(currency: "USD") { value { centAmount } discounted { value { centAmount } } }
        images { url label } availability { noChannel { isOnStock availableQuantity } } } } } } }`;

interface RawDetail {
  key: string;
  masterStyle: string;
  storeKey: string;
  retailerLinks: RawProduct['retailerLinks'];
  masterData: { current: Omit<RawProduct, 'key' | 'masterStyle' | 'retailerLinks'> };
}

/** A product by sku or master style, only if it is sold on this brand. */
export async function productDetail(
  id: string,
  context: { commerce: CommerceClient; tree: CategoryTree; storeKey: string; productBasePath: string; correlationId: string },
): Promise<ProductDetail | undefined> {
  const bySku = /-/.test(id);
  const { product } = await context.commerce.graphql<{ product: RawDetail | null }>(
    'ProductDetail',
    DETAIL,
    bySku ? { sku: id } : { key: id.toLowerCase() },
    { correlationId: context.correlationId },
  );
  if (!product || product.storeKey !== context.storeKey) return undefined;
  const raw: RawProduct = { key: product.key, masterStyle: product.masterStyle, retailerLinks: product.retailerLinks, ...product.masterData.current };
  return toDetail(context.tree, raw, context.productBasePath);
}

const SUGGEST = `query Suggest($store: String, $text: String) {
  productProjectionSearch(storeProjection: $store, text: $text, limit: 5, sorts: ["score desc"]) { results { ${PRODUCT_FIELDS} } } }`;

/** Quick search: up to five products and the categories whose names match. */
export async function suggest(
  q: string,
  context: { commerce: CommerceClient; tree: CategoryTree; storeKey: string; productBasePath: string; correlationId: string },
): Promise<SuggestResponse> {
  const data = await context.commerce.graphql<{ productProjectionSearch: { results: RawProduct[] } }>('Suggest', SUGGEST, { store: context.storeKey, text: q }, {
    correlationId: context.correlationId,
  });
  // A category matches when its name holds any word of the search ("did you mean" for empty results).
  const words = q.toLowerCase().split(/\s+/).filter((word) => word.length >= 3);
  return {
    products: data.productProjectionSearch.results.map((product) => {
      const { key, name, url, image, price, salePrice } = toSummary(context.tree, product, context.productBasePath);
      return { key, name, url, image, price, ...(salePrice ? { salePrice } : {}) };
    }),
    categories: [...context.tree.bySlug.values()]
      .filter((node) => words.some((word) => node.name.toLowerCase().includes(word)))
      .slice(0, 5)
      .map((node) => ({ name: node.name, path: `/c/${node.path}` })),
  };
}
