import type { SeedCategory, SeedProduct, SeedVariant } from '@shop/catalog-seed';

/**
 * A product as stored: the seed's shape, with the version and time of its last update once it
 * has one. `published: false` once withdrawn (commercetools `unpublish`); absent means published.
 * The tax category is optional, as in commercetools (the seed and migration 010 give every one).
 */
export type Product = Omit<SeedProduct, 'taxCategory'> &
  Partial<Pick<SeedProduct, 'taxCategory'>> & { version?: number; lastModifiedAt?: string; published?: boolean };

/** Whether shoppers can find the product: current projections and searches hold only these. */
export const isPublished = (product: Product) => product.published !== false;
export type Variant = SeedVariant;
export type Category = SeedCategory;
