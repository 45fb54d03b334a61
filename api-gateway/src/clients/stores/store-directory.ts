import type { BrandId } from '@shop/contracts';
import type { StoreRecord, ZipCentroid } from '../../modules/stores/store-types';

/**
 * What the store locator needs from wherever stores are kept, in our own types. Providers
 * implement it and the index chooses one, so it lives apart from both.
 */
export interface StoreDirectory {
  /** A ZIP code's centroid, or undefined for a code that does not exist. */
  findZip(zip: string): Promise<ZipCentroid | undefined>;
  /** Every store that sells the brand. */
  storesForBrand(brand: BrandId): Promise<StoreRecord[]>;
}
