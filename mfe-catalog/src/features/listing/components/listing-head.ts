import type { ProductListResponse } from '@shop/contracts/browser';
import { useHeadTags } from '@shop/ui';
import { useMemo } from 'react';

type Money = ProductListResponse['results'][number]['price'];
const amount = (money: Money) => (money.centAmount / 10 ** money.fractionDigits).toFixed(money.fractionDigits);

/**
 * SEO for a category listing: description, canonical URL (the category without filters, sort or
 * page) and JSON-LD CollectionPage whose ItemList names the products shown, with their prices.
 */
export function useListingHead(
  listing: ProductListResponse | undefined,
  title: string,
  basePath: string,
  brandName: string,
  origin: string,
) {
  const tags = useMemo(() => {
    if (!listing?.category) return undefined;
    const canonical = new URL(basePath, origin).toString();
    const description = `${title} at ${brandName}: ${listing.total} ${listing.total === 1 ? 'style' : 'styles'}.`;
    return {
      description,
      canonical,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'CollectionPage',
        name: title,
        url: canonical,
        mainEntity: {
          '@type': 'ItemList',
          numberOfItems: listing.total,
          itemListElement: listing.results.map((product, index) => ({
            '@type': 'ListItem',
            position: listing.offset + index + 1,
            url: new URL(product.url, origin).toString(),
            name: product.name,
            item: {
              '@type': 'Product',
              name: product.name,
              url: new URL(product.url, origin).toString(),
              image: new URL(product.image.url, origin).toString(),
              offers: {
                '@type': 'Offer',
                priceCurrency: (product.salePrice ?? product.price).currencyCode,
                price: amount(product.salePrice ?? product.price),
              },
            },
          })),
        },
      },
    };
  }, [listing, title, basePath, brandName, origin]);
  useHeadTags(tags);
}
