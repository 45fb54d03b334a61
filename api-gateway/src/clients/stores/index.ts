import type { BrandId } from '@shop/contracts';
import type { StoreRecord, ZipCentroid } from '../../modules/stores/store-types';
import { createLocalStoreProvider } from './local-provider';

/** What the store locator needs from wherever stores are kept, in our own types. */
export interface StoreDirectory {
  /** A ZIP code's centroid, or undefined for a code that does not exist. */
  findZip(zip: string): Promise<ZipCentroid | undefined>;
  /** Every store that sells the brand. */
  storesForBrand(brand: BrandId): Promise<StoreRecord[]>;
}

/**
 * Which provider answers. Only the local data set exists today; a hosted store API becomes
 * another `provider` value with its own folder here (fetch + reshape into StoreRecord),
 * chosen from gateway config, and nothing above this file changes.
 */
export type StoreDirectoryOptions = { provider: 'local' };

export function createStoreDirectory(options: StoreDirectoryOptions = { provider: 'local' }): StoreDirectory {
  switch (options.provider) {
    case 'local':
      return createLocalStoreProvider();
  }
}
