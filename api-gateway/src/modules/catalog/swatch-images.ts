import type { CommerceClient, CommerceProduct } from '../../clients/commercetools';
import { variantsByColour } from './product-shapes';

/**
 * A listing's products carry no variant pictures (every size repeats its colour's), but each
 * card's swatches show every colour's front picture. One more request asks for the pictures of
 * the first variant of each colour after the master variant's (the listing has that one), and
 * the products come back with those variants' pictures filled in.
 */
export async function withSwatchImages(
  products: CommerceProduct[],
  context: { commerce: CommerceClient; storeKey: string; correlationId: string },
): Promise<CommerceProduct[]> {
  const skus = products.flatMap((product) =>
    [...variantsByColour(product.variants).values()].slice(1).map((variants) => variants[0].sku),
  );
  if (skus.length === 0) return products;
  const images = await context.commerce.getVariantImages(context.storeKey, skus, {
    correlationId: context.correlationId,
  });
  return products.map((product) => ({
    ...product,
    variants: product.variants.map((variant) => {
      const found = images.get(variant.sku);
      return found ? { ...variant, images: found } : variant;
    }),
  }));
}
