export { generateStores } from './generate-stores';
export type { GenerateStoresOptions } from './generate-stores';
export { loadZipTable, zipTableFrom } from './zip-table';
export type { ZipTable } from './zip-table';
export { E2E_ZIPS } from './e2e-zips';
export type * from './types';
