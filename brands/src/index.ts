export { loadBrandCatalog, BrandConfigError } from './loader';
export type { BrandCatalog, LoadedBrand } from './loader';
export { brandConfigSchema, flagDefinitionsSchema } from './schema';
export type { BrandConfig, FlagDefinitions } from './schema';
export { themeToCss } from './theme-css';
