import type { ProductDetail, VariantDetail } from '@shop/contracts/browser';
import { useEffect } from 'react';

/** SEO for a product page: description, canonical URL and JSON-LD Product with offers. */
export function useProductHead(product: ProductDetail | undefined, variant: VariantDetail | undefined, brandName: string) {
  useEffect(() => {
    if (!product) return undefined;
    const added: Element[] = [];
    const add = (element: Element) => {
      document.head.appendChild(element);
      added.push(element);
    };
    const description = document.createElement('meta');
    description.setAttribute('name', 'description');
    description.setAttribute('content', product.description.slice(0, 300));
    add(description);
    const canonical = document.createElement('link');
    canonical.setAttribute('rel', 'canonical');
    canonical.setAttribute('href', new URL(product.url, location.origin).toString());
    add(canonical);
    const ld = document.createElement('script');
    ld.setAttribute('type', 'application/ld+json');
    ld.textContent = JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: product.name,
      description: product.description,
      sku: variant?.sku ?? product.masterStyle,
      mpn: product.masterStyle,
      brand: { '@type': 'Brand', name: brandName },
      image: variant?.images.map((i) => new URL(i.url, location.origin).toString()),
      offers: product.variants.map((v) => ({
        '@type': 'Offer',
        sku: v.sku,
        priceCurrency: 'USD',
        price: ((v.salePrice ?? v.price).centAmount / 100).toFixed(2),
        availability: v.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
        url: new URL(product.url.replace(/[^/]+$/, v.sku), location.origin).toString(),
      })),
    }).replace(/</g, '\\u003c');
    add(ld);
    return () => added.forEach((element) => element.remove());
  }, [product, variant, brandName]);
}
