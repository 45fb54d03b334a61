export { generateCatalog } from './generate';
export type { GenerateOptions } from './generate';
export { seedCustomers, legacyHashFor } from './customers';
export { productImageSvg, IMAGE_TYPES } from './svg';
export { stableId } from './random';
export type * from './types';
