import { stableId } from './random';
import type { SeedTaxCategory, TaxCategoryKey } from './types';

/**
 * The catalog's tax categories, one per kind of goods the tax service treats differently. Every
 * product names one (`Product.taxCategory`); its kind decides which (see kinds.ts).
 */
export const TAX_CATEGORIES: readonly SeedTaxCategory[] = [
  {
    id: stableId('tax-category:clothing'),
    key: 'clothing',
    name: 'Clothing and footwear',
    description: 'Garments, underwear, socks and footwear: exempt, or exempt up to a price, in some states.',
    rates: [],
  },
  {
    id: stableId('tax-category:general'),
    key: 'general',
    name: 'General merchandise',
    description: 'Sporting goods, equipment and everything else: taxed at the full rate.',
    rates: [],
  },
];

/** The reference a product carries to the category with this key. */
export function taxCategoryRef(key: TaxCategoryKey): { typeId: 'tax-category'; id: string } {
  const category = TAX_CATEGORIES.find((entry) => entry.key === key);
  if (!category) throw new Error(`No tax category ${key}`);
  return { typeId: 'tax-category', id: category.id };
}
