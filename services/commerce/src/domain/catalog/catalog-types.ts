import type { SeedCategory, SeedProduct, SeedVariant } from '@shop/catalog-seed';

export type Product = SeedProduct;
export type Variant = SeedVariant;
export type Category = SeedCategory;
