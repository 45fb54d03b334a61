import type { SeedCategory, SeedProduct, SeedVariant } from '@shop/catalog-seed';

/** A product as stored: the seed's shape, with the version and time of its last update once it has one. */
export type Product = SeedProduct & { version?: number; lastModifiedAt?: string };
export type Variant = SeedVariant;
export type Category = SeedCategory;
