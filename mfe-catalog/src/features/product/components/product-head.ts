import type { ProductDetail, VariantDetail } from '@shop/contracts/browser';
import { useHeadTags } from '@shop/ui';
import { useMemo } from 'react';

/** SEO for a product page: description, canonical URL (on the brand's canonical origin) and JSON-LD Product with offers. */
export function useProductHead(
  product: ProductDetail | undefined,
  variant: VariantDetail | undefined,
  brandName: string,
  origin: string,
) {
  const tags = useMemo(() => {
    if (!product) return undefined;
    return {
      description: product.description,
      canonical: new URL(product.url, origin).toString(),
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.name,
        description: product.description,
        sku: variant?.sku ?? product.masterStyle,
        mpn: product.masterStyle,
        brand: { '@type': 'Brand', name: brandName },
        image: variant?.images.map((i) => new URL(i.url, origin).toString()),
        offers: product.variants.map((v) => ({
          '@type': 'Offer',
          sku: v.sku,
          priceCurrency: 'USD',
          price: ((v.salePrice ?? v.price).centAmount / 100).toFixed(2),
          availability: v.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
          url: new URL(product.url.replace(/[^/]+$/, v.sku), origin).toString(),
        })),
      },
    };
  }, [product, variant, brandName, origin]);
  useHeadTags(tags);
}
