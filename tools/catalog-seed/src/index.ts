export { generateCatalog } from './generate';
export type { GenerateOptions } from './generate';
export { seedCustomers, legacyHashFor } from './customers';
export { productImageSvg, IMAGE_TYPES, IMAGE_VIEWS } from './svg';
export type { ImageView } from './svg';
export { createRandom, stableId } from './random';
export { TAX_CATEGORIES } from './tax-categories';
export type { Random } from './random';
export type * from './types';
