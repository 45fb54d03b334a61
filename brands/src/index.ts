export { loadBrandCatalog, BrandConfigError } from './loader';
export type { BrandCatalog, LoadedBrand } from './loader';
export { brandConfigSchema, flagDefinitionsSchema } from './schema';
export type { BrandConfig, FlagDefinitions } from './schema';
export { themeToCss } from './theme-css';
export {
  loadBrandContent,
  readBrandContentFiles,
  assembleBrandContent,
  documentNames,
  homeFileName,
} from './content/content-loader';
export type { BrandContent, RawBrandContent, RawEntry } from './content/content-loader';
export { sizeGuideFor, sizeGuideOfCategories } from './content/size-guides';
